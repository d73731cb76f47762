"""Cross-engine check: solo games logged by an independent engine replay move for move here.

``data/prettyclever-solo.json`` holds solo games played by another implementation of That's
Pretty Clever (its header and ``data/README.md`` say which and how the logs were made): every
die roll, every decision with the number of legal actions it offered and a fingerprint of their
set, the total after each round and the final score. Each game is replayed in clickbox with that
engine's readings (options ``wasted_picks``, ``passive_optional`` and ``forfeit_rolls``, the
preset ``free-choice-forfeit``; clever-unusable-roll, clever-passive-take): its dice are
clickbox's chance outcomes (the platter ties of the passive roll included, as ``near:``
outcomes), its moves are played through the checked entry point ``clickbox.core.play``, so each
must be legal here, and at every decision clickbox must offer the same actions as that engine
did. Bonuses that clickbox writes by itself because they have one place left (clever-bonus-order)
are matched with that engine's one-choice decisions; bonuses waiting together may be asked in
another order (it queues them first in, first out, clickbox resolves a chain at once), so the
choices of one move are matched by the kind of bonus. The totals must agree after every round,
and the final scores area by area. The other engine has no last extra-die stage after the final
turn (clever-extra-die): the replay ends it with ``done``.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from clickbox.core import CHANCE, TERMINAL, play
from clickbox.games.clever import CleverState
from clickbox.games.clever import actions as A
from clickbox.games.clever.board import (
    BLACK,
    BLUE_BASE,
    DIE_LETTERS,
    GREEN_TARGET,
    ORANGE_TARGET,
    PURPLE_TARGET,
    X_BLUE,
    X_YELLOW,
)
from clickbox.games.clever.params import PRESETS

from .helpers import new_state

DATA = Path(__file__).parent / "data" / "prettyclever-solo.json"
THEIR_DICE = "wybgop"  # the order of the faces in a logged roll
AREA_OF_BONUS = {X_YELLOW: "y", X_BLUE: "b", BLACK: "black"}
BLACK_OPTION_AREA = "yb"  # C0 / C1 are followed by the cell of the black X
BLACK_OPTION_TARGET = {"2": GREEN_TARGET, "3": ORANGE_TARGET, "4": PURPLE_TARGET}


@cache
def logged() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def games() -> list[dict[str, Any]]:
    return list(logged()["games"])


def die(letter: str) -> int:
    return DIE_LETTERS.index(letter)


def target(state: CleverState, area: str, cell: int) -> int:
    """Clickbox's target for that engine's (area, cell); a track's cell must be its next box."""
    if area == "y":
        return cell
    if area == "b":
        return BLUE_BASE + cell + 2
    sheet = state.sheet(0)
    filled = {"g": sheet.green, "o": len(sheet.orange), "p": len(sheet.purple)}[area]
    assert cell == filled, f"{area} box {cell} logged, the next box here is {filled}"
    return {"g": GREEN_TARGET, "o": ORANGE_TARGET, "p": PURPLE_TARGET}[area]


def placement(state: CleverState, text: str) -> tuple[int, int]:
    """``wb5`` (die, area, cell) as clickbox's (die, target)."""
    return die(text[0]), target(state, text[1], int(text[2:]))


def their_cell(state: CleverState, target: int) -> str:
    """That engine's area and cell for clickbox's ``target`` (inverse of :func:`target`)."""
    if target < 16:
        return f"y{target}"
    if target < GREEN_TARGET:
        return f"b{target - BLUE_BASE - 2}"
    sheet = state.sheet(0)
    return {
        GREEN_TARGET: f"g{sheet.green}",
        ORANGE_TARGET: f"o{len(sheet.orange)}",
        PURPLE_TARGET: f"p{len(sheet.purple)}",
    }[target]


