"""An independent leak checker for the frames the server sends.

It is written from the rules and the engine's full state (the ``rules.py`` state objects), never
from the games' ``view.py``: what a viewer must not see is derived here from the state itself
(Click Clack's disc layout, Click Click Boom's hands and table cards, the simultaneous choices not
yet revealed, the actions of the history hidden from a seat) and from the server's secrets (every
game's seed, every seat token and its stored digest, other seats' pending choices). A frame is
then searched for those items the way a leak would look in JSON: a secret as an exact substring;
a hidden action in the history-aligned list (the log) at that action's place; a seat's hidden card
or choice inside the part of the frame about that seat (an element of a list with one dict per
seat, or a value of a dict keyed by seat number); the layout as hollow/kind pairs, a list over the
hollows, or the list of the hollows that hold a disc.

:class:`TableFold` replays a finished table's stored event log through ``LiveTable`` (what the
server itself held) and checks every frame received against the state of the event its ``seq``
names, for its viewer (a seat, or ``None`` for a spectator; a spectator may see nothing that any
seat may not see, or a player could watch their own table to read their own hidden cards).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from clickbox.core import StateBase, derive_seed
from clickbox.games import load
from clickbox.games.boom import actions as boom_actions
from clickbox.games.boom import rules as boom
from clickbox.games.boom.board import CLAIM_NAMES, HEATHER, JILL
from clickbox.games.clack import rules as clack
from clickbox.games.clack.board import KIND_LETTERS, KIND_NAMES
from clickbox.games.clever import rules as clever
from clickbox.server.tables import LiveTable
from clickbox.storage import Event, TableRow

Path = tuple[str | int, ...]
CHOICE_KEY = re.compile(r"choice|chosen|commit|pending|take|side")
"""Keys under which a seat's simultaneous choice would be shown (in that seat's part)."""
HIDE_TEXT = re.compile(r'"hide:[^?"][^"]*"')
"""Click Clack's notation of a setup step: it writes where discs were hidden."""


# -- one frame, indexed once --------------------------------------------------------------------


@dataclass
class FrameIndex:
    """Every scalar, list and dict of a frame with its path and the seat its part is about."""

    text: str
    players: int
    history: int
    scalars: list[tuple[Path, Any, int | None]] = field(default_factory=list)
    """Texts and numbers in a seat's part of the frame, or in its public table information."""
    lists: list[tuple[Path, list[Any], int | None]] = field(default_factory=list)
    dicts: list[tuple[Path, dict[str, Any], int | None]] = field(default_factory=list)
    history_lists: list[list[Any]] = field(default_factory=list)
    """Lists with one entry (a dict or a string) per action of the history: the game's log."""

    @classmethod
    def of(cls, text: str, frame: dict[str, Any], players: int, history: int) -> FrameIndex:
        """Index ``frame`` (its own ``legal`` list is checked apart, not indexed).

        A history-aligned list is kept whole, not walked: its entries are checked by place.
        """
        index = cls(text, players, history)
        stack: list[tuple[Any, Path, int | None]] = [
            (value, (key,), None) for key, value in frame.items() if key != "legal"
        ]
        scalars, lists, dicts = index.scalars, index.lists, index.dicts
        while stack:
            value, path, seat = stack.pop()
            if isinstance(value, dict):
                dicts.append((path, value, seat))
                keyed = bool(value) and all(k.isdigit() and int(k) < players for k in value)
                bare = seat is None and not keyed and path[0] != "table"
                for key, item in value.items():
                    if not bare or isinstance(item, (dict, list)):  # else: nothing to check
                        stack.append((item, (*path, key), int(key) if keyed else seat))
            elif isinstance(value, list):
                # The view's own list of legal moves is not the log, even when it happens to
                # have as many entries as the history (24 picks after 24 actions).
                if (
                    history
                    and len(value) == history
                    and path[-1] != "legal"
                    and all(isinstance(v, (dict, str)) for v in value)
                ):
                    index.history_lists.append(value)
                    if len(value) != players:
                        continue
                lists.append((path, value, seat))
                per_seat = len(value) == players and all(isinstance(v, dict) for v in value)
                bare = seat is None and not per_seat and path[0] != "table"
                for i, item in enumerate(value):
                    if not bare or isinstance(item, (dict, list)):
                        stack.append((item, (*path, i), i if per_seat else seat))
            elif (seat is not None or path[0] == "table") and isinstance(value, (str, int)):
                scalars.append((path, value, seat))
        return index


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


