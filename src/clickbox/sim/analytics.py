"""Balance analytics: what a designer asks of a game, measured over many simulated games.

:func:`analyze` plays ``games`` games of one setup (bots per seat, seeds from one seed) and
streams every game into an :class:`Analysis`, a few running sums per figure, so memory stays
flat however many games are played and chunks played apart (worker processes) merge into the
same figures in the same order. The figures: each seat's win rate and mean score (is the seat
order fair?), shared wins, the game's length in decisions and chance events, the branching
factor (legal moves per decision, as Ludii reports it), how the games ended, and the game's
own levers (:mod:`.levers`). :func:`sweep` runs one analysis per option value.
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..bots.registry import make_bot, split_bot_specs
from ..core import ClickboxError, GameBase, Match, OptionError, derive_rng
from ..core.i18n import t
from ..games import load
from .checkpoint import ChunkStore, run_stored
from .levers import characters_of, is_rate, levers_of, running_scores
from .runner import BotError
from .series import check_run, chunks, game_seed
from .stats import Z95, Estimate, binomial_test, holm, proportion_interval

MIN_GAMES = 100
"""Below this many games (or an expected count below :data:`MIN_EXPECTED`) nothing is called
significant: the small-sample rule."""
MIN_EXPECTED = 5.0
"""The least expected count of wins, and of losses, in a test against a fair share."""
ALPHA = 0.05
"""A difference is marked when its Holm-adjusted p-value is below this."""


@dataclass
class Moments:
    """Count, sum and sum of squares of a figure, and its extremes: enough for its mean, spread
    and 95% interval, and mergeable."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    low: float = math.inf
    high: float = -math.inf

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value
        self.low = min(self.low, value)
        self.high = max(self.high, value)

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        self.low = min(self.low, other.low)
        self.high = max(self.high, other.high)

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else math.nan

    @property
    def sd(self) -> float:
        """The sample standard deviation (NaN below two values)."""
        if self.n < 2:
            return math.nan
        variance = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, variance))

    def estimate(self) -> Estimate:
        """The mean with its normal-approximation 95% interval."""
        if self.n < 2:
            return Estimate(self.mean, math.nan, math.nan)
        half = Z95 * self.sd / math.sqrt(self.n)
        return Estimate(self.mean, self.mean - half, self.mean + half)

    def rate(self) -> Estimate:
        """A figure that is 0 or 1 per game as a share of the games, with its Wilson interval."""
        return proportion_interval(round(self.total), self.n)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "total": self.total,
            "squares": self.squares,
            "low": self.low if self.n else None,
            "high": self.high if self.n else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Moments:
        low, high = data["low"], data["high"]
        return cls(
            int(data["n"]),
            float(data["total"]),
            float(data["squares"]),
            math.inf if low is None else float(low),
            -math.inf if high is None else float(high),
        )


