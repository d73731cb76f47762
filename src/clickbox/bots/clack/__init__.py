"""What Click Clack's bots know: the ``hard`` search (:mod:`.search`)."""
