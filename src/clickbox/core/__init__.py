"""The rules-agnostic core: protocol, options, chance, records. Standard library only."""

from .appendonly import AppendOnlyList
from .chance import SplitMix, Uniform, derive_rng, derive_seed, resolve_chance, sample_chance
from .decisions import Commitments
from .errors import (
    ClickboxError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    RecordError,
    SheetError,
    StaleStateError,
    UnknownGameError,
)
from .match import Match
from .options import OptionSpec, ParamsBase, option
from .play import check, play
from .protocol import (
    CHANCE,
    HIDDEN_CHOICE,
    HIDDEN_DRAW,
    TERMINAL,
    Action,
    GameBase,
    Outcome,
    Player,
    RulesDecision,
    StateBase,
    View,
    pick_outcome,
)
from .record import GameRecord, check_record, read_records, replay, views_digest
from .registry import Catalog, parse_option_pairs, parse_spec
from .scorepad import ScoreCard, ScoreLine, SheetEntry, sheet_entries
from .words import entry_words, log_words

__all__ = [
    "CHANCE",
    "HIDDEN_CHOICE",
    "HIDDEN_DRAW",
    "TERMINAL",
    "Action",
    "AppendOnlyList",
    "Catalog",
    "ClickboxError",
    "Commitments",
    "GameBase",
    "GameOverError",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "NotYourTurnError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "ParamsBase",
    "Player",
    "RecordError",
    "RulesDecision",
    "ScoreCard",
    "ScoreLine",
    "SheetEntry",
    "SheetError",
    "SplitMix",
    "StaleStateError",
    "StateBase",
    "Uniform",
    "UnknownGameError",
    "View",
    "check",
    "check_record",
    "derive_rng",
    "derive_seed",
    "entry_words",
    "log_words",
    "option",
    "parse_option_pairs",
    "parse_spec",
    "pick_outcome",
    "play",
    "read_records",
    "replay",
    "resolve_chance",
    "sample_chance",
    "sheet_entries",
    "views_digest",
]
