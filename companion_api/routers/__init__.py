"""HTTP and WebSocket routes: each one parses input, calls `TableService`, and returns its answer."""