class Check(Protocol):
    """One hidden item and how a leak of it would look in a frame."""

    def find(self, frame: FrameIndex) -> Iterator[str]:
        """A description of each place the frame shows the item."""
        ...


@dataclass(frozen=True)
class InHistory:
    """Action ``index`` of the history is hidden: its log entry must not show ``text`` (its
    notation), nor ``words`` (what the action is in words), in any history-aligned list: the
    log, the log in words, a replay's words placed by the move each describes."""

    index: int
    text: str
    label: str
    words: str = ""

    def find(self, frame: FrameIndex) -> Iterator[str]:
        for entries in frame.history_lists:
            for shown in _strings(entries[self.index]):
                if self.text in shown or (self.words and self.words in shown):
                    yield f"{self.label}: log entry {self.index} shows {shown!r}"


@dataclass(frozen=True)
class SeatChoice:
    """A seat's simultaneous choice not yet revealed (``text``, engine ``code``)."""

    seat: int
    text: str
    code: int
    label: str

    def find(self, frame: FrameIndex) -> Iterator[str]:
        mine = str(self.seat)
        for path, value, seat in frame.scalars:
            if path[0] == "table" and value == self.text:
                yield f"{self.label}: the table information shows {self.text!r} at {path}"
            elif (
                seat == self.seat
                and value in (self.text, self.code)
                and not isinstance(value, bool)
            ):
                last = path[-1]
                if last == mine or (isinstance(last, str) and CHOICE_KEY.search(last)):
                    yield f"{self.label}: {value!r} at {path}"


@dataclass(frozen=True)
class SeatList:
    """A seat's hidden cards as a list (kind names, or card ids) in that seat's part."""

    seat: int
    forbidden: tuple[tuple[Any, ...], ...]
    public: tuple[tuple[Any, ...], ...]
    label: str

    def find(self, frame: FrameIndex) -> Iterator[str]:
        for path, value, seat in frame.lists:
            if seat == self.seat and value:
                seen = tuple(value)
                if seen in self.forbidden and seen not in self.public:
                    yield f"{self.label}: {value!r} at {path}"


@dataclass(frozen=True)
class SeatCard:
    """A seat's face-down card: its kind must not appear under ``where`` in that seat's part
    (except as what the picker claimed, which is public)."""

    seat: int
    where: str
    kind: str
    label: str

    def find(self, frame: FrameIndex) -> Iterator[str]:
        for path, value, seat in frame.scalars:
            if seat != self.seat or value != self.kind:
                continue
            last = path[-1]
            if isinstance(last, str) and "claim" in last:
                continue
            if any(isinstance(p, str) and self.where in p for p in path):
                yield f"{self.label}: {value!r} at {path}"


@dataclass(frozen=True)
class SeatValue:
    """A seat's hidden choice shown as ``text`` under a key named ``key`` in its part."""

    seat: int
    key: str
    text: str
    label: str

    def find(self, frame: FrameIndex) -> Iterator[str]:
        for path, value, seat in frame.scalars:
            if seat == self.seat and value == self.text and self.key in str(path[-1]):
                yield f"{self.label}: {value!r} at {path}"


