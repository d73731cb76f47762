"""Click Click Boom in the terminal: a game against bots through ``main``, hotseat with the
pass-the-device screen and nothing a seat may not see on its screens, the step log, refused
input, and the renderer on every phase of random games of every preset and 2-6 players."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from clickbox.cli.main import default_bot
from clickbox.cli.render import (
    StepReporter,
    render_moves,
    render_outcome,
    render_view,
    witness_view,
)
from clickbox.cli.render.boom import KIND_LABEL, log_items
from clickbox.core import CHANCE, Match, View, play, sample_chance
from clickbox.games import load
from clickbox.games.boom.rules import PHASE_NAMES

from .test_cli import run

KINDS = tuple(KIND_LABEL.values())  # Pay, Steal, Click, BOOM: how a face is drawn
PHASES = set(PHASE_NAMES)


def _record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def _draw(renderable: Any, width: int) -> str:
    file = io.StringIO()
    console = Console(file=file, width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    return file.getvalue()


def _human_views(record: dict[str, Any]) -> list[tuple[int, View, View]]:
    """For every human move of a record, in order: the seat, its view and the spectator's
    view of the position it moved from (the screen it was shown)."""
    game = load(record["game"])
    state = game.new_initial_state()
    found = []
    for text in record["actions"]:
        mover = state.current_player()
        if mover >= 0 and record["seats"][mover] == "human":
            found.append((mover, state.view(mover), state.view(None)))
        play(state, text)
    return found


def _columns(header: list[str]) -> dict[str, tuple[int, int]]:
    """Where each column of the seats table starts and ends, from its header lines (a long
    column name may wrap onto two)."""
    words = {"hand": " hand", "left card": " left", "right card": " right", "played": " played"}
    starts = []
    for word in words.values():
        starts.append(next(line.index(word) + 1 for line in header if word in line))
    ends = [*starts[1:], 10_000]
    return {name: (start, end) for name, start, end in zip(words, starts, ends, strict=True)}


def _own_row(screen: str, name: str) -> dict[str, str]:
    """The viewer's row of the seats table on a screen: the text of each column (all lines)."""
    lines = screen.splitlines()
    top = max(i for i, line in enumerate(lines) if line.startswith("Click Click Boom  "))
    rule = next(i for i in range(top, len(lines)) if lines[i].startswith("────"))
    columns = _columns(lines[top + 1 : rule])
    header = rule
    first = next(i for i in range(header, len(lines)) if f"{name} (you)" in lines[i])
    row: list[str] = []
    for line in lines[first:]:
        if not line.strip():
            break
        row.append(line)
    return {
        column: "\n".join(line[start:end] for line in row)
        for column, (start, end) in columns.items()
    }


def _check_own_hand(view: View, cell: str) -> None:
    """The viewer's own hand shows no face, but the one Jill looked at, as its view says."""
    peek = view["peek"]
    if peek is not None and peek["seat"] == view["me"] and peek["where"] == "hand":
        label = KIND_LABEL[peek["card"]]
        assert f"you looked at one: {label}" in " ".join(cell.split()), cell
        cell = cell.replace(label, "")
    assert not any(kind in cell for kind in KINDS), cell


# -- play through main -------------------------------------------------------------------------