def their_token(state: CleverState, action: int) -> str:
    """The notation of the data file for one of clickbox's actions at a pick, +1 or take."""
    if action == A.DONE:
        return "N" if state.stage == "solo-take" else "E"
    if action in (A.REROLL, A.FORFEIT):
        return "R" if action == A.REROLL else "S"
    if A.WASTE_BASE <= action < A.WASTE_BASE + 6:
        return "W" + DIE_LETTERS[action - A.WASTE_BASE]
    kind = "+" if action >= A.EXTRA_BASE else "T" if state.stage == "solo-take" else "P"
    code = action % A.EXTRA_BASE
    return kind + DIE_LETTERS[code // 100 - 1] + their_cell(state, code % 100)


def fingerprint(state: CleverState) -> str:
    """The data file's fingerprint of the actions offered (FNV-1a, low 16 bits, hex)."""
    text = " ".join(sorted(their_token(state, a) for a in state.legal_actions()))
    h = 0x811C9DC5
    for byte in text.encode("ascii"):
        h = (h ^ byte) * 0x01000193 & 0xFFFFFFFF
    return f"{h & 0xFFFF:04x}"


def deciding(state: CleverState, stage: str) -> bool:
    """True if the solo player decides now in ``stage`` (no bonus waiting)."""
    return state.current_player() == 0 and not state.pending and state.stage == stage


def cross_events(state: CleverState, since: int) -> list[tuple[str, int]]:
    """The cross bonuses clickbox wrote by itself (one place left) since event ``since``."""
    return [
        (AREA_OF_BONUS[kind], where)
        for _, _, kind, where in state.events[since:]
        if kind in AREA_OF_BONUS and where >= 0
    ]


class Replay:
    """One logged game played in clickbox, token by token."""

    def __init__(self, game: dict[str, Any]) -> None:
        self.state = new_state(1, **logged()["options"])
        self.tokens: list[str] = game["log"].split()
        self.at = 0
        self.mark = 0  # events before this one are accounted for

    def fail(self, message: str) -> str:
        state = self.state
        return (
            f"token {self.at} ({self.tokens[self.at]!r}), round {state.round}, stage "
            f"{state.stage}: {message}"
        )

    def roll(self, faces: str, dice: tuple[int, ...]) -> None:
        """Give the dice being rolled the logged faces (clickbox rolls them one by one)."""
        state = self.state
        assert state.current_player() == CHANCE, self.fail("no dice are being rolled")
        assert state.rolled == dice, self.fail(f"clickbox rolls {state.rolled}")
        order = sorted(dice)  # clickbox rolls yellow first, white last
        for k, d in enumerate(order):
            face = int(faces[THEIR_DICE.index(DIE_LETTERS[d])])
            play(state, A.roll(face))
            if k < len(order) - 1:  # the last roll may end a turn that asks nothing
                assert state.faces[d] == face, self.fail(
                    f"the {DIE_LETTERS[d]} die rolled out of turn"
                )

    def active_roll(self, faces: str) -> None:
        assert self.state.stage == "rolling", self.fail("not an active roll")
        rolled = (die(c) for c, f in zip(THEIR_DICE, faces, strict=True) if f != ".")
        self.roll(faces, tuple(sorted(rolled)))

    def passive_roll(self, text: str) -> None:
        state = self.state
        faces, platter = text.split(":")
        assert state.stage == "solo-rolling", self.fail("not the passive roll")
        self.roll(faces, tuple(range(6)))
        wanted = {die(c) for c in platter}
        while state.stage == "solo-nearest":  # ties: the logged platter dice lie nearest
            tied = [a - A.NEAREST_BASE for a in state.legal_actions()]
            play(state, A.nearest(next(d for d in tied if d in wanted)))
        if state.stage in ("solo-take", "solo-extra"):  # else the turn asked nothing
            assert set(state.platter) == wanted, self.fail(f"the platter here is {state.platter}")

    def decide(self, action: int, count: int, offered: str) -> None:
        """A decision of that engine: clickbox offers the same actions, and this one is legal."""
        state = self.state
        assert not cross_events(state, self.mark), self.fail("clickbox wrote a bonus by itself")
        here = len(state.legal_actions())
        assert here == count, self.fail(f"{count} actions logged, clickbox offers {here}")
        assert count == 1 or fingerprint(state) == offered, self.fail(
            "clickbox offers other actions: "
            + " ".join(sorted(their_token(state, a) for a in state.legal_actions()))
        )
        self.mark = len(state.events)
        play(state, action, 0)

    def no_decision(self, *stages: str) -> None:
        """That engine offered one action only (end / take nothing): clickbox asks nothing."""
        for stage in stages:
            assert not deciding(self.state, stage), self.fail("clickbox asks for a decision here")

    def bonuses(self) -> None:
        """The logged bonus choices of one move, matched with clickbox's by kind of bonus."""
        state = self.state
        choices: list[tuple[str, int]] = []
        while self.at < len(self.tokens) and self.tokens[self.at][0] in "XC":
            text = self.tokens[self.at].split("/")[0]
            self.at += 1
            if text[0] == "C" and text[1] in BLACK_OPTION_TARGET:
                choices.append(("black", BLACK_OPTION_TARGET[text[1]]))
            elif text[0] == "C":
                follow = self.tokens[self.at].split("/")[0]
                assert follow[:2] == "X" + BLACK_OPTION_AREA[int(text[1])], self.fail(follow)
                self.at += 1
                choices.append(("black", target(state, follow[1], int(follow[2:]))))
            else:
                choices.append((text[1], target(state, text[1], int(text[2:]))))
        self.at -= 1  # for messages: the last token of the run
        while state.pending and state.current_player() == 0:
            kind = AREA_OF_BONUS[state.pending[0][1]]
            match = next((c for c in choices if c[0] == kind), None)
            if match is None:  # a later move's bonus (the round-4 bonus after the turn's end)
                break
            choices.remove(match)
            play(state, A.bonus(match[1]), 0)
        auto = cross_events(state, self.mark)
        assert sorted(choices) == sorted(auto), self.fail(f"left {choices}, clickbox wrote {auto}")
        self.mark = len(state.events)
        self.at += 1

    def step(self) -> None:
        state = self.state
        token = self.tokens[self.at]
        if token[0] in "XC":
            self.bonuses()
            return
        text, _, tail = token.partition("/")
        number, _, offered = tail.partition(".")  # offered: a fingerprint where count > 1
        count = int(number) if number else 0
        kind, rest = text[0], text[1:]
        if kind == "d":
            self.active_roll(rest)
        elif kind == "q":
            self.passive_roll(rest)
        elif kind == "=":
            assert state.score(0) == int(rest), self.fail(f"the total here is {state.score(0)}")
        elif kind in "PWSR":
            assert deciding(state, "choose"), self.fail("clickbox is not at a pick")
            if kind == "P":
                action = A.pick(*placement(state, rest))
            elif kind == "W":
                action = A.waste(die(rest))
            else:
                action = A.FORFEIT if kind == "S" else A.REROLL
            self.decide(action, count, offered)
        elif kind == "+":
            assert state.stage in ("active-extra", "solo-extra"), self.fail("not at +1")
            self.decide(A.EXTRA_BASE + A.pick(*placement(state, rest)), count, offered)
        elif kind == "E":
            if count == 1:
                self.no_decision("active-extra", "solo-extra")
            else:
                assert deciding(state, state.stage), self.fail("clickbox is not at the +1 actions")
                assert state.stage in ("active-extra", "solo-extra"), self.fail("not at +1")
                self.decide(A.DONE, count, offered)
        elif kind == "T":
            assert deciding(state, "solo-take"), self.fail("clickbox is not at the passive take")
            self.decide(A.pick(*placement(state, rest)), count, offered)
        elif kind == "N":
            if count == 1:
                self.no_decision("solo-take")
            else:
                assert deciding(state, "solo-take"), self.fail("not at the passive take")
                self.decide(A.DONE, count, offered)
        else:
            raise AssertionError(self.fail("unknown token"))
        self.at += 1

    def run(self) -> CleverState:
        while self.at < len(self.tokens):
            self.step()
        state = self.state
        assert not cross_events(state, self.mark), "clickbox wrote a bonus by itself at the end"
        if state.current_player() != TERMINAL:  # clickbox's last extra-die stage
            assert deciding(state, "final-extra"), f"the log ends at {state.stage}"
            play(state, A.DONE, 0)
        assert state.current_player() == TERMINAL, f"the log ends at {state.stage}"
        return state


def test_the_data_says_where_it_comes_from_and_its_options() -> None:
    """The header names the other engine and its commit, and the options the replay uses."""
    data = logged()
    assert "fsaintjacques/prettyclever" in data["source"]
    assert data["options"] == PRESETS["free-choice-forfeit"]
    assert len(data["games"]) >= 300


@pytest.mark.parametrize("game", games(), ids=[f"{g['strategy']}-{g['seed']}" for g in games()])
def test_logged_game_replays_move_for_move(game: dict[str, Any]) -> None:
    """Every logged move is legal here, offered among as many actions, and the scores agree:
    the total after every round, and at the end yellow, blue, green, orange, purple, the foxes
    and the total."""
    state = Replay(game).run()
    sheet = state.sheet(0)
    assert [*sheet.area_scores(), sheet.foxes, sheet.score()] == game["score"]


def test_the_logs_cover_the_readings_that_differ() -> None:
    """The games exercise the moves the options exist for, so the replay tests them: forfeited
    rolls (S), dice put on a die space writing nothing (W), passive dice declined while one
    could be taken (N with a choice), and also rerolls, +1, cross bonuses and every round-4
    choice."""
    tokens = [t for g in games() for t in g["log"].split()]
    assert set("dqPWSR+ETNXC=") <= {t[0] for t in tokens}
    assert {t.split("/")[0] for t in tokens if t[0] == "C"} == {f"C{k}" for k in range(5)}
    assert any(t[0] == "N" and t != "N/1" for t in tokens)