@dataclass(frozen=True)
class PlayedFaceDown:
    """A card lying face down in a seat's played pile (Click Click Boom: Carla's), at ``index``:
    its kind must not appear at that place of the pile, for any viewer."""

    seat: int
    index: int
    kind: str
    label: str

    def find(self, frame: FrameIndex) -> Iterator[str]:
        for path, value, seat in frame.scalars:
            if seat == self.seat and value == self.kind and path[-2:] == ("played", self.index):
                yield f"{self.label}: {value!r} at {path}"


@dataclass(frozen=True)
class Layout:
    """Click Clack: the discs still under the board (hollow -> kind), seen by nobody."""

    discs: dict[int, int]
    hollows: int

    def find(self, frame: FrameIndex) -> Iterator[str]:
        discs = self.discs
        names = {h: (KIND_NAMES[k], KIND_LETTERS[k]) for h, k in discs.items()}
        for notation in HIDE_TEXT.findall(frame.text):
            yield f"a setup step's notation {notation!r}"
        entries = [e for log in frame.history_lists for e in log]
        logged = [(("log",), e, None) for e in entries if isinstance(e, dict)]
        for path, value, _seat in [*frame.dicts, *logged]:
            for key, item in value.items():
                if "hollow" in key and type(item) is int and item in discs:
                    kinds = [v for k, v in value.items() if k != key]
                    if names[item][0] in kinds or (
                        names[item][1] in kinds and any("kind" in k for k in value)
                    ):
                        yield f"the disc in hollow {item}: {value!r} at {path}"
                if key.isdigit() and int(key) in discs and item in names[int(key)]:
                    yield f"the disc in hollow {key}: {item!r} at {path}"
        for path, items, _seat in frame.lists:
            if len(items) == self.hollows and len(discs) >= 3:
                hits = sum(1 for h, k in discs.items() if _is_kind(items[h], k))
                noise = sum(
                    1
                    for h in range(self.hollows)
                    if h not in discs and any(_is_kind(items[h], k) for k in range(4))
                )
                if hits >= 0.8 * len(discs) and noise <= 0.2 * (self.hollows - len(discs)):
                    yield f"a list over the hollows matches {hits} hidden discs at {path}"
            ints = [v for v in items if type(v) is int]
            distinct = len(items) >= 4 and len(ints) == len(items) == len(set(ints))
            if distinct and all(v in discs for v in ints):
                yield f"the hollows {ints} that hold discs at {path}"


def _is_kind(value: Any, kind: int) -> bool:
    if type(value) is int:
        return value == kind
    return value in (KIND_NAMES[kind], KIND_LETTERS[kind])


# -- what a viewer must not see --------------------------------------------------------------


@dataclass
class Hidden:
    """Everything one viewer must not see at one moment."""

    needles: dict[str, str]
    """Exact substrings (seeds, tokens, token digests) -> what they are."""
    checks: list[Check]
    choice: str | None = None
    """The viewer's own pending simultaneous choice (the only one its frame may show)."""
    legal: tuple[str, ...] = ()
    """The viewer's own legal moves now."""


def find_leaks(
    text: str,
    viewer: int | None,
    hidden: Hidden,
    players: int,
    history: int,
    frame: Any = None,
) -> list[str]:
    """Every leak of ``hidden`` in the frame ``text`` (parsed: ``frame``) sent to ``viewer``."""
    found = [
        f"{what} in the frame text" for needle, what in hidden.needles.items() if needle in text
    ]
    if frame is None:
        frame = json.loads(text)
    if not isinstance(frame, dict):
        return [*found, "a frame that is not a JSON object"]
    if frame.get("type") == "state":
        if frame.get("seat") != viewer:
            found.append(f"a state frame for seat {frame.get('seat')} sent to viewer {viewer}")
        if viewer is None:
            if frame.get("legal") or frame.get("choice") is not None:
                found.append("a spectator's frame lists legal moves or a choice")
        else:
            if frame.get("choice") not in (None, hidden.choice):
                found.append(f"choice {frame.get('choice')!r} is not seat {viewer}'s own")
            legal = tuple(entry["action"] for entry in frame.get("legal") or ())
            if sorted(legal) != sorted(hidden.legal):
                found.append(f"legal moves {legal} are not seat {viewer}'s own {hidden.legal}")
    if hidden.checks:
        index = FrameIndex.of(text, frame, players, history)
        for check in hidden.checks:
            found.extend(check.find(index))
    return found


