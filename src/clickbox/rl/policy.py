"""A Python policy as a clickbox bot: a trained agent beside the built-in bots.

A *policy* is any callable ``policy(observation, mask) -> action``: ``observation`` is the
seat's encoding (float32 numpy array, the environments' observation, ``docs/rl.md``), ``mask``
an int8 numpy array of 0/1 over the action codes (PettingZoo's ``action_mask``), the result an
int action code (numpy ints are welcome). :class:`PolicyBot` plays one, from the seat's view
alone, so the arena, ``clickbox play`` and the Gymnasium environment's opponents can seat it.

The bot spec ``py:MODULE:NAME`` names one: ``MODULE`` a dotted module name
(``py:mypackage.agents:policy``) or the path of a ``.py`` file (``py:./agent.py:policy``),
``NAME`` an attribute of it (dots reach inside: ``py:agent.py:Agent.greedy``). The attribute
is the policy itself, not a factory: a policy with weights is an object with ``__call__``
made at import (``policy = Agent.load("weights.pt")``), so that every worker process of the
arena, which imports the module again, plays the same policy. Needs the ``rl`` extra: the bots'
registry loads this module by name for a ``py:`` spec (no layer below the environments imports
them).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..bots.base import Bot
from ..bots.registry import PYTHON_POLICY
from ..core import Action, GameBase, OptionError, View
from ..core.i18n import t
from .encoders import encoder_for

Policy = Callable[[Any, Any], Any]
"""``policy(observation, mask) -> action``: see the module's docstring."""


class PolicyBot(Bot):
    """Plays ``policy`` from the seat's view: its encoding and its mask of legal actions."""

    def __init__(self, policy: Policy, name: str | None = None) -> None:
        if not callable(policy):
            raise OptionError(t("{policy} is not callable", policy=repr(policy)))
        self.policy = policy
        self.name = name or getattr(policy, "__qualname__", None) or repr(policy)
        self._encoders: dict[str, Any] = {}

    def inputs(self, view: View, game: GameBase) -> tuple[Any, Any]:
        """The observation and the mask the policy is given for ``view``."""
        spec = game.spec()
        encoder = self._encoders.get(spec)
        if encoder is None:
            encoder = self._encoders[spec] = encoder_for(game)
        seen = {key: value for key, value in view.items() if key not in ("log", "events")}
        observation = np.array(encoder.encode(seen), np.float32)
        mask = np.zeros(encoder.actions, np.int8)
        mask[[game.parse_action(text) for text in view["legal"]]] = 1
        return observation, mask

    def choose(self, view: View, game: GameBase, rng: random.Random) -> Action:
        """The policy's action; one that is not a legal code raises an error that says so."""
        observation, mask = self.inputs(view, game)
        action = self.policy(observation, mask)
        item = getattr(action, "item", None)
        code = item() if item is not None and getattr(action, "shape", None) == () else action
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < len(mask):
            raise OptionError(
                t(
                    "the policy {policy} answered {action}, not an action code",
                    policy=self.name,
                    action=repr(action),
                )
            )
        if not mask[code]:
            raise OptionError(
                t(
                    "the policy {policy} chose {action}, which is not legal now",
                    policy=self.name,
                    action=code,
                )
            )
        return code

    def label(self) -> str:
        """The policy's name."""
        return self.name


def load_policy(spec: str) -> Policy:
    """The policy a ``py:MODULE:NAME`` spec names (see the module's docstring)."""
    where, _, attribute = spec[len(PYTHON_POLICY) :].strip().rpartition(":")
    if not where or not attribute:
        raise OptionError(
            t("a Python policy is py:MODULE:NAME (a module or a .py file), not {spec}", spec=spec)
        )
    try:
        if where.endswith(".py"):
            path = Path(where).expanduser().resolve()
            name = f"clickbox_policy_{abs(hash(str(path)))}"
            module = sys.modules.get(name)
            if module is None:
                found = importlib.util.spec_from_file_location(name, path)
                if found is None or found.loader is None or not path.is_file():
                    raise FileNotFoundError(str(path))
                module = importlib.util.module_from_spec(found)
                sys.modules[name] = module
                try:
                    found.loader.exec_module(module)
                except BaseException:
                    del sys.modules[name]
                    raise
        else:
            module = importlib.import_module(where)
    except (ImportError, OSError) as error:
        raise OptionError(
            t("cannot import {module} for {spec}: {error}", module=where, spec=spec, error=error)
        ) from None
    policy: Any = module
    for part in attribute.split("."):
        policy = getattr(policy, part, None)
        if policy is None:
            raise OptionError(t("{module} has no {name}", module=where, name=attribute))
    if not callable(policy):
        raise OptionError(t("{policy} is not callable", policy=spec))
    return policy  # type: ignore[no-any-return]


def policy_bot(spec: str) -> PolicyBot:
    """The bot of a ``py:MODULE:NAME`` spec, named by the spec."""
    return PolicyBot(load_policy(spec), spec.strip())
