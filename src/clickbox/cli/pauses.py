"""Pauses in ``clickbox play`` where a human would lose track of the game.

Between a human's prompts the bots' moves scroll past; where many of them follow one another
with nobody at the screen to decide, the terminal stops, says in a few lines what happened and
waits for Enter:

- when a human is out of the shootout (Click Click Boom: BOOM) — the others play on;
- at the end of each shootout: who survived, the loot, everyone's coins;
- before a new round that a human watches without a move in the last one (all humans out).

No pause at the end of the game (the final scores follow), none without a human at the
terminal, none with ``--no-pause``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from ..core import View
from ..core.i18n import N_, t
from .human import QuitGame
from .names import YOU

PAUSE_PROMPT = N_("Press Enter to go on (quit to stop) ")
_TURN_PHASES = frozenset({"turn-ability", "peek-draw", "pick-left"})
_PASS_PHASES = frozenset({"pass", "pass-draw"})


class Pauses:
    """Watches the spectator's view after every move and pauses where the game says so.

    ``enabled`` False prints the summaries but never waits (no human, ``--no-pause``, input
    that is not a terminal).
    """

    def __init__(
        self,
        console: Console,
        names: list[str],
        humans: list[int],
        ask: Callable[[str], str],
        enabled: bool,
        flush: Callable[[], None] | None = None,
    ) -> None:
        self.console = console
        self.flush = flush  # called before a summary is printed (what is due before it)
        self.names = names
        self.humans = humans
        self.ask = ask
        self.enabled = enabled and bool(humans)
        self.before: View | None = None
        self.human_moved = True  # a human decided in this round (none: they only watched)

    def start(self, view: View) -> None:
        """The spectator's view the game starts (or resumes) from."""
        self.before = view

    def after(self, view: View, seat: int) -> None:
        """After ``seat``'s move, with the spectator's view: summary and pause if due."""
        before, self.before = self.before, view
        if seat in self.humans:
            self.human_moved = True
        if before is None or not self.humans:
            return
        lines = self.events(before, view)
        if self._new_round(before, view):
            self.human_moved = False
        if not lines:
            return
        if self.flush is not None:
            self.flush()
        self.console.print()
        for line in lines:
            self.console.print(line)
        if view["outcome"] is None:
            self.wait()

    def wait(self) -> None:
        """Wait for Enter (``quit`` stops the game, the input ending too)."""
        if not self.enabled:
            return
        try:
            answer = self.ask(t(PAUSE_PROMPT))
        except EOFError:
            raise QuitGame from None
        if answer.strip().lower() in {"q", "quit", "exit"}:
            raise QuitGame

    def events(self, before: View, after: View) -> list[Text]:
        """The summary lines of what happened between two spectator views (none: no pause)."""
        if after["game"] == "click-click-boom":
            return self._boom(before, after)
        if self._new_round(before, after) and not self.human_moved:
            return [_heading(t("Round {round} begins", round=after["round"]))]
        return []

    @staticmethod
    def _new_round(before: View, after: View) -> bool:
        """Whether a new round (of the same shootout) began with this move."""
        if after["outcome"] is not None:
            return False
        if after["game"] == "click-click-boom":
            return (
                after["shootout"] == before["shootout"]
                and before["phase"] in _PASS_PHASES
                and after["phase"] in _TURN_PHASES
            )
        return "round" in after and after["round"] != before.get("round")

    # -- Click Click Boom --------------------------------------------------------------------

    def _boom(self, before: View, after: View) -> list[Text]:
        lines: list[Text] = []
        names = self.names
        ended = len(after["results"]) > len(before["results"])
        for seat in self.humans:
            if before["seats"][seat]["alive"] and not after["seats"][seat]["alive"]:
                name = names[seat]
                shootout = before["shootout"]
                if name == YOU:
                    out = t("BOOM! You are out of shootout {shootout}", shootout=shootout)
                else:
                    out = t(
                        "BOOM! {name} is out of shootout {shootout}", name=name, shootout=shootout
                    )
                lines.append(_heading(out))
                if not ended:
                    alive = [names[s] for s, data in enumerate(after["seats"]) if data["alive"]]
                    lines.append(
                        Text(t("Still in: {names}. They play on; watch.", names=", ".join(alive)))
                    )
        if ended:
            lines.extend(self._shootout_over(before, after))
        elif self._new_round(before, after) and not self.human_moved and not lines:
            alive = [names[s] for s, data in enumerate(after["seats"]) if data["alive"]]
            lines.append(
                _heading(t("Shootout {shootout}: a new round", shootout=after["shootout"]))
            )
            lines.append(Text(t("Still in: {names}.", names=", ".join(alive))))
        return lines

    def _shootout_over(self, before: View, after: View) -> list[Text]:
        names = self.names
        result: dict[str, Any] = after["results"][-1]
        number = len(after["results"])
        lines = [
            _heading(
                t(
                    "Shootout {number} of {shootouts} is over",
                    number=number,
                    shootouts=after["shootouts"],
                )
            )
        ]
        survivors = [names[s] for s in result["survivors"]]
        if not survivors:
            lines.append(Text(t("Nobody survived: the pot carries over to the next shootout.")))
        elif after["mode"] == "quick":
            lines.append(Text(t("Survived: {names}.", names=", ".join(survivors))))
        else:
            each = result["share"]
            lines.append(
                Text(
                    t(
                        "Survived: {names} — the pot shared, {each} each.",
                        names=", ".join(survivors),
                        each=each,
                    )
                )
            )
        coins = []
        for seat, data in enumerate(after["seats"]):
            money = data.get("coins")
            if money is not None:
                coins.append(
                    t(
                        "{name} {gold}g {silver}s = {value}",
                        name=names[seat],
                        gold=money["gold"],
                        silver=money["silver"],
                        value=money["value"],
                    )
                )
        if coins:
            lines.append(Text(t("Coins now: {coins}", coins=" · ".join(coins))))
        if after["outcome"] is None:
            lines.append(
                Text(
                    t(
                        "Next: shootout {shootout} of {shootouts}.",
                        shootout=after["shootout"],
                        shootouts=after["shootouts"],
                    )
                )
            )
        return lines


def _heading(text: str) -> Text:
    return Text(f"── {text} ──", style="bold yellow")
