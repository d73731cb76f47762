"""Each game's own levers, read from a finished game's full view: what a designer tunes.

A lever is a number per finished game (a mean over the seats where it is per seat), so that
the analysis can average it and give its interval: That's Pretty Clever's points per area and
its foxes, Clickety Clack's rows, penalties and the end that fired, Click Click Boom's coins,
eliminations and each character's wins, Click Clack's discs per kind and the end that fired.
A finished game's record is public (``GameBase.full_view``, with its events), so nothing here
is hidden from anyone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Outcome, View

Levers = dict[str, float]


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def clever(view: View, outcome: Outcome) -> Levers:
    """Points per area, fox points and foxes, rerolls and +1s used (means over the seats)."""
    sheets = view["sheets"]
    levers: Levers = {}
    for area in ("yellow", "blue", "green", "orange", "purple", "foxes"):
        levers[f"points: {area}"] = _mean([float(s["score"][area]) for s in sheets])
    levers["foxes"] = _mean([float(s["foxes"]) for s in sheets])
    levers["rerolls used"] = _mean([float(s["rerolls"]["used"]) for s in sheets])
    levers["+1s used"] = _mean([float(s["plus_ones"]["used"]) for s in sheets])
    levers["rerolls left"] = _mean(
        [float(s["rerolls"]["circled"] - s["rerolls"]["used"]) for s in sheets]
    )
    # the bonuses that resolved without a choice (the view's events), per seat: the chains
    events = [e for e in view.get("events", []) if e["seat"] != "all"]
    levers["bonuses without a choice"] = len(events) / len(sheets)
    levers["bonuses lost for want of room"] = sum(1 for e in events if e["lost"]) / len(sheets)
    for kind in ("fox", "reroll", "plus1"):
        levers[f"bonus: {kind}"] = sum(1 for e in events if e["bonus"] == kind) / len(sheets)
    return levers


def clickety(view: View, outcome: Outcome) -> Levers:
    """Numbers written per row, full rows, penalties and rounds played."""
    boards = view["boards"]
    levers: Levers = {}
    for row in range(len(boards[0]["rows"])):
        levers[f"row {row + 1} numbers"] = _mean([float(len(b["rows"][row])) for b in boards])
    spaces = view["board"]["spaces"]
    levers["full rows"] = _mean(
        [float(sum(1 for row in b["rows"] if len(row) >= spaces)) for b in boards]
    )
    levers["penalties"] = _mean([float(b["penalties"]) for b in boards])
    levers["rounds"] = float(view["round"])
    return levers


def boom(view: View, outcome: Outcome) -> Levers:
    """Coins at the end, eliminations, shootouts, and each character's share of the wins."""
    seats = view["seats"]
    levers: Levers = {"eliminated": _mean([0.0 if s["alive"] else 1.0 for s in seats])}
    if view["mode"] == "full":
        levers["coins"] = _mean([float(s["coins"]["value"]) for s in seats])
        levers["pot left"] = float(view["pot"]["value"])
    levers["shootouts played"] = float(len(view["results"]))
    flows: dict[str, float] = {}
    for event in view.get("events", []):
        flows[event["event"]] = flows.get(event["event"], 0.0) + float(event["amount"] or 0)
        flows[f"{event['event']} (times)"] = flows.get(f"{event['event']} (times)", 0.0) + 1
    for kind in ("ante", "pay", "steal", "dues", "loot"):  # coins moved per game, by cause
        if view["mode"] == "full":
            levers[f"coins moved: {kind}"] = flows.get(kind, 0.0)
    for kind in ("boom", "saved", "steal-blocked", "forced-left", "forced-right"):
        levers[f"times: {kind}"] = flows.get(f"{kind} (times)", 0.0)
    for seat, data in enumerate(seats):
        character = data.get("character")
        if character:
            levers[f"win rate: {character}"] = 1.0 if seat in outcome.winners else 0.0
            levers[f"ability used: {character}"] = 1.0 if data["ability"] == "used" else 0.0
    return levers


def clack(view: View, outcome: Outcome) -> Levers:
    """Discs collected per kind and in all, and the discs left under the board."""
    levers: Levers = {}
    for kind in ("hazelnut", "blueberry", "chestnut", "fir-cone"):
        levers[f"discs: {kind}"] = _mean([float(d[kind]) for d in view["discs"]])
    levers["discs"] = _mean([float(d["total"]) for d in view["discs"]])
    levers["discs left under the board"] = float(view["on_board"])
    return levers


def running_scores(key: str, view: View) -> list[float] | None:
    """Each seat's score so far, as the view shows it (None for a game that shows none): what
    the lead changes and the moment the winner is known are read from."""
    if key == "clever":
        return [float(sheet["score"]["total"]) for sheet in view["sheets"]]
    if key == "clickety":
        return [float(board["score"]) for board in view["boards"]]
    if key == "boom" and view["mode"] == "full":
        return [float(seat["coins"]["value"]) for seat in view["seats"]]
    if key == "clack":
        return [float(discs["total"]) for discs in view["discs"]]
    return None


LEVERS: dict[str, Callable[[View, Outcome], Levers]] = {
    "clever": clever,
    "clickety": clickety,
    "boom": boom,
    "clack": clack,
}
"""The lever reader of each game, by the game's key."""


RATE_LEVERS = ("win rate: ", "ability used: ")
"""The prefixes of levers that are 0 or 1 per game (a share of games: Wilson intervals)."""


def is_rate(name: str) -> bool:
    """Whether the lever ``name`` is 0 or 1 per game, a share of the games it was measured in."""
    return name.startswith(RATE_LEVERS)


def characters_of(key: str, view: View) -> list[str | None] | None:
    """The character each seat played (None: none), from a finished game's full view; None for
    a game without characters (only Click Click Boom has them)."""
    if key != "boom":
        return None
    return [seat.get("character") or None for seat in view["seats"]]


def levers_of(key: str, view: dict[str, Any], outcome: Outcome) -> Levers:
    """The levers of a finished game of the game ``key`` (none for a game without a reader)."""
    reader = LEVERS.get(key)
    return reader(view, outcome) if reader is not None else {}
