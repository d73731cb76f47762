"""The ``clickbox`` command line. Only this layer prints."""
