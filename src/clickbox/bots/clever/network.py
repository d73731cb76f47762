"""That's Pretty Clever's value network: an afterstate's expected final score, in numpy.

``value = 100 * (x . skip + relu(x W + b) . out)`` over the inputs ``x`` of
:mod:`.features` (the last input is a constant 1, the bias of the skip). A fresh network is the
hand-written evaluation exactly (``skip`` 1 on the evaluation's input, ``out`` 0): training
starts from a bot that already plays well and learns what the evaluation misses.

A network is saved as one ``.npz`` file: the arrays and a JSON header (feature version,
hidden size, how it was trained). The shipped network is ``data/clever-net.npz`` beside this
module, loaded once per process on first use (:func:`shipped`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import numpy as np

from ...core import Player, StateBase
from ...core.i18n import t
from ...games.clever.rules import OVER, CleverState
from . import features as F

SHIPPED = Path(__file__).with_name("data") / "clever-net.npz"
"""The network the ``clever-net`` bot and the ``hard`` level play with."""

Array = np.ndarray[Any, np.dtype[np.float64]]


@dataclass
class Network:
    """The weights and a header of facts about them (``info``: how they were trained)."""

    hidden: Array  # (SIZE, H)
    hidden_bias: Array  # (H,)
    out: Array  # (H,)
    skip: Array  # (SIZE,)
    info: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def fresh(cls, hidden: int = 64, seed: int = 0) -> Network:
        """A network equal to the hand-written evaluation, its hidden layer random (``out``
        zero, so the hidden layer changes nothing until it learns)."""
        rng = np.random.default_rng(seed)
        skip = np.zeros(F.SIZE)
        skip[F.EVALUATION] = 1.0
        return cls(
            hidden=rng.normal(0.0, 1.0 / np.sqrt(F.SIZE), (F.SIZE, hidden)),
            hidden_bias=np.zeros(hidden),
            out=np.zeros(hidden),
            skip=skip,
            info={"features": F.VERSION, "hidden": hidden, "episodes": 0},
        )

    @property
    def width(self) -> int:
        """The hidden layer's size."""
        return int(self.out.shape[0])

    def values(self, inputs: Array) -> Array:
        """The value (points) of each row of ``inputs`` (shape ``(n, SIZE)``)."""
        hidden = inputs @ self.hidden
        hidden += self.hidden_bias
        np.maximum(hidden, 0.0, out=hidden)
        result: Array = (inputs @ self.skip + hidden @ self.out) * 100.0
        return result

    def evaluate_many(self, states: Sequence[StateBase], seat: Player) -> list[float]:
        """The value of each state (a :class:`CleverState`) for ``seat``: exact (the score)
        once the game is over."""
        clever = cast("list[CleverState]", states)
        found: list[float] = self.values(np.array([F.features(s, seat) for s in clever])).tolist()
        for i, state in enumerate(clever):
            if state._stage == OVER:
                found[i] = float(state._sheets[seat].score())
        return found

    def evaluate(self, state: StateBase, seat: Player) -> float:
        """The value of one state for ``seat``."""
        return self.evaluate_many([state], seat)[0]

    def copy(self) -> Network:
        """An independent copy."""
        return Network(
            self.hidden.copy(),
            self.hidden_bias.copy(),
            self.out.copy(),
            self.skip.copy(),
            json.loads(json.dumps(self.info)),
        )

    def widened(self, hidden: int, seed: int = 0) -> Network:
        """This network with ``hidden`` units: the old ones kept, the new ones' outgoing
        weights zero (the same values until training moves them)."""
        if hidden < self.width:
            raise ValueError(f"cannot narrow a network of {self.width} units to {hidden}")
        wider = Network.fresh(hidden, seed)
        wider.hidden[:, : self.width] = self.hidden
        wider.hidden_bias[: self.width] = self.hidden_bias
        wider.out[: self.width] = self.out
        wider.skip = self.skip.copy()
        wider.info = {**self.info, "hidden": hidden}
        return wider

    def save(self, path: Path) -> None:
        """Write the network to ``path`` (``.npz``), atomically."""
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(
            temporary,
            hidden=self.hidden.astype(np.float32),
            hidden_bias=self.hidden_bias.astype(np.float32),
            out=self.out.astype(np.float32),
            skip=self.skip.astype(np.float32),
            info=np.array(json.dumps(self.info, sort_keys=True)),
        )
        temporary.replace(path)

    @classmethod
    def load(cls, path: Path) -> Network:
        """Read a network written by :meth:`save`; an error says why one cannot be used."""
        try:
            with np.load(path) as data:
                info = json.loads(str(data["info"]))
                arrays = [
                    np.asarray(data[name], dtype=np.float64)
                    for name in ("hidden", "hidden_bias", "out", "skip")
                ]
        except (OSError, KeyError, ValueError) as error:
            raise ValueError(
                t("{path} is not a Clever value network: {error}", path=path, error=error)
            ) from error
        if info.get("features") != F.VERSION or arrays[0].shape[0] != F.SIZE:
            raise ValueError(
                t(
                    "{path} was trained on Clever features version {version} ({inputs} inputs); "
                    "this clickbox has version {ours} ({size} inputs)",
                    path=path,
                    version=info.get("features"),
                    inputs=arrays[0].shape[0],
                    ours=F.VERSION,
                    size=F.SIZE,
                )
            )
        return cls(arrays[0], arrays[1], arrays[2], arrays[3], info)


_LOADED: dict[Path, Network] = {}


def shipped(path: Path | None = None) -> Network:
    """The network at ``path`` (default: the shipped one), loaded once per process."""
    path = SHIPPED if path is None else path
    found = _LOADED.get(path)
    if found is None:
        found = _LOADED[path] = Network.load(path)
    return found