@dataclass
class Analysis:
    """The figures of a series of games of one setup (see the module's docstring)."""

    game: str
    bots: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    shared_wins: int = 0
    scores: list[Moments] = field(default_factory=list)
    score_counts: list[Counter[int]] = field(default_factory=list)
    decisions: Moments = field(default_factory=Moments)
    chance_events: Moments = field(default_factory=Moments)
    branching: Moments = field(default_factory=Moments)
    length_counts: Counter[int] = field(default_factory=Counter)
    lead_changes: Moments = field(default_factory=Moments)
    winner_known: Moments = field(default_factory=Moments)
    """The share of the game after which the (sole) winner led for good, by the running
    scores: 0 if it led from the first decision, near 1 if it took the lead at the end."""
    endings: Counter[str] = field(default_factory=Counter)
    levers: dict[str, Moments] = field(default_factory=dict)
    credit: list[float] = field(default_factory=list)
    """Each seat's wins with a win shared by k seats counted 1/k (what the tests read). Older
    analyses without it read ``wins`` (exact where no win was shared)."""
    sole_wins: list[int] = field(default_factory=list)
    """Each seat's wins alone; empty where unknown (an older analysis with shared wins)."""
    character_games: dict[str, list[int]] = field(default_factory=dict)
    """Per character, the games it was played in each seat."""
    character_wins: dict[str, list[int]] = field(default_factory=dict)
    """Per character and seat, its wins (a shared win counts for each sharer)."""
    character_credit: dict[str, list[float]] = field(default_factory=dict)
    """Per character and seat, its wins with a shared win split (as ``credit``)."""

    def __post_init__(self) -> None:
        seats = len(self.bots)
        self.wins = self.wins or [0] * seats
        self.scores = self.scores or [Moments() for _ in range(seats)]
        self.score_counts = self.score_counts or [Counter() for _ in range(seats)]
        self.credit = self.credit or [float(w) for w in self.wins]
        if not self.sole_wins and not self.shared_wins:
            self.sole_wins = list(self.wins)

    def merge(self, other: Analysis) -> None:
        """Add ``other``'s games (of the same setup)."""
        if (other.game, other.bots) != (self.game, self.bots):
            raise ValueError("only analyses of the same setup merge")
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.shared_wins += other.shared_wins
        for mine, theirs in zip(self.scores, other.scores, strict=True):
            mine.merge(theirs)
        for mine_counts, their_counts in zip(self.score_counts, other.score_counts, strict=True):
            mine_counts.update(their_counts)
        self.decisions.merge(other.decisions)
        self.chance_events.merge(other.chance_events)
        self.branching.merge(other.branching)
        self.length_counts.update(other.length_counts)
        self.lead_changes.merge(other.lead_changes)
        self.winner_known.merge(other.winner_known)
        self.endings.update(other.endings)
        for name, moments in other.levers.items():
            self.levers.setdefault(name, Moments()).merge(moments)
        self.credit = [a + b for a, b in zip(self.credit, other.credit, strict=True)]
        known = self.sole_wins and other.sole_wins
        pairs = zip(self.sole_wins, other.sole_wins, strict=True) if known else ()
        self.sole_wins = [a + b for a, b in pairs]
        _add_per_seat(self.character_games, other.character_games, len(self.bots))
        _add_per_seat(self.character_wins, other.character_wins, len(self.bots))
        _add_per_seat(self.character_credit, other.character_credit, len(self.bots))

    # -- reading --------------------------------------------------------------------------------

    def win_rate(self, seat: int) -> Estimate:
        """The seat's share of games won (a shared win counts for each sharer), Wilson 95%."""
        return proportion_interval(self.wins[seat], self.games)

    def add_winners(
        self, winners: Sequence[int], characters: Sequence[str | None] | None = None
    ) -> None:
        """Count one more game won by ``winners`` (a shared win: 1/k credit to each of the k
        sharers, a win to each in ``wins``), with the character of each seat where known."""
        self.games += 1
        for seat in winners:
            self.wins[seat] += 1
            self.credit[seat] += 1 / len(winners)
        if len(winners) > 1:
            self.shared_wins += 1
        elif winners and self.sole_wins:
            self.sole_wins[winners[0]] += 1
        seats = len(self.bots)
        for seat, character in enumerate(characters or []):
            if character is not None:
                won = seat in winners
                self.character_games.setdefault(character, [0] * seats)[seat] += 1
                self.character_wins.setdefault(character, [0] * seats)[seat] += won
                credit = self.character_credit.setdefault(character, [0.0] * seats)
                credit[seat] += 1 / len(winners) if won else 0.0

    def win_share(self, seat: int) -> Estimate:
        """The seat's share of the wins with a shared win split (1/k to each of k sharers),
        Wilson 95%: the seats' shares add up to 1."""
        return proportion_interval(self.credit[seat], self.games)

    def seat_advantage(self) -> dict[str, Any]:
        """Whether the wins differ by seat more than chance would: a chi-square test of the
        wins (a shared win split) against equal shares; ``significant`` below 0.05 and never
        under the small-sample rule."""
        seats = len(self.bots)
        total = sum(self.credit)
        if seats < 2 or total == 0:
            return {"chi2": math.nan, "p": math.nan, "significant": False}
        expected = total / seats
        chi2 = sum((w - expected) ** 2 / expected for w in self.credit)
        p = _chi2_survival(chi2, seats - 1)
        return {"chi2": chi2, "p": p, "significant": p < ALPHA and not self.small_sample()}

    def characters(self) -> list[str]:
        """The characters played, by name (from the counts, or an older analysis's levers)."""
        names = set(self.character_games)
        names |= {k.removeprefix("win rate: ") for k in self.levers if k.startswith("win rate: ")}
        return sorted(names)

    def character_record(self, name: str) -> tuple[int, int, float]:
        """The character's games, wins (each sharer counted) and split wins (an older analysis
        without per-seat counts: its lever, a shared win counted for each sharer)."""
        if name in self.character_games:
            return (
                sum(self.character_games[name]),
                sum(self.character_wins[name]),
                sum(self.character_credit[name]),
            )
        moments = self.levers.get(f"win rate: {name}", Moments())
        return moments.n, round(moments.total), moments.total

    def mixed_bots(self) -> dict[str, list[int]]:
        """Each bot spec's seats, where the seats hold different bots (else empty)."""
        if len(set(self.bots)) < 2:
            return {}
        held: dict[str, list[int]] = {}
        for seat, spec in enumerate(self.bots):
            held.setdefault(spec, []).append(seat)
        return held

    def _fair_share_tests(self) -> list[FairShare]:
        players = len(self.bots)
        tests: list[FairShare] = []
        if players < 2:
            return tests
        fair = 1 / players
        for seat in range(players):
            tests.append(FairShare("seat", f"seat {seat + 1}", self.credit[seat], self.games, fair))
        for name in self.characters():
            games, _, credit = self.character_record(name)
            tests.append(FairShare("character", name, credit, games, fair))
        for spec, seats in self.mixed_bots().items():
            credit = sum(self.credit[s] for s in seats)
            tests.append(FairShare("bot", spec, credit, self.games, len(seats) / players))
        return tests

    def small_sample(self) -> bool:
        """The small-sample rule: fewer than :data:`MIN_GAMES` games, or a fair-share test
        expecting fewer than :data:`MIN_EXPECTED` wins or losses."""
        return self.games < MIN_GAMES or any(
            min(t.n * t.fair, t.n * (1 - t.fair)) < MIN_EXPECTED for t in self._fair_share_tests()
        )

    def fair_share_tests(self, family: str | None = None) -> list[FairShare]:
        """Each seat, character (Click Click Boom) and bot spec (where the seats' bots differ)
        against its fair share: the exact binomial test of its wins (a shared win split, rounded
        to a whole win) with Holm's correction within its family ("seat", "character",
        "bot"); marked when the adjusted p is below :data:`ALPHA` and the sample is not small.
        """
        raw = self._fair_share_tests()
        small = self.small_sample()
        done: list[FairShare] = []
        for kind in ("seat", "character", "bot"):
            members = [t for t in raw if t.family == kind]
            ps = [binomial_test(round(t.credit), t.n, t.fair) if t.n else math.nan for t in members]
            for test, p, adjusted in zip(members, ps, holm(ps), strict=True):
                marked = adjusted < ALPHA and not small
                done.append(replace(test, p=p, adjusted=adjusted, marked=marked))
        return [t for t in done if family is None or t.family == family]

    def lever(self, name: str) -> Estimate:
        """A lever's mean and 95% interval: Wilson for a rate (0 or 1 per game), else normal."""
        moments = self.levers[name]
        return moments.rate() if is_rate(name) else moments.estimate()

    def to_json(self) -> dict[str, Any]:
        """Every figure, plain data (the raw sums, so that analyses saved apart still merge)."""
        return {
            "game": self.game,
            "bots": self.bots,
            "games": self.games,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "scores": [m.to_json() for m in self.scores],
            "score_counts": [{str(k): v for k, v in sorted(c.items())} for c in self.score_counts],
            "decisions": self.decisions.to_json(),
            "chance_events": self.chance_events.to_json(),
            "branching": self.branching.to_json(),
            "length_counts": {str(k): v for k, v in sorted(self.length_counts.items())},
            "lead_changes": self.lead_changes.to_json(),
            "winner_known": self.winner_known.to_json(),
            "endings": dict(sorted(self.endings.items())),
            "levers": {name: m.to_json() for name, m in sorted(self.levers.items())},
            "credit": self.credit,
            "sole_wins": self.sole_wins,
            "character_games": dict(sorted(self.character_games.items())),
            "character_wins": dict(sorted(self.character_wins.items())),
            "character_credit": dict(sorted(self.character_credit.items())),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Analysis:
        return cls(
            game=str(data["game"]),
            bots=list(data["bots"]),
            games=int(data["games"]),
            wins=list(data["wins"]),
            shared_wins=int(data["shared_wins"]),
            scores=[Moments.from_json(m) for m in data["scores"]],
            score_counts=[Counter({int(k): v for k, v in c.items()}) for c in data["score_counts"]],
            decisions=Moments.from_json(data["decisions"]),
            chance_events=Moments.from_json(data["chance_events"]),
            branching=Moments.from_json(data["branching"]),
            length_counts=Counter({int(k): v for k, v in data["length_counts"].items()}),
            lead_changes=Moments.from_json(data["lead_changes"]),
            winner_known=Moments.from_json(data["winner_known"]),
            endings=Counter(data["endings"]),
            levers={name: Moments.from_json(m) for name, m in data["levers"].items()},
            credit=[float(c) for c in data.get("credit", [])],
            sole_wins=[int(w) for w in data.get("sole_wins", [])],
            character_games={k: list(v) for k, v in data.get("character_games", {}).items()},
            character_wins={k: list(v) for k, v in data.get("character_wins", {}).items()},
            character_credit={k: list(v) for k, v in data.get("character_credit", {}).items()},
        )


def _add_per_seat(mine: dict[str, Any], theirs: Mapping[str, list[Any]], seats: int) -> None:
    """Add per-seat counts by name (the characters')."""
    for name, counts in theirs.items():
        into = mine.setdefault(name, [0] * seats)
        for seat, count in enumerate(counts):
            into[seat] += count


@dataclass(frozen=True)
class FairShare:
    """One asymmetry tested against its fair share: ``credit`` wins (a shared win split) of
    ``n`` games where ``fair`` is the share of a player no better than the rest."""

    family: str
    label: str
    credit: float
    n: int
    fair: float
    p: float = math.nan
    adjusted: float = math.nan
    """The p-value after Holm's correction within the family."""
    marked: bool = False

    @property
    def estimate(self) -> Estimate:
        """The share of the games won, Wilson 95%."""
        return proportion_interval(self.credit, self.n)


def _chi2_survival(x: float, dof: int) -> float:
    """P(X >= x) for a chi-square variable with ``dof`` degrees of freedom (series of the
    regularized incomplete gamma function; standard library only)."""
    if x <= 0:
        return 1.0
    a, half = dof / 2.0, x / 2.0
    term = total = 1.0 / a
    k = 0
    while term > total * 1e-15 and k < 10_000:
        k += 1
        term *= half / (a + k)
        total += term
    lower = math.exp(-half + a * math.log(half) - math.lgamma(a)) * total
    return max(0.0, 1.0 - lower)


def play_and_measure(
    game: GameBase, bot_specs: Sequence[str], seed: int, index: int, analysis: Analysis
) -> dict[str, Any]:
    """Play game ``index`` of the series seeded ``seed``, add it to ``analysis`` and return
    its row (plain data: index, seed, bots, scores, winners, decisions, chance events, the
    ending, each seat's character or None)."""
    bots = [make_bot(spec) for spec in bot_specs]
    match = Match(game, game_seed(seed, index), list(bot_specs))
    rngs = [derive_rng(match.seed, "bot", seat) for seat in range(game.num_players)]
    state = match.state
    decisions = legal_total = 0
    leaders: list[int] = []  # the sole leader after each decision (-1: a tie for the lead)
    watch = game.num_players > 1 and running_scores(game.key, state.view(None, False)) is not None
    while not state.is_terminal():
        seat = state.current_player()
        legal = len(state.legal_actions())
        action = bots[seat].choose(state.view(seat), game, rngs[seat])
        try:
            match.play(action, seat)
        except ClickboxError as exc:
            raise BotError(
                f"{bot_specs[seat]} (seat {seat}) chose an illegal action: {exc}"
            ) from exc
        decisions += 1
        legal_total += legal
        if watch:
            leaders.append(_leader(running_scores(game.key, state.view(None, False)) or []))
    outcome = state.outcome()
    assert outcome is not None
    if leaders and len(outcome.winners) == 1:
        (winner,) = outcome.winners
        analysis.lead_changes.add(float(_lead_changes(leaders)))
        behind = [i for i, leader in enumerate(leaders) if leader != winner]
        analysis.winner_known.add((behind[-1] + 1) / len(leaders) if behind else 0.0)
    winners = sorted(outcome.winners)
    full = game.full_view(state)
    characters = characters_of(game.key, full)
    seats = game.num_players
    analysis.add_winners(winners, characters)
    for seat, score in enumerate(outcome.scores):
        analysis.scores[seat].add(float(score))
        analysis.score_counts[seat][round(float(score))] += 1
    analysis.decisions.add(float(decisions))
    analysis.chance_events.add(float(state.state_id - decisions))
    if decisions:
        analysis.branching.add(legal_total / decisions)
    analysis.length_counts[decisions] += 1
    analysis.endings[outcome.reason] += 1
    for name, value in levers_of(game.key, full, outcome).items():
        analysis.levers.setdefault(name, Moments()).add(value)
    return {
        "index": index,
        "seed": match.seed,
        "bots": list(bot_specs),
        "scores": [_plain(score) for score in outcome.scores],
        "winners": winners,
        "decisions": decisions,
        "chance_events": state.state_id - decisions,
        "ending": outcome.reason,
        "characters": characters or [None] * seats,
    }


def _plain(value: float) -> float | int:
    """A score as JSON shows it best: a whole number as an int."""
    number = float(value)
    return int(number) if number.is_integer() else number


def _lead_changes(leaders: list[int]) -> int:
    """How often the sole lead passed to another seat (a tie for the lead passes nothing)."""
    changes, last = 0, -1
    for leader in leaders:
        if leader >= 0:
            changes += last >= 0 and leader != last
            last = leader
    return changes


def _leader(scores: list[float]) -> int:
    best = max(scores, default=0.0)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else -1


def _chunk(spec: str, bot_specs: list[str], seed: int, start: int, count: int) -> dict[str, Any]:
    game = load(spec)
    analysis = Analysis(game.spec(), list(bot_specs))
    for index in range(start, start + count):
        play_and_measure(game, bot_specs, seed, index, analysis)
    return analysis.to_json()


def chunk_task(task: tuple[str, list[str], int, int, int]) -> dict[str, Any]:
    """The analysis (as JSON) of the chunk ``(spec, bots, seed, start, count)``: what a worker
    process or a Ray task plays (:func:`run_tasks`; ``clickbox tune`` uses both)."""
    return _chunk(*task)


def _chunk_with_rows(task: tuple[str, list[str], int, int, int]) -> dict[str, Any]:
    """A chunk's analysis and one row per game (``play_and_measure``'s), for the report's
    per-game table."""
    spec, bot_specs, seed, start, count = task
    game = load(spec)
    analysis = Analysis(game.spec(), list(bot_specs))
    rows = []
    for index in range(start, start + count):
        row = play_and_measure(game, bot_specs, seed, index, analysis)
        if row is not None:
            rows.append(row)
    return {"analysis": analysis.to_json(), "rows": rows}


def analyze(
    game: GameBase,
    bot_specs: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    store: ChunkStore | None = None,
) -> Analysis:
    """The analysis of ``games`` games of ``game`` with one bot spec per seat.

    The figures do not depend on ``workers`` nor on ``backend`` (``local``: this process or a
    pool of ``workers`` processes; ``ray``: a Ray cluster at ``address``, or a local Ray of
    ``workers`` CPUs started for the run): the games are the same (seeded by their index) and
    their chunks merge in order. ``on_progress`` is told how many games each finished chunk
    held. With a ``store``, each chunk is saved as it finishes, with its per-game rows
    (:func:`game_rows` reads them back), and chunks saved by an earlier run of the same setup
    are read instead of played: a stopped analysis resumes.
    """
    specs = list(bot_specs)
    check_run(game, specs, workers, backend)
    if games < 1:
        raise OptionError(f"games must be at least 1 (got {games})")
    parts = chunks(games)
    tasks = [(game.spec(), specs, seed, start, count) for start, count in parts]
    total = Analysis(game.spec(), specs)
    if store is None:
        results: Iterator[tuple[dict[str, Any], bool]] = (
            (part, True) for part in run_tasks(tasks, workers, backend, address)
        )
    else:
        key = setup_key(game.spec(), specs, seed)

        def run(todo: list[tuple[str, list[str], int, int, int]]) -> Iterator[dict[str, Any]]:
            return run_tasks(todo, workers, backend, address, _chunk_with_rows)

        results = run_stored(tasks, [start for start, _ in parts], run, store, key)
    for part, _ in results:
        analysis = Analysis.from_json(part.get("analysis", part))
        total.merge(analysis)
        if on_progress is not None:
            on_progress(analysis.games)
    return total


def setup_key(spec: str, specs: Sequence[str], seed: int, work: str = "analysis") -> str:
    """The name of a setup's chunks in a :class:`ChunkStore`."""
    return ChunkStore.key(work, spec, list(specs), seed)


def game_rows(
    store: ChunkStore, spec: str, specs: Sequence[str], seed: int
) -> Iterator[dict[str, Any]]:
    """The per-game rows of a stored analysis, in game order (one chunk in memory at a time)."""
    key = setup_key(spec, specs, seed)
    for path in sorted(store.folder.glob(f"{key}-*.json")):
        data = json.loads(path.read_text())
        yield from data.get("rows", [])


def run_tasks(
    tasks: list[tuple[str, list[str], int, int, int]],
    workers: int,
    backend: str,
    address: str | None,
    work: Callable[[tuple[str, list[str], int, int, int]], dict[str, Any]] = chunk_task,
) -> Iterator[dict[str, Any]]:
    """``work`` of every task, in order, on the backend."""
    if backend == "ray":
        from .ray_backend import run_in_order

        yield from run_in_order(work, tasks, workers, address)
        return
    if workers == 1:
        yield from (work(task) for task in tasks)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap(work, tasks)


BOT_KEYS = ("bots",)
"""Sweep keys that name bots rather than options: ``bots`` (every seat) and ``seatN`` (seat N,
from 1)."""


def _is_bot_key(key: str) -> bool:
    return key in BOT_KEYS or (key.startswith("seat") and key[4:].isdigit())


def sweep_values(key: str, text: str) -> list[str]:
    """The values of one sweep: ``a,b,c``, integer ranges ``6..12`` and ``6..12:2`` (mixed with
    single values: ``0,6..8``), or bot specs for ``bots``/``seatN`` (``greedy,ismcts:c=1``)."""
    if _is_bot_key(key):
        return split_bot_specs(text)
    values: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if ".." not in part:
            values.append(part)
            continue
        low_text, _, rest = part.partition("..")
        high_text, _, step_text = rest.partition(":")
        try:
            low, high = int(low_text), int(high_text)
            step = int(step_text) if step_text.strip() else 1
        except ValueError:
            raise OptionError(
                t(
                    "a range is LOW..HIGH or LOW..HIGH:STEP of whole numbers (got {text})",
                    text=repr(part),
                )
            ) from None
        if step < 1 or high < low:
            raise OptionError(
                t(
                    "a range goes up from LOW to HIGH by a step of at least 1 (got {text})",
                    text=repr(part),
                )
            )
        values += [str(v) for v in range(low, high + 1, step)]
    return values


def sweep_settings(sweeps: Sequence[str]) -> list[dict[str, str]]:
    """Every combination of ``KEY=V1,V2,...`` sweeps (``preset=a,b`` sweeps presets, ``bots=``
    and ``seatN=`` bots, ``KEY=LOW..HIGH[:STEP]`` a range of numbers)."""
    axes: list[list[tuple[str, str]]] = []
    for text in sweeps:
        key, sep, values = text.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise OptionError(
                t("a sweep is KEY=V1,V2,... or KEY=LOW..HIGH (got {text})", text=repr(text))
            )
        axes.append([(key.strip(), v) for v in sweep_values(key.strip(), values)])
    return [dict(combination) for combination in itertools.product(*axes)] if axes else [{}]


def setting_bots(setting: Mapping[str, str], specs: list[str]) -> list[str]:
    """The bot specs per seat under a sweep's setting (its ``bots``/``seatN`` keys)."""
    specs = list(specs)
    if "bots" in setting:
        specs = [setting["bots"]] * len(specs)
    for key, value in setting.items():
        if key.startswith("seat") and key[4:].isdigit():
            seat = int(key[4:]) - 1
            if not 0 <= seat < len(specs):
                raise OptionError(
                    t(
                        "{key}: there are seats 1 to {seats}",
                        key=key,
                        seats=len(specs),
                    )
                )
            specs[seat] = value
    return specs


def sweep(
    name: str,
    players: int | None,
    bot_specs: Sequence[str] | None,
    sweeps: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    options: Mapping[str, object] | None = None,
    backend: str = "local",
    address: str | None = None,
    store: ChunkStore | None = None,
) -> list[tuple[dict[str, str], Analysis]]:
    """One analysis per combination of the sweeps' values, each on the same seeds (chunks kept
    in ``store``: see :func:`analyze`)."""
    results = []
    for setting in sweep_settings(sweeps):
        preset = setting.get("preset")
        options_set = {k: v for k, v in setting.items() if k != "preset" and not _is_bot_key(k)}
        game = load(
            name, players=players, preset=preset, options={**(options or {}), **options_set}
        )
        specs = list(bot_specs) if bot_specs else ["medium"] * game.num_players
        if len(specs) == 1:
            specs = specs * game.num_players
        specs = setting_bots(setting, specs)
        analysis = analyze(game, specs, games, seed, workers, on_progress, backend, address, store)
        results.append((setting, analysis))
    return results


# -- luck and skill -------------------------------------------------------------------------------


@dataclass
class Skill:
    """How much of the outcome a better player controls: a weak and a strong bot on the same
    deals (seeds). Per deal, one seat (seat 0 solo; with several players each seat in turn)
    is played by the weak bot in a game of weak bots, and by the strong bot in the same game
    otherwise (solo: the strong bot alone). ``weak_scores`` and ``strong_scores`` are that
    seat's scores."""

    game: str
    weak: str
    strong: str
    weak_scores: list[float] = field(default_factory=list)
    strong_scores: list[float] = field(default_factory=list)
    strong_seat_wins: int = 0
    weak_seat_wins: int = 0
    mixed_games: int = 0

    @property
    def deals(self) -> int:
        return len(self.weak_scores)

    def variance_shares(self) -> dict[str, float]:
        """The share of the variance of the seat's score explained by who plays it (skill), by
        the deal (luck: the seed's dice and cards), and by how the two combine (the rest):
        a two-way decomposition over (bot, deal)."""
        pairs = list(zip(self.weak_scores, self.strong_scores, strict=True))
        n = len(pairs)
        if n < 2:
            return {"skill": math.nan, "luck": math.nan, "rest": math.nan}
        grand = sum(w + s for w, s in pairs) / (2 * n)
        weak_mean = sum(self.weak_scores) / n
        strong_mean = sum(self.strong_scores) / n
        total = sum((w - grand) ** 2 + (s - grand) ** 2 for w, s in pairs)
        if total == 0:
            return {"skill": 0.0, "luck": 0.0, "rest": 0.0}
        by_bot = n * ((weak_mean - grand) ** 2 + (strong_mean - grand) ** 2)
        by_deal = 2 * sum(((w + s) / 2 - grand) ** 2 for w, s in pairs)
        return {
            "skill": by_bot / total,
            "luck": by_deal / total,
            "rest": max(0.0, 1.0 - (by_bot + by_deal) / total),
        }

    def weak_beats_strong(self) -> Estimate:
        """Solo: how often the weak bot outscores the strong one on the same deal; with several
        players: how often a weak seat wins alone against one strong seat."""
        if self.mixed_games:
            return proportion_interval(self.weak_seat_wins, self.mixed_games)
        wins = sum(1 for w, s in zip(self.weak_scores, self.strong_scores, strict=True) if w > s)
        return proportion_interval(wins, self.deals)

    def strong_win_rate(self) -> Estimate:
        """With several players: the strong seat's win rate among weak ones (fair: 1/players)."""
        return proportion_interval(self.strong_seat_wins, self.mixed_games)

    def merge(self, other: Skill) -> None:
        self.weak_scores += other.weak_scores
        self.strong_scores += other.strong_scores
        self.strong_seat_wins += other.strong_seat_wins
        self.weak_seat_wins += other.weak_seat_wins
        self.mixed_games += other.mixed_games

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "weak": self.weak,
            "strong": self.strong,
            "weak_scores": self.weak_scores,
            "strong_scores": self.strong_scores,
            "strong_seat_wins": self.strong_seat_wins,
            "weak_seat_wins": self.weak_seat_wins,
            "mixed_games": self.mixed_games,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Skill:
        return cls(**data)


def _final(game: GameBase, specs: list[str], seed: int, index: int) -> tuple[list[float], set[int]]:
    """The scores and the winners of game ``index`` with bots ``specs``."""
    analysis = Analysis(game.spec(), specs)
    play_and_measure(game, specs, seed, index, analysis)
    return [m.total for m in analysis.scores], {s for s, wins in enumerate(analysis.wins) if wins}


def _skill_chunk(task: tuple[str, list[str], int, int, int]) -> dict[str, Any]:
    spec, (weak, strong), seed, start, count = task
    game = load(spec)
    players = game.num_players
    result = Skill(game.spec(), weak, strong)
    for index in range(start, start + count):
        seat = index % players
        result.weak_scores.append(_final(game, [weak] * players, seed, index)[0][seat])
        specs = [strong if s == seat else weak for s in range(players)]
        scores, winners = _final(game, specs, seed, index)
        result.strong_scores.append(scores[seat])
        if players > 1:
            result.mixed_games += 1
            if winners == {seat}:
                result.strong_seat_wins += 1
            elif len(winners) == 1:
                result.weak_seat_wins += 1
    return result.to_json()


def skill(
    game: GameBase,
    weak: str,
    strong: str,
    deals: int,
    seed: int,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    store: ChunkStore | None = None,
) -> Skill:
    """Luck against skill over ``deals`` deals (see :class:`Skill`; ``store``: as for
    :func:`analyze`)."""
    check_run(game, [weak] * (game.num_players - 1) + [strong], workers, backend)
    if deals < 2:
        raise OptionError(f"luck against skill needs at least 2 deals (got {deals})")
    parts = chunks(deals)
    tasks = [(game.spec(), [weak, strong], seed, start, count) for start, count in parts]
    total = Skill(game.spec(), weak, strong)

    def run(todo: list[tuple[str, list[str], int, int, int]]) -> Iterator[dict[str, Any]]:
        return run_tasks(todo, workers, backend, address, _skill_chunk)

    key = setup_key(game.spec(), [weak, strong], seed, "skill")
    for part, _ in run_stored(tasks, [start for start, _ in parts], run, store, key):
        total.merge(Skill.from_json(part))
    return total
