"""Command-line entry point of the Nain Jaune table companion."""
