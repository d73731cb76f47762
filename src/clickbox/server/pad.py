"""The score pad's HTTP side: the pads the page offers, with the facts it checks and scores by
itself (``GET /api/pad``), and a filled sheet or a quick count scored by the engine's pad
(``POST /api/pad/score``). The page works without the server once open; the API is for other
clients and for checking the page against the engine."""

from __future__ import annotations

import functools
from typing import Any, Final

from ..core import ClickboxError, OptionError, SheetError, UnknownGameError
from ..core.i18n import t
from ..games import load

PADS: Final = (
    ("clever", "That's Pretty Clever"),
    ("clickety-clack(side=A)", "Clickety Clack (A side)"),
    ("clickety-clack(side=B)", "Clickety Clack (B side)"),
    ("click-click-boom", "Click Click Boom (coin count)"),
)
"""The pads the page offers: a game spec and its name on the page."""
MAX_SPEC: Final = 200
MAX_SHEET: Final = 4000
"""The longest sheet text scored (a full sheet is about 200 characters)."""


@functools.cache
def pads() -> list[dict[str, Any]]:
    """Each pad: its game, player counts, the text forms and the facts the page needs (the
    same for every request: built once)."""
    found = []
    for spec, label in PADS:
        game = load(spec)
        found.append(
            {
                "spec": spec,
                "label": label,
                "name": game.name,
                "key": game.key,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "sheet_format": game.sheet_format,
                "quick_format": game.quick_format,
                "facts": game.pad_facts(),
            }
        )
    return found


class PadError(ClickboxError):
    """A request the pad cannot score; ``where`` names the sheet's area and box at fault."""

    def __init__(self, message: str, where: dict[str, str | None] | None = None) -> None:
        super().__init__(message)
        self.where = where or {}


def score(body: dict[str, Any]) -> dict[str, Any]:
    """The score card of ``body``'s sheet: ``{"spec", "players", "text", "quick"}``."""
    spec, players, text, quick = (body.get(k) for k in ("spec", "players", "text", "quick"))
    if not isinstance(spec, str) or len(spec) > MAX_SPEC:
        specs = ", ".join(s for s, _ in PADS)
        raise PadError(t("spec must be a game's spec, e.g. {specs}", specs=specs))
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
        raise PadError(t("players must be a whole number"))
    if not isinstance(text, str) or len(text) > MAX_SHEET:
        raise PadError(t("text must be the sheet, at most {limit} characters", limit=MAX_SHEET))
    if not isinstance(quick, bool | None):
        raise PadError(t("quick must be true or false"))
    try:
        game = load(spec, players=players)
        if not game.sheet_format:
            raise PadError(t("{game} has no score pad", game=game.name))
        card = game.score_quick(text) if quick else game.score_sheet(text)
    except SheetError as exc:
        raise PadError(str(exc), {"area": exc.area, "box": exc.box}) from None
    except (OptionError, UnknownGameError, NotImplementedError) as exc:
        raise PadError(str(exc)) from None
    return card.to_json()
