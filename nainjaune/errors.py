"""Errors a command reports to the user as one clear line (never a traceback)."""


class CliError(Exception):
    """A problem with the user's input or environment, worded for the user."""