def test_full_game_against_bots_to_the_end_and_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "boom.json"
    code, out = run(
        [
            "play",
            "click-click-boom",
            "--wide",
            "--players",
            "4",
            "--seed",
            "5",
            "--save",
            str(save),
        ],
        "1\n" * 3000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    bot = default_bot(load("click-click-boom", 4))
    assert bot == ("rulebased" if "rulebased" in out else "greedy")
    for words in (
        "Shootout 1 of 3",
        "Shootout 3 of 3",
        "token: ★",
        "Pass Left",
        "Your moves (type the number or the notation, e.g. L2:boom):",
        "1) no claim",
        "Showdown: choose left or right (choices hidden until all are in)",
        "Last moves:",
        f"Bot 2 ({bot}):",  # the bots' moves as they happen
        "has chosen left or right (hidden until all are in)",
        "(hidden from you)",  # a pick from the human's own hand
        "Game over.",
        "Shootouts",
        "Final result",
        "Decided by: most coins",
    ):
        assert words in out, words
    assert " wins." in out or "share the victory" in out
    assert "Pass the device" not in out  # one human: no hotseat screens
    record = _record(save)
    assert record["game"] == "click-click-boom(players=4)"
    assert record["seats"] == ["human", bot, bot, bot]
    code, out = run(["replay", str(save), "--check"])
    assert code == 0 and "ok: 1 record" in out


@pytest.mark.parametrize("preset", ["quick", "advanced"])
def test_presets_play_to_the_end(
    preset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / f"{preset}.json"
    argv = ["play", "boom", "--players", "3", "--preset", preset, "--seed", "2"]
    code, out = run([*argv, "--save", str(save)], "1\n" * 3000, monkeypatch)
    assert code == 0, out[-3000:]
    assert "Final result" in out
    if preset == "quick":
        assert "Quick Play" in out and "Click" in out and "coins" not in out.split("Final")[1]
    else:
        assert "Advanced Play" in out and "R=" in out
    code, out = run(["replay", str(save), "--check"])
    assert code == 0, out


def test_hotseat_hands_the_device_over_and_never_shows_a_seat_its_own_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "hotseat.json"
    seats = ["--seat", "0=human", "--seat", "1=human", "--seat", "2=greedy"]
    code, out = run(
        ["play", "boom", "--wide", "--players", "3", *seats, "--seed", "4", "--save", str(save)],
        "1\n" * 3000,
        monkeypatch,
    )
    assert code == 0, out[-3000:]
    record = _record(save)
    assert record["seats"] == ["human", "human", "greedy"]
    playing, _, final = out.partition("▶ Game over.")
    assert final, "the game did not end"

    # The screens, in order: every human prompt ends one. A pass-the-device screen comes
    # before a human's screen whenever the human to move is not the one who moved last.
    prompt = re.compile(r"^(Player ([12]))> ", re.MULTILINE)
    screens = []
    start = 0
    for match in prompt.finditer(playing):
        screens.append((int(match[2]) - 1, playing[start : match.start()]))
        start = match.end()
    moves = _human_views(record)
    assert len(screens) == len(moves) > 20
    previous = None
    handoffs = 0
    for (seat, screen), (mover, view, spectator) in zip(screens, moves, strict=True):
        assert seat == mover
        name = f"Player {seat + 1}"
        handed = f"Pass the device to {name}, press Enter" in screen
        assert handed == (seat != previous), (seat, previous)
        handoffs += handed
        if handed:  # nothing of the table between the pass screen and that seat's own screen
            after = screen.partition(f"Pass the device to {name}")[2]
            assert "Click Click Boom" not in after.split(f"{name}'s screen")[0]
        previous = seat
        # The viewer's own hand: backs only, as many as it holds, never a face.
        row = _own_row(screen, name)
        mine = spectator["seats"][seat]["hand"]  # the true hand
        assert mine is not None and len(mine) == view["seats"][seat]["hand_count"]
        assert row["hand"].count("▒▒") == len(mine), row["hand"]
        assert "unseen" in row["hand"]
        _check_own_hand(view, row["hand"])
        # Its own table cards: backs, unless its view knows them (Heather asked, Jill looked).
        for side in ("left", "right"):
            entry = view["seats"][seat][side]
            cell = row[f"{side} card"]
            if entry is not None and entry["card"] is None:
                assert "▒▒" in cell and not any(kind in cell for kind in KINDS), cell
        # No line tells a human which card of its own hand a pick took, or which card a random
        # draw from its hand was: on its own screen (its view's log) and in the lines printed
        # between screens (from what both humans may see).
        cut = screen.rindex("\nClick Click Boom  ")
        between, table = screen[:cut], screen[cut:]
        for text, humans in ((between, (0, 1)), (table, (seat,))):
            for human in humans:
                assert not re.search(rf"card \d for Player {human + 1}'s", text), text
                assert not re.search(rf"Player {human + 1}'s (own )?hand[^\n]*\(card \d", text)
    assert handoffs >= 10
    # the narrated log between screens: a pick from a watching human's hand names no card
    assert "picks a card from Player 1's hand" in playing
    assert "picks a card from Player 2's hand" in playing
    assert "a card in secret" in playing and "reveals the" in playing
    code, out = run(["replay", str(save), "--check"])
    assert code == 0, out


def test_quit_at_the_pass_screen_saves_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "stopped.json"
    seats = ["--seat", "0=human", "--seat", "1=human"]
    code, out = run(
        ["play", "boom", "--players", "2", *seats, "--seed", "1", "--save", str(save)],
        "quit\n",
        monkeypatch,
    )
    assert code == 1 and "Pass the device to Player 2, press Enter" in out
    assert "Stopped." in out and "Click Click Boom  " not in out  # no table was drawn
    assert _record(save)["seats"] == ["human", "human"]


def test_bad_input_is_refused_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Seed 5, 4 players: the human's first decision is the right card of seat 1's turn.
    save = tmp_path / "bad.json"
    script = "zzz\n99\nhelp\nL0:boom\nleft\nR0:click\nL9\n1\nquit\n"
    argv = ["play", "boom", "--players", "4", "--seed", "5", "--save", str(save)]
    code, out = run([*argv, "--seat", "1=greedy"], script, monkeypatch)
    assert code == 1, out[-3000:]
    flat = " ".join(out.split())
    assert "'zzz' is not a move of Click Click Boom" in flat
    assert "no move 99: choose 1-" in flat
    assert "Notation: L2:boom takes card 2" in flat
    assert "L0:boom is not legal now: the left card is picked already" in flat
    assert "left is not legal now: the showdown choice comes after the turns" in flat
    assert "R0:click is not legal now: the claims of the full game are none, pay, steal" in flat
    assert "a hand holds at most six cards" in flat
    assert "Stopped." in out
    record = _record(save)
    human_moves = [a for a in record["actions"] if a.startswith("R0")]
    assert human_moves, record["actions"]  # "1" played R0, the first move listed


# -- the step log ------------------------------------------------------------------------------


@pytest.mark.parametrize("humans", [(0,), (0, 2)])
def test_step_log_never_prints_what_a_human_may_not_see(humans: tuple[int, ...]) -> None:
    game = load("click-click-boom(advanced=true)", 3)
    names = [f"p{i}" for i in range(3)]
    hidden = revealed = 0
    for seed in range(4):
        match = Match(game, seed, ["random"] * 3)
        reporter = StepReporter(names)
        rng = random.Random(seed)
        while not match.state.is_terminal():
            seat = match.state.current_player()
            action = rng.choice(match.state.legal_actions())
            match.play(action, seat)
            state = match.state
            view = witness_view(state.view(None), [state.view(h) for h in humans])
            show = seat not in humans or len(humans) > 1
            words = game.describe_action(action)
            lines = reporter(view, seat, words, show)
            text = "\n".join(line.plain if isinstance(line, Text) else str(line) for line in lines)
            if state.is_terminal():
                break
            for human in humans:
                assert not re.search(rf"card \d for p{human}'s", text), text
                assert not re.search(rf"p{human}'s (own )?hand[^\n]*\(card \d\)", text), text
            hidden += text.count("(hidden until all are in)")
            revealed += text.count("(revealed)")
    assert hidden > 10 and revealed > 10
    assert revealed <= hidden


def test_log_names_the_turn_player_of_every_pick() -> None:
    """Picks are written with the player whose card it is, worked out through deaths."""
    game = load("click-click-boom", 5)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        before = state.view(None)
        action = rng.choice(state.legal_actions())
        state.apply(action)
        text = game.action_to_string(action)
        if text[0] in "LR":
            line = log_items(state.view(None), [f"s{i}" for i in range(5)])
            mine = [item for item in line if item.key == ("log", len(state.history) - 1)]
            side = "LEFT" if text[0] == "L" else "RIGHT"
            assert f"for s{before['turn']}'s {side}" in mine[0].line.plain


# -- the renderer ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_renderer_draws_every_phase_of_random_games(players: int) -> None:
    specs = [
        "click-click-boom",
        "click-click-boom(mode=quick)",
        "click-click-boom(advanced=true)",
        "click-click-boom(characters=none)",
        "click-click-boom(characters=chosen,advanced=true)",
    ]
    names = [f"seat{i}" for i in range(players)]
    phases: set[str] = set()
    rng = random.Random(players)
    for spec in specs:
        game = load(spec, players)
        # every kind of position of each spec once (phase, seat or chance), a few others
        kinds: set[tuple[str, bool]] = set()
        for _ in range(3 if players == 2 else 2):
            state = game.new_initial_state()
            while not state.is_terminal():
                seat = state.current_player()
                view = state.view(seat if seat >= 0 else None)
                phases.add(view["phase"])
                kind = (view["phase"], seat >= 0)
                if kind not in kinds or rng.random() < 0.01:
                    kinds.add(kind)
                    _check_screen(view, names, rng.choice((80, 100, 120)))
                if seat == CHANCE:
                    state.apply(sample_chance(state, rng))
                else:
                    state.apply(rng.choice(state.legal_actions()))
            final = state.view(None)
            phases.add(final["phase"])
            text = _draw(render_view(final, names), 120) + _draw(render_outcome(final, names), 120)
            assert "Game over." in text and "Final result" in text and "Decided by:" in text
            assert " wins." in text or "share the victory" in text
            for result in range(1, len(final["results"]) + 1):
                assert f" {result}   " in text  # a row of the shootouts table
    expected = PHASES - {"tie"}  # a tie is rare: test_renderer_shows_the_tie_break
    if players == 2:
        expected.discard("pick-right")  # the stand-off: the right card is drawn
    assert expected <= phases


def _check_screen(view: View, names: list[str], width: int) -> None:
    text = _draw(render_view(view, names), width)
    assert "Click Click Boom" in text and "▶" in text
    flat = " ".join(text.split())
    for name in names:
        assert name in flat
    me = view["me"]
    if me is None:
        return
    row = _own_row(text, names[me])
    _check_own_hand(view, row["hand"])
    count = view["seats"][me]["hand_count"]
    assert row["hand"].count("▒▒") == count or (count == 0 and "(none)" in row["hand"])
    moves = _draw(render_moves(view, view["legal"], names), width)
    flat = " ".join(moves.split())
    for number in range(1, len(view["legal"]) + 1):
        assert f"{number})" in flat
    for move in view["legal"]:
        head = move.split(":")[0] if move[0] in "LR" else move
        assert head in flat, (head, flat)


def test_renderer_shows_the_tie_break() -> None:
    game = load("click-click-boom", 4)
    for seed in range(400):
        match = Match(game, seed, ["random"] * 4)
        rng = random.Random(seed)
        while not match.state.is_terminal():
            match.play(rng.choice(match.state.legal_actions()))
        outcome = match.state.outcome()
        assert outcome is not None
        if "tie" in outcome.reason:
            break
    else:
        pytest.skip("no tie in 400 games")
    names = [f"s{i}" for i in range(4)]
    final = match.state.view(None)
    text = " ".join(_draw(render_outcome(final, names), 100).split())
    assert "BOOMs unplayed" in text and "steals played" in text
    assert "Decided by: most coins, tie broken by the fewest BOOM cards unplayed" in text
    if "draw" in outcome.reason:  # the rulebook's final draw: a chance step of its own
        state = game.new_initial_state()
        for action in match.record().actions[:-1]:
            play(state, action)
        view = state.view(None)
        assert view["phase"] == "tie"
        tied = " and ".join(names[s] for s in view["tied"])
        assert f"A tie between {tied}: the final draw decides" in _draw(
            render_view(view, names), 100
        )


def _scripted(spec: str, players: int, moves: str) -> Any:
    state = load(spec, players).new_initial_state()
    for move in moves.split():
        play(state, move)
    return state


def _screen(state: Any, viewer: int | None) -> str:
    return " ".join(_draw(render_view(state.view(viewer), ["ann", "bo", "cy"]), 120).split())


def test_the_same_card_claim_is_drawn_with_the_left_card() -> None:
    """Rulebook, Turn — Part 2 (Advanced): the player on the right "picks the same card as the
    player on the left" (boom-advanced: the claim goes with the card both picked, the random
    right card carries none)."""
    # bo picks ann's hand card 3 (a steal) saying pay; cy picks it again, saying boom
    state = _scripted("click-click-boom(advanced=true,characters=none)", 3, "L3:pay R=:boom")
    pending = _screen(state, 1)
    assert "same card as the LEFT" in pending and "drawing…" in pending
    play(state, "draw:0")
    for viewer in (None, 0, 1):
        flat = _screen(state, viewer)
        assert '"boom" by cy' in flat and "(the same card)" in flat, flat
        assert " at random" in flat and "(silent)" not in flat, flat
        assert 'Pay "boom"' not in flat  # the random right card carries no claim at all
    words = " ".join(item.line.plain for item in log_items(state.view(1), ["ann", "bo", "cy"]))
    assert 'the same card: ann\'s LEFT card again, saying "boom" about it' in words


def test_a_pass_in_progress_shows_who_has_passed_and_never_what() -> None:
    """Rulebook: "All players left alive will then pass a card face-down to the next player"
    (boom-passing: at once; who has passed is shown, how is not, until all have)."""
    state = _scripted(
        "click-click-boom(characters=none)", 3, "L0 R0 L0 R0 L0 R0 left left left pass:random"
    )
    mine, theirs = _screen(state, 0), _screen(state, 1)
    assert "passes at random" in mine and "has passed (hidden)" not in mine
    assert "has passed (hidden)" in theirs and "random" not in theirs.split("Last moves:")[0]
    assert "passed: ann · still to pass: you, cy" in theirs
    assert "ann: has passed a card" in theirs and "pass:random" not in theirs
    play(state, "pass:unrevealed")
    play(state, "pass:unrevealed")  # all are in: shown, the random card drawn face down
    assert state.view(None)["phase"] == "pass-draw"
    flat = _screen(state, 1)
    assert "ann: passes a random card" in flat and "passes at random" in flat


def test_carlas_face_down_card_is_a_back_in_her_played_pile() -> None:
    """Rulebook, Carla Coyote: "place it face-down in to your Played Card Pile" (boom-carla)."""
    state = _scripted(
        "click-click-boom(characters=chosen)",
        3,
        "char:carla char:rory char:felix L5 R0 L0 R0 L0 R0 left left left save draw:1",
    )
    assert state.view(None)["seats"][0]["played"] == [None]
    for viewer in (None, 0, 1, 2):
        flat = _screen(state, viewer)
        assert "saved from the BOOM" in flat
        assert "a random card from ann's hand goes to her played pile (which one is hidden)" in flat
