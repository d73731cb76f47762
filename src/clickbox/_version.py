"""The package version, recorded in every game record."""

__version__ = "0.1.0"
