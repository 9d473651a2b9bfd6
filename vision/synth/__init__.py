"""Synthetic table scenes from the installed deck art (training and test data for the recogniser)."""
