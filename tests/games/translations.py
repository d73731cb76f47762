"""What the games' translation tests share: a catalog's own text for a message, and a seeded
random game played to its end."""

from __future__ import annotations

import gettext
import random

from clickbox.core import CHANCE, TERMINAL, GameBase, StateBase, sample_chance
from clickbox.core.i18n import LOCALE_DIR


def catalog_text(domain: str, lang: str, message: str) -> str:
    """``message`` as the ``domain`` catalog of ``lang`` has it (read with gettext alone)."""
    return gettext.translation(domain, localedir=LOCALE_DIR, languages=[lang]).gettext(message)


def says(domain: str, lang: str, message: str, **fields: object) -> str:
    """What the ``domain`` catalog of ``lang`` makes of ``message`` (it must translate it)."""
    text = catalog_text(domain, lang, message)
    assert text != message, f"{lang} does not translate {message!r}"
    return text.format(**fields)


def random_game(game: GameBase, seed: int) -> StateBase:
    """A game of random legal moves (and seeded chance) played to its end."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state
