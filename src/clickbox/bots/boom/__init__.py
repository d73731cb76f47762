"""What Click Click Boom's bots know: the ``hard`` search (:mod:`.search`)."""
