"""Game options as frozen, validated dataclasses with named presets.

A game declares its options as fields made with :func:`option`::

    @dataclass(frozen=True)
    class MyParams(ParamsBase):
        side: str = option("A", "which side of the board", choices=("A", "B"),
                           label="Board side", words=("A side", "B side"))

An unknown option or a value outside the allowed ones raises :class:`OptionError` naming the
option and what it allows. Options travel as ``key=value`` text (CLI, spec strings, records).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from .errors import OptionError
from .i18n import t

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}

GROUPS = ("reading", "number")
"""The kinds of option: a reading of the rulebook, or one of its numbers."""


def option(
    default: Any,
    help: str,
    *,
    choices: tuple[Any, ...] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    label: str = "",
    words: tuple[str, ...] | None = None,
    group: str = "reading",
) -> Any:
    """A dataclass field that is a user-facing option (type taken from the default).

    ``label``: its name in words (marked with ``N_``, shown with ``t``); ``words``: each of the
    ``choices`` in words, in the same order (a yes/no option needs none); ``group``:
    ``reading`` (where tables read the rulebook differently, or a variant it names) or
    ``number`` (one of the rulebook's numbers, the rulebook's value as default: what a
    designer changes, sweeps and tunes)."""
    if group not in GROUPS:
        raise ValueError(f"an option's group is one of {GROUPS}")
    if words is not None and (choices is None or len(words) != len(choices)):
        raise ValueError("an option's words name each of its choices, in order")
    meta = {
        "help": help,
        "choices": choices,
        "minimum": minimum,
        "maximum": maximum,
        "label": label,
        "words": words,
        "group": group,
    }
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class OptionSpec:
    """What one option is and which values it takes; shown by ``clickbox rules``."""

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    label: str = ""
    """The option's name in words (English, marked with ``N_``); empty: its ``name``."""
    words: tuple[str, ...] | None = None
    """Each choice in words (English, marked with ``N_``), in the order of ``choices``."""
    group: str = "reading"
    """``reading`` or ``number`` (see :func:`option`)."""

    def title(self) -> str:
        """The option's name in words, in the current language."""
        return t(self.label) if self.label else self.name

    def value_words(self, value: Any) -> str:
        """A value of the option in words, in the current language (``yes``/``no`` for a
        yes/no option, a choice's words, a number or text as it is)."""
        if self.kind is bool:
            return t("yes") if value else t("no")
        if self.choices is not None and self.words is not None and value in self.choices:
            return t(self.words[self.choices.index(value)])
        return str(value)

    def allowed(self) -> str:
        """The allowed values in words."""
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true, false"  # the values typed, not words
        if self.kind is int:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            if low or high:
                return t("an integer {low}..{high}", low=low, high=high)
            return t("an integer")
        return t("text (see the option's help)")

    def convert(self, raw: object) -> Any:
        """Convert text (or a typed value) and check it; raise OptionError if not allowed."""
        value: Any = raw
        if isinstance(raw, str) and self.kind is not str:
            text = raw.strip().lower()
            if self.kind is bool:
                if text not in _TRUE | _FALSE:
                    raise self._error(raw)
                value = text in _TRUE
            elif self.kind is int:
                try:
                    value = int(text)
                except ValueError:
                    raise self._error(raw) from None
        if self.kind is bool and not isinstance(value, bool):
            raise self._error(raw)
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self._error(raw)
        if self.kind is str and not isinstance(value, str):
            raise self._error(raw)
        if self.choices is not None and value not in self.choices:
            raise self._error(raw)
        if self.minimum is not None and value < self.minimum:
            raise self._error(raw)
        if self.maximum is not None and value > self.maximum:
            raise self._error(raw)
        return value

    def _error(self, raw: object) -> OptionError:
        return OptionError(
            t(
                "option {option} must be {allowed} (got {value})",
                option=repr(self.name),
                allowed=self.allowed(),
                value=repr(raw),
            )
        )


@dataclass(frozen=True)
class ParamsBase:
    """Base of every game's options. Subclasses are frozen dataclasses of :func:`option` fields."""

    def __post_init__(self) -> None:
        for spec in self.option_specs():
            spec.convert(getattr(self, spec.name))

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """Every option of this game, in declaration order."""
        specs = []
        for f in dataclasses.fields(cls):
            meta = f.metadata
            specs.append(
                OptionSpec(
                    name=f.name,
                    kind=type(f.default),
                    default=f.default,
                    help=meta.get("help", ""),
                    choices=meta.get("choices"),
                    minimum=meta.get("minimum"),
                    maximum=meta.get("maximum"),
                    label=meta.get("label", ""),
                    words=meta.get("words"),
                    group=meta.get("group", "reading"),
                )
            )
        return tuple(specs)

    @classmethod
    def from_options(cls, options: Mapping[str, object], base: Self | None = None) -> Self:
        """Params from ``name -> value`` (text or typed), starting from ``base`` or defaults."""
        specs = {spec.name: spec for spec in cls.option_specs()}
        values: dict[str, Any] = {} if base is None else dataclasses.asdict(base)
        for name, raw in options.items():
            spec = specs.get(name)
            if spec is None:
                if not specs:
                    message = t("unknown option {option}; the options are: none", option=repr(name))
                else:
                    message = t(
                        "unknown option {option}; the options are: {known}",
                        option=repr(name),
                        known=", ".join(specs),
                    )
                raise OptionError(message)
            values[name] = spec.convert(raw)
        return cls(**values)

    def changed_options(self) -> list[tuple[str, str]]:
        """The options that differ from their defaults, as text pairs, in declaration order."""
        items = []
        for spec in self.option_specs():
            value = getattr(self, spec.name)
            if value != spec.default:
                text = str(value).lower() if isinstance(value, bool) else str(value)
                items.append((spec.name, text))
        return items