def secret_needles(seeds: Sequence[int], tokens: Sequence[str]) -> dict[str, str]:
    """The server's secrets as the exact text a leak of them would contain."""
    needles: dict[str, str] = {}
    for seed in seeds:
        needles[str(seed)] = "a game's seed"
        needles[f"{seed:x}"] = "a game's seed (hex)"
        needles[str(derive_seed(seed, "chance"))] = "a game's chance seed"
    for token in tokens:
        needles[token] = "a seat token"
        needles[hashlib.sha256(token.encode()).hexdigest()] = "a seat token's digest"
    return needles


# -- the games: hidden items from the engine's state ----------------------------------------


@dataclass(frozen=True)
class Step:
    """What the state said just before one action of the history was applied."""

    phase: int
    mover: int
    turn: int
    seat: int
    same: bool


def _step(state: StateBase, action: int) -> Step:
    """The game's phase (Clever: 1 for a passive choice), mover, turn and seat drawn from."""
    if isinstance(state, boom.BoomState):
        index = (action - boom_actions.PICK_LEFT_BASE) % 100 // 10
        same = boom_actions.is_pick(action) and index == boom_actions.SAME_INDEX  # R=: no index
        return Step(state._phase, state._to_move, state._turn, state._seat, same)
    if isinstance(state, clever.CleverState):
        commit = state._stage == clever.PASSIVE_TAKE and not state._pending
        return Step(1 if commit else 0, state._to_move, -1, -1, False)
    if isinstance(state, clack.ClickClackState):
        return Step(state._phase, state.current_player(), -1, -1, False)
    return Step(0, state.current_player(), -1, -1, False)


def _open_commits(steps: list[Step], committing: int) -> range:
    """The trailing run of history indices that are commitments of the open step."""
    end = len(steps)
    start = end
    while start > 0 and steps[start - 1].phase == committing:
        start -= 1
    return range(start, end)


def game_checks(table: LiveTable, steps: list[Step], viewer: int | None) -> list[Check]:
    """What ``viewer`` must not see of the game in progress (beyond the server's secrets)."""
    match = table.match
    if match is None:
        return []
    state = match.state
    game = match.game
    to_string = game.action_to_string
    history = state.history
    seats = range(game.num_players)

    def in_history(i: int, label: str) -> InHistory:
        return InHistory(i, to_string(history[i]), label, game.describe_action(history[i]))

    blind = list(seats) if viewer is None else [viewer]  # whose hidden items this viewer lacks
    checks: list[Check] = []

    def commitment(seat: int, action: int, where: str) -> None:
        if seat != viewer:
            label = f"seat {seat}'s {where} choice"
            checks.append(SeatChoice(seat, to_string(action), action, label))

    for seat, action in table.pending.items():
        commitment(seat, action, "pending")
    if isinstance(state, clack.ClickClackState):
        discs = {h: k for h, k in enumerate(state._disc) if k >= 0 and not state._seen >> h & 1}
        checks.append(Layout(discs, len(state._disc)))
        for i, step in enumerate(steps):
            if step.phase == clack.HIDE:
                checks.append(in_history(i, "a setup step"))
    elif isinstance(state, clever.CleverState):
        if state.simultaneous_seats():
            for i in _open_commits(steps, 1):
                if steps[i].mover != viewer:
                    checks.append(in_history(i, "a passive choice"))
                    commitment(steps[i].mover, history[i], "passive")
    elif isinstance(state, boom.BoomState) and not state.is_terminal():
        checks.extend(_boom_checks(state, steps, viewer, blind, in_history))
    return checks


