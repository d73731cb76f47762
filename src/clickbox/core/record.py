"""Game records: the save format, the simulation output and the test fixture.

A record is JSON::

    {"format": "clickbox-record/1", "game": "clickety-clack(players=2)",
     "seats": ["human", "greedy"], "seed": 7, "actions": ["r6", "r5", ..., "6+5>3", ...],
     "outcome": {"scores": [51, 40], "winners": [0], "reason": "..."},
     "version": "0.1.0", "meta": {}}

Every chance outcome is in ``actions``, so replaying needs no RNG. A full record holds the whole
truth of the game; what a seat may download is built from its views.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._version import __version__
from .errors import ClickboxError, RecordError
from .i18n import t
from .play import play
from .protocol import GameBase, Outcome, StateBase

FORMAT = "clickbox-record/1"


@dataclass(frozen=True)
class GameRecord:
    """One game: its spec, seats, seed, every action in notation, and the outcome."""

    game: str
    seats: tuple[str, ...]
    seed: int | None
    actions: tuple[str, ...]
    outcome: Outcome | None
    version: str = __version__
    meta: Mapping[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data."""
        return {
            "format": FORMAT,
            "game": self.game,
            "seats": list(self.seats),
            "seed": self.seed,
            "actions": list(self.actions),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "version": self.version,
            "meta": dict(self.meta),
        }

    def dumps(self) -> str:
        """One line of JSON."""
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read plain data; a RecordError says what is missing or wrong."""
        if not isinstance(data, dict):
            raise RecordError(t("a record must be a JSON object"))
        if data.get("format") != FORMAT:
            raise RecordError(
                t("not a clickbox record (format {format})", format=repr(data.get("format")))
            )
        try:
            actions = data["actions"]
            if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
                raise RecordError(t("'actions' must be a list of strings"))
            outcome = data.get("outcome")
            return cls(
                game=str(data["game"]),
                seats=tuple(str(s) for s in data["seats"]),
                seed=None if data.get("seed") is None else int(data["seed"]),
                actions=tuple(actions),
                outcome=None if outcome is None else Outcome.from_json(outcome),
                version=str(data.get("version", "")),
                meta={str(k): str(v) for k, v in dict(data.get("meta") or {}).items()},
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, RecordError):
                raise
            raise RecordError(t("malformed record: {error}", error=repr(exc))) from None

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse one JSON record."""
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise RecordError(t("not JSON: {error}", error=exc)) from None


def replay(record: GameRecord, game: GameBase, upto: int | None = None) -> StateBase:
    """Rebuild the game from its actions (checked), stopping after ``upto`` moves if given.

    An illegal or unreadable action raises RecordError naming the move number (1-based).
    """
    if len(record.seats) != game.num_players:
        raise RecordError(
            t(
                "{seats} seats for a {players}-player game",
                seats=len(record.seats),
                players=game.num_players,
            )
        )
    state = game.new_initial_state()
    for number, text in enumerate(record.actions[:upto], start=1):
        try:
            play(state, text)
        except ClickboxError as exc:
            raise RecordError(
                t("move {number} ({move}): {error}", number=number, move=repr(text), error=exc),
                move_number=number,
            ) from None
    return state


def views_digest(game: GameBase, actions: list[str]) -> str:
    """The sha256 of every seat's and a spectator's view after every action of a game.

    Golden tests pin it: it changes whenever anything any seat sees changes.
    """
    state = game.new_initial_state()
    seats = [None, *range(game.num_players)]
    digest = hashlib.sha256()
    for text in actions:
        play(state, text)
        for seat in seats:
            digest.update(json.dumps(state.view(seat), sort_keys=True).encode())
    return digest.hexdigest()


def check_record(record: GameRecord, game: GameBase) -> StateBase:
    """Replay the whole record and check that it ends as recorded; raise RecordError if not."""
    state = replay(record, game)
    outcome = state.outcome()
    if record.outcome is not None and outcome != record.outcome:
        got = t("unfinished") if outcome is None else outcome.to_json()
        raise RecordError(
            t(
                "outcome mismatch: the record says {recorded}, the replay gives {got}",
                recorded=record.outcome.to_json(),
                got=got,
            )
        )
    return state


def read_records(path: Path) -> Iterator[GameRecord]:
    """The records of a file: one JSON record, a JSON list of records, or JSONL (one per line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(t("cannot read {path}: {error}", path=path, error=exc)) from None
    if not text.strip():
        raise RecordError(t("{path} is empty", path=path))
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None  # not one JSON document: read it as JSONL
    if isinstance(data, list):
        for number, item in enumerate(data, start=1):
            try:
                yield GameRecord.from_json(item)
            except RecordError as exc:
                raise RecordError(
                    t("{path}, record {number}: {error}", path=path, number=number, error=exc)
                ) from None
        return
    if data is not None:
        yield GameRecord.from_json(data)
        return
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield GameRecord.loads(line)
        except RecordError as exc:
            raise RecordError(
                t("{path}, line {number}: {error}", path=path, number=line_number, error=exc)
            ) from None
