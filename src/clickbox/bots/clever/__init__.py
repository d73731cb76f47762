"""What That's Pretty Clever's bots know: the ``hard`` search (:mod:`.search`)."""
