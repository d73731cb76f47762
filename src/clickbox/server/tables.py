"""A live table: the lobby entry, its game in progress, and the fold of its event log.

Nothing here does input or output. The hub (``hub.py``) validates a request against a
``LiveTable``, lets it change the state, stores the event it returns, and only then tells anyone.
At startup the same ``apply_event`` replays the stored log, so a rebuilt table is the live one.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict, deque
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..core import (
    Action,
    ClickboxError,
    GameBase,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    Line,
    Match,
    Narration,
    NotYourTurnError,
    OptionError,
    check,
    i18n,
)
from ..core.i18n import t, tn
from ..core.play import why_illegal
from ..storage import Event, SeatRow, TableRow
from .limits import Limits

CHAT_KEPT = 100
ERROR_REPLIES_KEPT = 256
REPLIES_KEPT = 512
PAST_KEPT = 50
SEED_BITS = 63
REMATCH_SECONDS = 600.0
"""How long after a game ends another game may be asked for (``LiveTable.rematch_closed``)."""


class TableError(Exception):
    """A request the table refuses: ``code`` for programs, the message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class TableSettings:
    """How a table plays besides the game's own options."""

    public: bool = True
    grace_policy: str = "wait"
    """What a seat that stays disconnected past ``grace_seconds`` gets: "wait" or "bot"."""
    grace_seconds: float = 60.0
    takeover: str = "medium"
    """The bot level that plays for a seat taken over (and for a seat whose clock ran out)."""
    turn_seconds: float = 0.0
    """A per-decision clock (0: none). When it runs out, the ``takeover`` bot decides."""
    bank_seconds: float = 0.0
    """A time bank per seat for the whole game (0: none), running while the game waits on the
    seat. When it runs out, the ``takeover`` bot makes that decision and the seat's bank is
    empty: from then on it has only ``increment_seconds`` for each decision."""
    increment_seconds: float = 0.0
    """Added to a seat's bank after each decision it makes (with ``bank_seconds`` only)."""
    rated: bool = True
    """Whether the game changes the ratings of the signed-in players (``ratings.py``)."""
    accounts_only: bool = False
    """Whether only signed-in players may take a seat."""

    @classmethod
    def from_json(cls, data: Any) -> TableSettings:
        """Read settings from a request or the database; OptionError says what is wrong."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise OptionError(t("settings must be an object"))
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise OptionError(
                t("unknown table setting(s): {names}", names=", ".join(sorted(unknown)))
            )
        settings = cls()
        values: dict[str, Any] = {}
        for key, value in data.items():
            default = getattr(settings, key)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise OptionError(t("{setting} must be true or false", setting=key))
            elif isinstance(default, float):
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise OptionError(t("{setting} must be a number of seconds", setting=key))
                if not 0 <= value <= 86_400:
                    raise OptionError(
                        t("{setting} must be between 0 and 86400 seconds", setting=key)
                    )
                value = float(value)
            elif not isinstance(value, str):
                raise OptionError(t("{setting} must be text", setting=key))
            values[key] = value
        result = replace(settings, **values)
        if result.grace_policy not in ("wait", "bot"):
            raise OptionError(t('grace_policy must be "wait" or "bot"'))
        if result.turn_seconds and result.turn_seconds < 1:
            raise OptionError(t("turn_seconds must be 0 (no clock) or at least 1"))
        if result.bank_seconds and result.bank_seconds < 1:
            raise OptionError(t("bank_seconds must be 0 (no time bank) or at least 1"))
        if result.bank_seconds and result.turn_seconds:
            raise OptionError(
                t("a table has either a time bank (bank_seconds) or a turn clock (turn_seconds)")
            )
        if result.increment_seconds and not result.bank_seconds:
            raise OptionError(t("increment_seconds needs a time bank (bank_seconds)"))
        return result

    def to_json(self) -> dict[str, Any]:
        """Plain data (stored, and shown to everyone: nothing here is secret)."""
        return asdict(self)


@dataclass(frozen=True)
class Mark:
    """A decision not made by the seat's own player: a takeover, its end, or a clock's move."""

    seat: int
    move: int
    kind: str
    """ "takeover", "return" or "clock"."""
    bot: str | None = None


class LiveTable:
    """One table in memory. Every change goes through ``apply_event`` (live and on rebuild)."""

    def __init__(self, row: TableRow, game: GameBase) -> None:
        self.id = row.id
        self.invite = row.invite
        self.game = game
        self.settings = TableSettings.from_json(row.settings)
        self.seats: list[SeatRow] = list(row.seats)
        self.status = row.status
        self.created_at = row.created_at
        self.secret = row.secret
        """Never shown: the tokens of joins with a request id are derived from it."""
        self.touched = time.monotonic()
        """When a request last used the table (an idle table leaves memory)."""
        self.evicted = False
        """True once the hub has dropped this object (the table is loaded again on demand)."""
        self.game_number = 0
        self.seq = 0
        self.match: Match | None = None
        self.deadline: float | None = None
        self.pending: dict[int, Action] = {}
        """Simultaneous commitments taken before their seat's turn, applied in seat order."""
        self.step_version: int | None = None
        """The version at which the open simultaneous step began (None outside one)."""
        self.away: dict[int, str] = {}
        """Seats a bot plays while their player is away: seat -> bot level."""
        self.marks: list[Mark] = []
        self.banks: list[float] = []
        """Each seat's time bank (``TableSettings.bank_seconds``) besides the decision under
        way: the seat ``clock_seat`` has until ``deadline`` for it (stored with each event)."""
        self.clock_seat: int | None = None
        self.timeouts: list[tuple[int, int]] = []
        """This game's moves a clock made: (their place in the log, the seat), said in words."""
        self.spectator_chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        """The spectators' chat (not stored: anyone may watch, so it stays in memory, bounded)."""
        self.spectator_lines = 0
        """Spectators' lines posted here since the table came into memory (a cap)."""
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.replies: OrderedDict[tuple[int, str], dict[str, Any]] = OrderedDict()
        """The first reply to each recent request, by (seat, request id): a client resends only
        its latest requests, so the oldest are dropped past ``REPLIES_KEPT``."""
        self.error_replies: OrderedDict[tuple[int, str], dict[str, Any]] = OrderedDict()
        self.spectators = 0
        """Open connections without a seat (not stored)."""
        self.connected: dict[int, int] = {}
        """Open connections per seat (presence; not stored)."""
        self.undoable: list[int] = []
        """The seats of the latest moves that may be taken back, oldest first: each a seat's own
        move (not a bot's or a clock's) with nothing revealed after it (no chance, no other seat's
        move). Only the seat of the last one may undo, one move at a time."""
        self.undo_blocked: dict[int, str] = {}
        """Why a seat's latest own move of this game cannot be taken back: "revealed" (it
        revealed something: dice, a card) or "moved_on" (another seat has moved since)."""
        self.rematch: set[int] = set()
        """The human seats that have asked for another game after this one ended."""
        self.conceded: set[int] = set()
        """The seats whose player gave this game up: the takeover bot plays them to the end
        (the seat is unrated, ``ratings.finish``), and their player's moves are refused."""
        self.ended: dict[str, Any] | None = None
        """How an abandoned table ended: ``reason`` ("host": its host ended the game, "idle":
        nobody played for long, "left": everyone left before the start) and ``by`` (a name)."""
        self.finished_at: float | None = None
        """When the current game ended (wall clock): another game may be asked for until
        ``REMATCH_SECONDS`` later."""
        self.left_at: dict[int, float] = {}
        """When each seat's last connection closed (wall clock; not stored: a rebuilt table
        counts from its rebuild)."""
        self.game_seq = 0
        """The ``seq`` of this game's start (0 before the first): its events come after it."""
        self.undos: dict[int, int] = {}
        """This game's undos, per seat (``Limits.undos_per_seat``)."""
        self.chat_lines: dict[int | None, int] = {}
        """This game's chat lines per seat, from its start to the next game's (before the first
        game: the lobby's; ``Limits.chat_per_seat``, ``chat_per_table``)."""
        self.past: list[dict[str, Any]] = []
        """The finished games of this table, oldest first: number, scores, winners, record."""
        self.narrations: dict[tuple[int | None, str], Narration] = {}
        """Each viewer's log told in words in each language, fed as the game goes (frames
        carry new lines)."""
        self.words_sent: dict[tuple[int | None, str], list[Line]] = {}
        """The lines each viewer's last state frame in each language brought it up to."""
        self._cache_key: tuple[int, str, int, tuple[tuple[int, Action], ...]] | None = None
        self._awaiting: tuple[int, ...] = ()
        self._legal: dict[int, list[Action]] = {}

    # -- what anyone may know -----------------------------------------------------------------

    @property
    def version(self) -> int:
        """The number of actions applied in the current game (0 before the first start)."""
        return 0 if self.match is None else self.match.state.state_id

    def narration(self, viewer: int | None) -> Narration:
        """The viewer's narrated log in the current language (a new game's log starts it
        afresh by itself)."""
        key = (viewer, i18n.language())
        narration = self.narrations.get(key)
        if narration is None:
            narration = self.narrations[key] = Narration(self.game, viewer)
        return narration

    def seat_label(self, seat: int) -> str:
        """The seat's name in records: its player's name, or ``bot:LEVEL``."""
        row = self.seats[seat]
        if row.kind == "bot":
            return f"bot:{row.bot}"
        return row.name or f"seat {seat}"

    def host(self) -> int | None:
        """The host's seat: the first human seat with a player (the creator takes the first;
        when the host leaves an open table, the next seated human is host), else the first
        human seat."""
        humans = [row for row in self.seats if row.kind == "human"]
        taken = next((row.seat for row in humans if row.taken), None)
        return taken if taken is not None else next((row.seat for row in humans), None)

    def bot_for(self, seat: int) -> str | None:
        """The bot level or spec that plays this seat now, or None for a human."""
        row = self.seats[seat]
        if row.kind == "bot":
            return row.bot
        return self.away.get(seat)

    def awaiting(self) -> tuple[int, ...]:
        """The seats that may act now: the seat to move, or every seat of a simultaneous step
        that has not committed yet (in the order the game takes them)."""
        self._refresh()
        return self._awaiting

    def committed(self) -> tuple[int, ...]:
        """Seats whose simultaneous commitment waits for its turn (who, never what)."""
        return tuple(sorted(self.pending))

    def legal(self, seat: int) -> list[Action]:
        """The legal actions of an awaited seat (empty for any other)."""
        self._refresh()
        return self._legal.get(seat, [])

    def _refresh(self) -> None:
        # The game number and status too: a new game may start at the version the last one
        # (or the table before its first game) was cached at.
        key = (self.game_number, self.status, self.version, tuple(sorted(self.pending.items())))
        if key == self._cache_key:
            return
        self._cache_key = key
        self._awaiting, self._legal = (), {}
        if self.match is None or self.status != "playing":
            return
        state = self.match.state
        mover = state.current_player()
        if mover < 0:
            return
        step = state.simultaneous_seats()
        if not step:
            self._awaiting, self._legal = (mover,), {mover: state.legal_actions()}
            return
        # Walk the step on a copy: each seat's options do not depend on the others' choices
        # (a conformance test checks it), so any legal stand-in choice will do.
        probe = state.clone()
        legal: dict[int, list[Action]] = {}
        while (seat := probe.current_player()) in step and seat not in legal:
            options = legal[seat] = probe.legal_actions()
            choice = self.pending.get(seat)
            probe.apply(choice if choice in options else options[0])
        self._legal = {s: a for s, a in legal.items() if s not in self.pending}
        self._awaiting = tuple(self._legal)

    # -- requests (checked here, applied by apply_event) ----------------------------------------

    def check_act(self, seat: int, action: object, expected_version: object) -> Action:
        """The action code of a seat's request, or TableError saying why it is refused."""
        if self.match is None or self.status == "open":
            raise TableError("not_started", t("the game has not started yet"))
        if self.status == "finished":
            raise TableError("game_over", t("the game is over"))
        if self.status == "abandoned":
            raise TableError("game_over", t("the game was abandoned"))
        if isinstance(action, bool) or not isinstance(action, (str, int)):
            raise TableError("invalid", t("'action' must be the move in the game's notation"))
        if isinstance(expected_version, bool) or not isinstance(expected_version, int):
            raise TableError("invalid", t("'version' must be the version of the state you saw"))
        try:
            code = self.game.parse_action(action) if isinstance(action, str) else action
        except ClickboxError as exc:
            raise TableError("invalid", str(exc)) from None
        awaiting = self.awaiting()
        if seat in self.pending:
            raise TableError("already_committed", t("you have already made your choice this step"))
        if seat not in awaiting:
            if awaiting:
                who = ", ".join(str(s + 1) for s in awaiting)  # seats numbered from 1
                text = t("it is not seat {seat}'s turn (waiting for {who})", seat=seat + 1, who=who)
            else:
                text = t("it is not seat {seat}'s turn (waiting for nobody)", seat=seat + 1)
            raise TableError("not_your_turn", text)
        if not self._fresh(seat, expected_version):
            raise TableError(
                "stale",
                t(
                    "the move was chosen at version {chosen}, but the game is at version {version}",
                    chosen=expected_version,
                    version=self.version,
                ),
            )
        if code not in self.legal(seat):
            state = self.match.state
            if seat == state.current_player():
                try:
                    check(state, code, seat)  # the checked path says why
                except ClickboxError as exc:
                    text = str(exc)
                    if type(exc) is IllegalActionError:  # in words, not the page's notation
                        words = self._words(code, action)
                        reason = why_illegal(state, code)
                        text = t(
                            "not possible now: {action} ({reason})", action=words, reason=reason
                        )
                    raise TableError(error_code(exc), text) from None
            raise TableError(
                "illegal",
                t("not one of your choices now: {action}", action=self._words(code, action)),
            )
        return code

    def _words(self, code: Action, action: object) -> str:
        """The move in words, or as it was sent where it is no move of this game at all (a code
        that parses but names nothing: the game has no words for it)."""
        try:
            return self.game.describe_action(code)
        except ClickboxError:
            return str(action)

    def can_undo(self, seat: int | None) -> bool:
        """Whether ``seat`` may take back its last move (or its simultaneous choice held here)."""
        if seat is None or self.status != "playing" or self.match is None:
            return False
        if seat in self.conceded:
            return False
        return seat in self.pending or bool(self.undoable and self.undoable[-1] == seat)

    def check_undo(self, seat: int, limits: Limits | None = None) -> None:
        """TableError unless ``seat`` may undo now, saying why (``limits``: how many undos a
        seat, and how many events a game, may have)."""
        if self.status != "playing":
            raise TableError("conflict", t("there is no game in play to undo a move of"))
        if not self.can_undo(seat):
            raise TableError(
                "cannot_undo",
                t(
                    "there is no move of yours to take back: a move can be undone only until "
                    "something new is revealed (a roll, a card, another player's move)"
                ),
            )
        if limits is None:
            return
        most = limits.undos_per_seat
        if most and self.undos.get(seat, 0) >= most:
            raise TableError(
                "limit_reached",
                tn(
                    "you have taken back {n} move in this game: no more undos",
                    "you have taken back {n} moves in this game: no more undos",
                    most,
                ),
            )
        self._check_events(limits)

    def check_chat(self, seat: int, limits: Limits) -> None:
        """TableError unless ``seat`` may post another chat line in this game, saying why."""
        per_seat, per_table = limits.chat_per_seat, limits.chat_per_table
        if per_seat and self.chat_lines.get(seat, 0) >= per_seat:
            raise TableError(
                "limit_reached",
                tn(
                    "you have posted {n} chat line in this game: no more",
                    "you have posted {n} chat lines in this game: no more",
                    per_seat,
                ),
            )
        if per_table and sum(self.chat_lines.values()) >= per_table:
            raise TableError(
                "limit_reached",
                tn(
                    "this table's chat has {n} line in this game: no more",
                    "this table's chat has {n} lines in this game: no more",
                    per_table,
                ),
            )
        self._check_events(limits)

    def _check_events(self, limits: Limits) -> None:
        """TableError once this game has ``events_per_game`` events (only the players' chat and
        undos are refused for it: every move is taken, so the game can always finish)."""
        most = limits.events_per_game
        if most and self.seq - self.game_seq >= most:
            raise TableError(
                "limit_reached",
                tn(
                    "this game has {n} event: no more chat or undos",
                    "this game has {n} events: no more chat or undos",
                    most,
                ),
            )

    def check_rematch(self, seat: int) -> None:
        """TableError unless ``seat`` may ask for another game now."""
        if self.status != "finished":
            raise TableError("conflict", t("another game can be asked for once this one is over"))
        if seat in self.rematch:
            raise TableError("conflict", t("you have already asked for another game"))
        if self.rematch_closed() is not None:
            raise TableError(
                "rematch_closed", t("too late for another game: create a new table instead")
            )

    def rematch_closed(self, now: float | None = None) -> dict[str, Any] | None:
        """Why another game can no longer be asked for after this one, or None: ``{"reason":
        "left", "seats": [...]}`` when a human seat's player has been gone longer than the
        table's grace, ``{"reason": "time"}`` ``REMATCH_SECONDS`` after the end."""
        if self.status != "finished" or self.finished_at is None:
            return None
        now = time.time() if now is None else now
        grace = self.settings.grace_seconds
        gone = [
            row.seat
            for row in self.seats
            if row.kind == "human"
            and not self.connected.get(row.seat, 0)
            and now - max(self.left_at.get(row.seat, 0.0), self.finished_at) >= grace
        ]
        if gone:
            return {"reason": "left", "seats": gone}
        if now - self.finished_at >= REMATCH_SECONDS:
            return {"reason": "time"}
        return None

    def check_concede(self, seat: int) -> None:
        """TableError unless ``seat``'s player may give up the game in play."""
        if self.status != "playing":
            raise TableError("conflict", t("there is no game in play to concede"))
        if seat in self.conceded:
            raise TableError("conflict", t("you have already conceded this game"))

    def check_abandon(self, seat: int) -> None:
        """TableError unless ``seat`` may end the game in play for everyone (the host may)."""
        if self.status != "playing":
            raise TableError("conflict", t("there is no game in play to abandon"))
        host = self.host()
        if seat != host:
            raise TableError(
                "not_host",
                t("only the host (seat {host}) may abandon the game", host=(host or 0) + 1),
            )

    def rematch_ready(self) -> bool:
        """Whether every human seat has asked for another game."""
        humans = {row.seat for row in self.seats if row.kind == "human"}
        return humans <= self.rematch

    def _fresh(self, seat: int, expected: int) -> bool:
        if expected == self.version:
            return True
        # In a simultaneous step the others' choices change the version but not this seat's
        # options: a choice made from any state of the step still stands.
        step = self.step_version
        return step is not None and step <= expected <= self.version and seat in self.awaiting()

    def remember(self, key: tuple[int, str], reply: dict[str, Any], error: bool = False) -> None:
        """Keep the first reply to a request (errors apart, and never stored)."""
        replies, kept = (
            (self.error_replies, ERROR_REPLIES_KEPT) if error else (self.replies, REPLIES_KEPT)
        )
        replies[key] = reply
        while len(replies) > kept:
            replies.popitem(last=False)

    # -- the fold -------------------------------------------------------------------------------

    def next_event(
        self, kind: str, seat: int | None, data: dict[str, Any], client_id: str | None = None
    ) -> Event:
        """The event that would come next in this table's log (not applied)."""
        return Event(
            seq=self.seq + 1,
            game_number=self.game_number + (1 if kind == "start" else 0),
            kind=kind,
            seat=seat,
            client_id=client_id,
            data=data,
            created_at=time.time(),
        )

    def apply_event(self, event: Event) -> Event:
        """Apply one event of the log; return it completed (an act gets what it applied).

        A stored act carries ``applied``: replaying it must apply exactly that, or the log does
        not belong to this engine (RuntimeError).
        """
        if event.seq != self.seq + 1:
            raise RuntimeError(f"table {self.id}: event {event.seq} after {self.seq}")
        kind, data = event.kind, event.data
        if kind == "start":
            self._start(event.game_number, int(data["seed"]))
            self.game_seq = event.seq
            self.undos.clear()
            self.chat_lines.clear()
        elif kind == "act":
            assert event.seat is not None
            at = self.version
            applied = self._act(event.seat, self.game.parse_action(data["action"]))
            if "applied" in data and data["applied"] != applied:
                raise RuntimeError(
                    f"table {self.id}: event {event.seq} replays as {applied}, "
                    f"stored {data['applied']}"
                )
            data = {**data, "applied": applied, "version": self.version}
            self._note_undoable(event.seat, applied, data)
            if data.get("reason") == "clock":
                self.marks.append(Mark(event.seat, self.version, "clock", data.get("by")))
                self.timeouts.append((at, event.seat))
            if event.client_id is not None:
                self.remember((event.seat, event.client_id), reply_ok(event.client_id, data))
        elif kind == "chat":
            # Only the line itself: the stored event also carries the table's deadline.
            line = {"name": data["name"], "text": data["text"], "at": event.created_at}
            self.chat.append({"seq": event.seq, "seat": event.seat, **line})
            self.chat_lines[event.seat] = self.chat_lines.get(event.seat, 0) + 1
            if event.seat is not None and event.client_id is not None:
                # A chat request sent again (after a restart too) is not posted twice.
                reply = {"type": "reply", "re": event.client_id, "ok": True}
                self.remember((event.seat, event.client_id), reply)
        elif kind == "undo":
            assert event.seat is not None
            self._undo(event.seat)
            self.undos[event.seat] = self.undos.get(event.seat, 0) + 1
        elif kind == "rematch":
            assert event.seat is not None
            self.rematch.add(event.seat)
        elif kind == "takeover":
            assert event.seat is not None
            self.undoable.clear()
            self.away[event.seat] = str(data["bot"])
            self.marks.append(Mark(event.seat, self.version, "takeover", str(data["bot"])))
        elif kind == "return":
            assert event.seat is not None
            self.away.pop(event.seat, None)
            self.marks.append(Mark(event.seat, self.version, "return"))
        elif kind == "concede":
            assert event.seat is not None
            self.undoable.clear()
            self.conceded.add(event.seat)
            self.away[event.seat] = str(data["bot"])
            self.marks.append(Mark(event.seat, self.version, "concede", str(data["bot"])))
        elif kind == "abandon":
            self.status = "abandoned"
            self.pending.clear()
            self.undoable.clear()
            self.ended = {"reason": str(data["reason"]), "by": data.get("by")}
        elif kind == "deadline":
            pass
        else:
            raise RuntimeError(f"table {self.id}: unknown event kind {kind!r}")
        if "deadline" in data:
            self.deadline = data["deadline"]
        if "banks" in data:
            self.banks = [float(left) for left in data["banks"]]
            self.clock_seat = data.get("clock_seat")
        if self.status == "finished" and self.finished_at is None:
            self.finished_at = event.created_at or time.time()
        self.seq = event.seq
        event = replace(event, data=data)
        return event

    def _start(self, number: int, seed: int) -> None:
        labels = [self.seat_label(s) for s in range(self.game.num_players)]
        self.match = Match(self.game, seed, labels, meta={"table": self.invite})
        self.game_number = number
        self.status = "playing"
        self.pending.clear()
        self.away.clear()
        self.marks.clear()
        self.timeouts.clear()
        bank = self.settings.bank_seconds
        self.banks = [bank] * self.game.num_players if bank else []
        self.clock_seat = None
        self.undoable.clear()
        self.undo_blocked.clear()
        self.rematch.clear()
        self.conceded.clear()
        self.finished_at = None
        self.replies.clear()
        self.error_replies.clear()
        self.deadline = None
        self._after_change()

    def _act(self, seat: int, code: Action) -> list[str]:
        assert self.match is not None
        state = self.match.state
        before = state.state_id
        if seat != state.current_player():
            self.pending[seat] = code  # a simultaneous commitment, kept until its turn
            return []
        self.match.play(code, seat)
        while (mover := state.current_player()) in self.pending:
            choice = self.pending.pop(mover)
            if choice in state.legal_actions():
                self.match.play(choice, mover)
        self.pending = {s: a for s, a in self.pending.items() if s in state.simultaneous_seats()}
        self._after_change()
        to_string = self.game.action_to_string
        return [to_string(a) for a in state.history[before:]]

    def _note_undoable(self, seat: int, applied: list[str], data: dict[str, Any]) -> None:
        assert self.match is not None
        state = self.match.state
        history = state.history
        own = data.get("by") is None and data.get("reason") is None
        if not applied:  # a simultaneous choice held here: undone from ``pending``
            return
        last_is_it = (
            len(applied) == 1
            and bool(history)
            and self.game.action_to_string(history[-1]) == applied[0]
        )
        if own and last_is_it and not state.is_terminal():
            if self.undoable and self.undoable[-1] != seat:
                self._moved_on(seat)
                self.undoable.clear()
            self.undoable.append(seat)
            self.undo_blocked.pop(seat, None)
        else:
            self._moved_on(seat)
            self.undoable.clear()
            if own:
                self.undo_blocked[seat] = "revealed"

    def _moved_on(self, seat: int) -> None:
        """Another seat than ``seat`` had moves that could be taken back: no longer."""
        for other in self.undoable:
            if other != seat:
                self.undo_blocked[other] = "moved_on"

    def undo_refusal(self, seat: int | None) -> str | None:
        """Why the undo button is not offered to ``seat`` now, in words (None: it is offered,
        or the seat has no move of its own in this game to ask about)."""
        if seat is None or self.status != "playing" or self.can_undo(seat):
            return None
        reason = self.undo_blocked.get(seat)
        if reason == "revealed":
            return t(
                "No undo: your last move revealed something new (a roll, a card), "
                "so it cannot be taken back."
            )
        if reason == "moved_on":
            return t("No undo: another player has moved since your last move.")
        return None

    def _undo(self, seat: int) -> None:
        assert self.match is not None
        if seat in self.pending:
            del self.pending[seat]
        else:
            self.match.undo()
            self.undoable.pop()
        self._cache_key = None
        self._after_change()

    def _after_change(self) -> None:
        assert self.match is not None
        state = self.match.state
        if state.simultaneous_seats():
            if self.step_version is None:
                self.step_version = state.state_id
        else:
            self.step_version = None
        if state.is_terminal() and self.status != "finished":
            self.status = "finished"
            self.pending.clear()
            self.undoable.clear()
            outcome = state.outcome()
            assert outcome is not None
            self.past.append(
                {
                    "game_number": self.game_number,
                    "scores": list(outcome.scores),
                    "winners": list(outcome.winners),
                    "record": self.record_json(),
                }
            )
            del self.past[:-PAST_KEPT]

    # -- undo (a move that could not be stored) ---------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Everything an event may change, for :meth:`restore`."""
        return {
            "match": None if self.match is None else self.match.snapshot(),
            "match_obj": self.match,
            "version": self.version,
            "seq": self.seq,
            "status": self.status,
            "game_number": self.game_number,
            "pending": dict(self.pending),
            "step_version": self.step_version,
            "away": dict(self.away),
            "marks": list(self.marks),
            "chat": list(self.chat),
            "deadline": self.deadline,
            "banks": list(self.banks),
            "clock_seat": self.clock_seat,
            "timeouts": list(self.timeouts),
            "replies": OrderedDict(self.replies),
            "undoable": list(self.undoable),
            "undo_blocked": dict(self.undo_blocked),
            "rematch": set(self.rematch),
            "conceded": set(self.conceded),
            "ended": self.ended,
            "finished_at": self.finished_at,
            "past": list(self.past),
            "game_seq": self.game_seq,
            "undos": dict(self.undos),
            "chat_lines": dict(self.chat_lines),
        }

    def restore(self, snap: dict[str, Any]) -> None:
        """Undo every change since :meth:`snapshot`."""
        self.match = snap["match_obj"]
        if self.match is not None and snap["match"] is not None:
            self.match.restore(snap["match"])
        self.seq = snap["seq"]
        self.status = snap["status"]
        self.game_number = snap["game_number"]
        self.pending = snap["pending"]
        self.step_version = snap["step_version"]
        self.away = snap["away"]
        self.marks = snap["marks"]
        self.chat = deque(snap["chat"], maxlen=CHAT_KEPT)
        self.deadline = snap["deadline"]
        self.banks = snap["banks"]
        self.clock_seat = snap["clock_seat"]
        self.timeouts = snap["timeouts"]
        self.replies = snap["replies"]  # a move not stored must not be acknowledged on a retry
        self.undoable = snap["undoable"]
        self.undo_blocked = snap["undo_blocked"]
        self.rematch = snap["rematch"]
        self.conceded = snap["conceded"]
        self.ended = snap["ended"]
        self.finished_at = snap["finished_at"]
        self.past = snap["past"]
        self.game_seq = snap["game_seq"]
        self.undos = snap["undos"]
        self.chat_lines = snap["chat_lines"]
        self._cache_key = None

    # -- records --------------------------------------------------------------------------------

    def record_json(self) -> dict[str, Any]:
        """The current game's record without its seed (seeds never leave the server)."""
        assert self.match is not None
        record = self.match.record()
        data = record.to_json()
        data["seed"] = None
        meta = dict(record.meta)
        meta["game_number"] = str(self.game_number)
        if self.marks:
            meta["marks"] = json.dumps([asdict(m) for m in self.marks], separators=(",", ":"))
        data["meta"] = meta
        return data


def reply_ok(client_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """The reply to an accepted action (what a duplicate of it gets too)."""
    reply: dict[str, Any] = {"type": "reply", "re": client_id, "ok": True}
    reply["version"] = data["version"]
    if not data["applied"]:
        reply["committed"] = True
    return reply


def error_code(exc: ClickboxError) -> str:
    """The error code of a core error."""
    if isinstance(exc, GameOverError):
        return "game_over"
    if isinstance(exc, NotYourTurnError):
        return "not_your_turn"
    if isinstance(exc, InvalidActionError):
        return "invalid"
    return "illegal"
