"""The researcher's door: every game as a PettingZoo, Gymnasium and OpenSpiel environment.

Install with the ``rl`` extra (``pip install 'clickbox[rl]'``). Observations are made from a
seat's view alone by one encoder per game (``rl/KEY.py``, documented in ``docs/rl.md``);
actions are the games' int codes with a mask of the legal ones.

>>> import clickbox.rl
>>> env = clickbox.rl.env("click-click-boom", players=4, advanced=True)    # PettingZoo AEC
>>> par = clickbox.rl.parallel_env("clever", players=3)                    # PettingZoo Parallel
>>> import gymnasium
>>> gym = gymnasium.make("clickbox/Clever-v0", players=1)                  # Gymnasium
>>> from clickbox.rl import openspiel_game                                 # doctest: +SKIP
>>> game = pyspiel.load_game("clickbox_clever(players=3)")                 # doctest: +SKIP

Importing this package registers the Gymnasium ids; :mod:`.openspiel_game` registers the
OpenSpiel games when imported (it needs ``open_spiel``).
"""

from __future__ import annotations

from .encoders import ENCODERS, encoder_for
from .encoding import Encoder, Field
from .gymnasium_env import GAME_IDS, ClickboxGymEnv, register_all
from .pettingzoo_env import ClickboxAECEnv, ClickboxParallelEnv, env, parallel_env
from .table import Table

register_all()

__all__ = [
    "ENCODERS",
    "GAME_IDS",
    "ClickboxAECEnv",
    "ClickboxGymEnv",
    "ClickboxParallelEnv",
    "Encoder",
    "Field",
    "Table",
    "encoder_for",
    "env",
    "parallel_env",
]