def _boom_checks(
    state: boom.BoomState,
    steps: list[Step],
    viewer: int | None,
    blind: list[int],
    in_history: Callable[[int, str], InHistory],
) -> list[Check]:
    game = state.game
    to_string = game.action_to_string
    history = state.history

    def kind(card: int) -> str:
        return CLAIM_NAMES[state.config.kinds[card] + 1]

    checks: list[Check] = []
    dead = [s for s in range(game.num_players) if not state._alive[s]]
    for seat in sorted(set(blind) | set(dead)):
        hand = state._hands[seat]
        if hand:
            forbidden: tuple[tuple[Any, ...], ...] = (tuple(kind(c) for c in hand),)
            if len(hand) >= 2:
                forbidden += (tuple(hand),)
            public = (tuple(kind(c) for c in state._played[seat]),)
            who = "own" if seat in blind else "eliminated seat's"
            checks.append(SeatList(seat, forbidden, public, f"seat {seat}'s {who} hand"))
    for seat in range(game.num_players):  # face down for everyone
        out = state._out[seat]  # a random pass's card, still in the passer's hand
        if out >= 0:
            label = f"seat {seat}'s card passed face down"
            checks.append(SeatCard(seat, "out", kind(out), label))
        if state._down in state._played[seat]:
            index = state._played[seat].index(state._down)
            label = f"seat {seat}'s face-down played card"
            checks.append(PlayedFaceDown(seat, index, kind(state._down), label))
    for seat in blind:
        character = state._chars[seat]
        for side, (where, card) in enumerate(
            (("left", state._left[seat]), ("right", state._right[seat]))
        ):
            told = character == HEATHER and state._told == side  # she asked about it
            followed = character == JILL and card == state._peek  # she looked at it
            if card >= 0 and not told and not followed:
                label = f"seat {seat}'s own face-down {where} card"
                checks.append(SeatCard(seat, where, kind(card), label))
    for i, step in enumerate(steps):
        if step.phase in (boom.CARLA_DRAW, boom.PASS_DRAW):
            # a card that goes face down (Carla's, a random pass): its place in the hand,
            # which names its kind to those who see the hand, is for nobody
            label = f"a face-down card drawn from seat {step.seat}'s hand"
            checks.append(in_history(i, label))
            continue
        if step.phase in (boom.PICK_LEFT, boom.PICK_RIGHT) and not step.same:
            hidden_from = step.turn  # the index of a pick from the owner's hand
        elif step.phase in boom.DRAW_PHASES:
            hidden_from = step.seat  # a card drawn at random from the owner's hand
        else:
            continue
        if hidden_from in blind:
            label = f"a pick or draw from seat {hidden_from}'s own hand"
            checks.append(in_history(i, label))
    if state.simultaneous_seats():  # the showdown choice or the pass, still open
        what = "showdown choice" if state._phase == boom.CHOOSE else "pass"
        for i in _open_commits(steps, state._phase):
            mover = steps[i].mover
            if mover != viewer:
                checks.append(in_history(i, f"a {what}"))
                label = f"seat {mover}'s {what}"
                checks.append(SeatChoice(mover, to_string(history[i]), history[i], label))
                if what == "pass":  # in the seat's part, as the way it was passed
                    how = "random" if history[i] == boom_actions.PASS_RANDOM else "unrevealed"
                    checks.append(SeatValue(mover, "pass", how, label))
    return checks


# -- a table's whole log ---------------------------------------------------------------------


@dataclass
class Received:
    """The frames one connection received, in order."""

    viewer: int | None
    texts: list[str]


@dataclass
class Replayed:
    """The replay steps (``GET /api/tables/{invite}/replay``) ``viewer`` got after event ``seq``."""

    viewer: int | None
    seq: int
    steps: list[dict[str, Any]]


