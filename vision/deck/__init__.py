"""A family's own deck: its corner crops stored once, read by nearest prototypes at play time."""