def replay_words(replay: Replayed, steps: list[Step]) -> list[str]:
    """The replay's words placed at the history index of the seat move each describes (the
    first step is the start; chance has no step), so they are checked like a log."""
    words = [""] * len(steps)
    moves = [i for i, step in enumerate(steps) if step.mover >= 0]
    assert len(replay.steps) == len(moves) + 1, "a replay step for every seat move"
    for i, step in zip(moves, replay.steps[1:], strict=True):
        words[i] = step["move"]
    return words


class TableFold:
    """A finished table's event log folded again, to check the frames sent while it was played."""

    def __init__(self, row: TableRow, events: Sequence[Event], tokens: Sequence[str]) -> None:
        self.row = row
        self.events = list(events)
        seeds = [int(e.data["seed"]) for e in self.events if e.kind == "start"]
        self.needles = secret_needles(seeds, tokens)
        self.frames_checked = 0
        self.replays_checked = 0

    def check(self, connections: Sequence[Received], replays: Sequence[Replayed] = ()) -> list[str]:
        """Every leak in the frames of ``connections`` and in the words of ``replays``, each
        with the frame (or replay) it was found in."""
        replays_at: dict[int, list[Replayed]] = {}
        for replay in replays:
            replays_at.setdefault(replay.seq, []).append(replay)
        game = load(self.row.game)
        by_seq: dict[int, list[tuple[int | None, str, Any]]] = {}
        for connection in connections:
            seq = 0
            for text in connection.texts:
                frame = json.loads(text)
                value = frame.get("seq") if isinstance(frame, dict) else None
                if isinstance(value, int):
                    seq = value
                by_seq.setdefault(seq, []).append((connection.viewer, text, frame))
        table = LiveTable(self.row, game)
        players = game.num_players
        leaks: list[str] = []
        replica: StateBase | None = None
        steps: list[Step] = []
        number = 0
        for seq in range(len(self.events) + 1):
            if seq:
                event = self.events[seq - 1]
                table.apply_event(event)
                assert table.match is not None
                if table.game_number != number:
                    number = table.game_number
                    replica, steps = game.new_initial_state(), []
                assert replica is not None
                for action in table.match.state.history[len(steps) :]:
                    steps.append(_step(replica, action))
                    replica.apply(action)
            history = 0 if table.match is None else table.match.state.state_id
            hidden: dict[int | None, Hidden] = {}
            for viewer, text, frame in by_seq.pop(seq, ()):
                if viewer not in hidden:
                    hidden[viewer] = self._hidden(table, steps, viewer)
                self.frames_checked += 1
                for leak in find_leaks(text, viewer, hidden[viewer], players, history, frame):
                    leaks.append(f"viewer {viewer}, seq {seq}: {leak}\n  frame: {text[:300]}")
            for replay in replays_at.pop(seq, ()):
                if replay.viewer not in hidden:
                    hidden[replay.viewer] = self._hidden(table, steps, replay.viewer)
                self.replays_checked += 1
                words = {"type": "replay", "words": replay_words(replay, steps)}
                text = json.dumps(words)
                found = find_leaks(text, replay.viewer, hidden[replay.viewer], players, history)
                leaks += [f"viewer {replay.viewer}, replay at seq {seq}: {f}" for f in found]
        assert not by_seq, f"frames with a seq after the log's end: {sorted(by_seq)}"
        assert not replays_at, f"replays with a seq after the log's end: {sorted(replays_at)}"
        return leaks

    def _hidden(self, table: LiveTable, steps: list[Step], viewer: int | None) -> Hidden:
        legal: tuple[str, ...] = ()
        choice = None
        if viewer is not None:
            to_string = table.game.action_to_string
            legal = tuple(to_string(a) for a in table.legal(viewer))
            pending = table.pending.get(viewer)
            choice = None if pending is None else to_string(pending)
        return Hidden(self.needles, game_checks(table, steps, viewer), choice, legal)
