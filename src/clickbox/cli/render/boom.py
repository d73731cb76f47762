"""Click Click Boom in the terminal, drawn from the view only (``make_view``).

The table: each seat in turn order (name, character and ability, alive or BOOM, coins), the
hands as the viewer may see them (the others' faces in colour, the viewer's own as card backs,
plus the card Jill looked at), the two table cards of each seat with the claims made and who
picked them, the played piles, the showdown choices; then the pot, the token, the shootout, the
stand-off / Quick / Advanced markers, the last moves and events, and the phase in words. The
legal moves are grouped (a pick: the card once, its claims as numbered options). The step log
(``BoomSteps``) prints new moves and events from a view that every human at the screen may see
(``witness_view``): hidden showdown choices stay hidden until all are in, and a pick from a
human's own hand never says which card it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core import View
from ..names import YOU, wins

KIND_LABEL = {"pay": "Pay", "steal": "Steal", "click": "Click", "boom": "BOOM"}
KIND_WORDS = {
    "pay": "Pay 1",
    "steal": "Steal 2",
    "click": "Click",
    "boom": "BOOM",
}
KIND_STYLE = {
    "pay": "bold black on yellow",
    "steal": "bold white on purple",
    "click": "bold black on green3",
    "boom": "bold white on red",
}
BACK = "▒▒"  # a card the viewer may not see
BACK_STYLE = "grey70 on grey23"
CHARACTERS = {  # name, ability (once per shootout)
    "carla": (
        "Carla Coyote",
        "revealed a BOOM? put it back: a random card of your hand is played instead",
    ),
    "brandon": (
        "Brandon Bull",
        "at the showdown, make a player reveal the card you name (a Steal pays you)",
    ),
    "heather": ("Heather Horse", "at the showdown, learn what your left or right card is"),
    "felix": ("Felix Fox", "at the start of your turn, swap hands with a player still to play"),
    "rory": ("Rory Raccoon", "after a showdown, take 1 from the pot per card you have played"),
    "jill": ("Jill Jackrabbit", "at the start of your turn, look at one card of your hand"),
}
LOG_LINES = 10  # lines of "Last moves"
NOTATION = (
    "Notation: L2:boom takes card 2 of the current player's hand (counted from 0, as the hand "
    "is shown) for the LEFT card, claiming BOOM (claims: none, pay, steal, boom; Quick Play: "
    "none, click, boom); R0 the right card with no claim; R= (Advanced Play) the same card as "
    "the left one. At the showdown: left or right. Passing: pass:unrevealed or pass:random. "
    "Abilities: swap:3 (Felix), peek (Jill), force:2:left (Brandon), ask:left (Heather), save "
    "(Carla), loot (Rory), or skip; char:felix chooses a character."
)
LEGEND = (
    "Pay: pay 1 to the pot · Steal: 2 stolen by the neighbour on that side · BOOM: out of the "
    'shootout · ▒▒ a card you may not see · "boom" a claim · ● ability ready ○ used · '
    "★ first player · ▶ to move"
)
QUICK_LEGEND = (
    'Click: safe · BOOM: out of the shootout · ▒▒ a card you may not see · "boom" a claim · '
    "★ first player · ▶ to move"
)

_PICK = re.compile(r"([LR])([0-9?=])(?::([a-z]+))?")


# -- small pieces ------------------------------------------------------------------------------


def _name(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return str(seat)


def _who(view: View, names: list[str], seat: int) -> str:
    """``you`` for the viewer, else the seat's name."""
    return "you" if seat == view["me"] else _name(names, seat)


def _whose(view: View, names: list[str], seat: int) -> str:
    """``your`` for the viewer, else ``NAME's``."""
    return "your" if seat == view["me"] else f"{_name(names, seat)}'s"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def card(kind: str | None) -> Text:
    """A card face in its colour (``Pay``, ``Steal``, ``BOOM``), or a back."""
    if kind is None:
        return Text(BACK, style=BACK_STYLE)
    return Text(KIND_LABEL[kind], style=KIND_STYLE[kind])


def _cards(kinds: list[str | None]) -> Text:
    return Text(" ").join(card(kind) for kind in kinds)


def _claim(claim: str | None) -> Text:
    if claim is None:
        return Text("(silent)", style="dim")
    return Text(f'"{claim}"', style="bold")


def _coins(coins: dict[str, int] | None) -> Text:
    if coins is None:
        return Text("")
    return Text.assemble(
        (f"{coins['gold']}g", "bold yellow"),
        " ",
        (f"{coins['silver']}s", "bold"),
        (f"\n= {coins['value']}", "dim"),
    )


def _coins_inline(coins: dict[str, int]) -> Text:
    return Text.assemble(
        (f"{coins['value']}", "bold"), f" ({coins['gold']} gold, {coins['silver']} silver)"
    )


def character_name(key: str | None) -> str:
    return "no character" if key is None else CHARACTERS[key][0]


def _living_left(alive: list[bool], seat: int) -> int:
    """The next living seat to the left (turn order: seat + 1 sits on the left)."""
    n = len(alive)
    other = (seat + 1) % n
    while not alive[other] and other != seat:
        other = (other + 1) % n
    return other


def _living_right(alive: list[bool], seat: int) -> int:
    n = len(alive)
    other = (seat - 1) % n
    while not alive[other] and other != seat:
        other = (other - 1) % n
    return other


# -- the seats ---------------------------------------------------------------------------------


def _player_cell(view: View, names: list[str], seat: int) -> Text:
    """Name, character and ability, alive or BOOM (and which neighbour of the viewer)."""
    data = view["seats"][seat]
    me = view["me"]
    line = Text(names[seat], style="bold")
    if seat == me and names[seat] != YOU:
        line.append(" (you)", style="bold cyan")
    line.append("\n")
    if data["character"] is not None:
        line.append(character_name(data["character"]))
        if data["ability"] == "ready":
            line.append(" ●", style="green")
        else:
            line.append(" ○", style="dim")
        line.append("\n")
    if data["alive"]:
        line.append("alive", style="green")
    else:
        line.append("BOOM! out", style="bold red")
    if me is not None and seat != me and view["seats"][me]["alive"] and data["alive"]:
        alive = [s["alive"] for s in view["seats"]]
        tags = []
        if _living_left(alive, me) == seat:
            tags.append("left")
        if _living_right(alive, me) == seat:
            tags.append("right")
        if tags:
            line.append(f" · your {' & '.join(tags)}", style="cyan")
    return line


def _marks(view: View, seat: int) -> Text:
    marks = Text()
    if view["to_move"] == seat:
        marks.append("▶", style="bold yellow")
    if view["token"]["holder"] == seat and view["to_move"] != "end":
        marks.append("★", style="bold")
    return marks


def _hand_cell(view: View, names: list[str], seat: int) -> Text:
    data = view["seats"][seat]
    count = data["hand_count"]
    hand = data["hand"]
    peek = view["peek"]
    mine = seat == view["me"]
    if hand is None:
        text = _cards([None] * count) if count else Text("(none)", style="dim")
        if not data["alive"]:
            text.append(f"\n{count} face down", style="dim")
        elif mine:
            text.append(f"\n{count} card{'s' if count != 1 else ''}, unseen", style="dim")
        else:
            text.append(f"\n{count} card{'s' if count != 1 else ''}", style="dim")
        if peek is not None and peek["seat"] == seat and peek["where"] == "hand":
            text.append("\n")
            text.append(f"{'you' if mine else 'she'} looked at one: ", style="cyan")
            text.append(card(peek["card"]))
        return text
    text = Text()
    for index, kind in enumerate(hand):
        if index:
            text.append(" ")
        face = card(kind)
        looked = (
            peek is not None
            and peek["seat"] == seat
            and peek["where"] == "hand"
            and peek["index"] == index
        )
        if looked:
            face.stylize("underline")
            face.append("*", style="cyan")
        text.append(face)
    if not hand:
        text.append("(none)", style="dim")
    text.append(f"\n{count} card{'s' if count != 1 else ''}", style="dim")
    if peek is not None and peek["seat"] == seat and peek["where"] == "hand":
        text.append(" · * Jill looked at it", style="cyan")
    return text


def _side_cell(view: View, names: list[str], seat: int, side: str) -> Text:
    """A table card: its face (or back) and the claim; who picked it, or drawn at random."""
    data = view["seats"][seat]
    entry = data[side]
    same = data["same_claim"]  # R=: the right neighbour's words, about the LEFT card
    if entry is None:
        if side == "right" and same is not None:
            return Text("same card as the LEFT\ndrawing…", style="dim")
        return Text("—", style="dim") if data["alive"] else Text("")
    line = card(entry["card"])
    if entry["by"] != "chance" or entry["claim"] is not None:  # a card drawn says nothing
        line.append(" ")
        line.append(_claim(entry["claim"]))
    line.append("\n")
    if entry["by"] == "chance":
        line.append("at random", style="dim")
    else:
        line.append(f"by {_name(names, entry['by'])}", style="dim")
    if side == "left" and same is not None:
        line.append("\n")
        line.append(_claim(same["claim"]))
        line.append(f" by {_name(names, same['by'])} (the same card)", style="dim")
    notes = []
    told = view["told"]
    peek = view["peek"]
    if told is not None and told["seat"] == seat and told["side"] == side:
        notes.append("you asked" if seat == view["me"] else "Heather asked")
    if peek is not None and peek["seat"] == seat and peek["where"] == side:
        notes.append("you looked" if seat == view["me"] else "Jill looked")
    if data["same"] and side == "left":
        notes.append("picked by both")
    if notes:
        line.append(f"\n({', '.join(notes)})", style="cyan")
    return line


def _showdown_cell(view: View, names: list[str], seat: int) -> Text:
    data = view["seats"][seat]
    text = _cards(list(data["played"])) if data["played"] else Text("—", style="dim")
    status = Text()
    choice = data["choice"]
    force = view["force"]
    forced = force is not None and force["seat"] == seat
    if data["revealed"] is not None:
        status.append(f"revealed {data['choice'].upper()} ", style="bold")
        status.append(card(data["revealed"]))
    elif view["saved"] == seat:
        status.append("saved from the BOOM", style="bold green")
    elif forced:
        status.append(f"forced: {force['side'].upper()}", style="bold magenta")
    elif choice == "?":
        status.append("has chosen (hidden)", style="italic")
    elif choice is not None:
        status.append(f"chose {choice.upper()}", style="bold")
    elif view["phase"] == "choose" and data["alive"]:
        status.append("choosing…", style="dim")
    if data["pass"] == "?":
        if status.plain:
            status.append("\n")
        status.append("has passed (hidden)", style="italic")
    elif data["pass"] is not None:
        if status.plain:
            status.append("\n")
        if data["pass"] == "random":
            status.append("passes at random ")
            outgoing = data["outgoing"]
            if outgoing is not None:
                status.append(card(outgoing["card"]))
        else:
            status.append("passes the unrevealed")
    if status.plain:
        text.append("\n")
        text.append(status)
    return text


def seat_order(view: View) -> list[int]:
    """Seats from the viewer (or the First Player) to the left, around the table."""
    n = view["players"]
    first = view["me"] if view["me"] is not None else 0
    return [(first + i) % n for i in range(n)]


def seats_table(view: View, names: list[str]) -> Table:
    """Every seat, one row each, in turn order from the viewer."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    table.add_column("", no_wrap=True, width=2)
    table.add_column("player", min_width=14)
    if view["mode"] == "full":
        table.add_column("coins", no_wrap=True)
    table.add_column("hand", min_width=11)
    table.add_column("left card", min_width=11)
    table.add_column("right card", min_width=11)
    table.add_column("played / showdown", min_width=11)
    for seat in seat_order(view):
        row: list[RenderableType] = [_marks(view, seat), _player_cell(view, names, seat)]
        if view["mode"] == "full":
            row.append(_coins(view["seats"][seat]["coins"]))
        row.extend(
            [
                _hand_cell(view, names, seat),
                _side_cell(view, names, seat, "left"),
                _side_cell(view, names, seat, "right"),
                _showdown_cell(view, names, seat),
            ]
        )
        style = "" if view["seats"][seat]["alive"] else "dim"
        table.add_row(*row, style=style, end_section=True)
    return table


# -- the status lines --------------------------------------------------------------------------


def header(view: View, names: list[str]) -> Text:
    """Shootout, pot, token and the markers of the variant in play."""
    line = Text.assemble(("Click Click Boom", "bold"), "  ")
    if view["mode"] == "quick":
        line.append("Quick Play", style="bold green")
        line.append(" (one shootout: survive to win)")
    else:
        line.append(f"Shootout {view['shootout']} of {view['shootouts']}", style="bold")
        line.append("  pot ")
        line.append(_coins_inline(view["pot"]))
    token = view["token"]
    line.append("  token: ")
    line.append(f"★ {_name(names, token['holder'])}", style="bold")
    line.append(f", Pass {token['direction'].title()}", style="bold cyan")
    if view["standoff"]:
        line.append("  STAND-OFF", style="bold red")
    if view["advanced"]:
        line.append("  Advanced Play", style="bold magenta")
    return line


def _order_line(view: View, names: list[str]) -> Text | None:
    order = view["order"]
    if not order or view["to_move"] == "end":
        return None
    line = Text("Turn order this round: ", style="dim")
    for i, seat in enumerate(order):
        if i:
            line.append(" → ", style="dim")
        line.append(_name(names, seat), style="bold" if seat == view["turn"] else "")
    if view["turn"] is not None:
        line.append(f"   (turn: {_name(names, view['turn'])})")
    return line


def _notes(view: View, names: list[str]) -> list[Text]:
    lines = []
    force = view["force"]
    if force is not None:
        lines.append(
            Text(
                f"Brandon ({_name(names, force['by'])}) forced {_who(view, names, force['seat'])}"
                f" to reveal the {force['side'].upper()} card",
                style="magenta",
            )
        )
    told = view["told"]
    if told is not None:
        who = _who(view, names, told["seat"])
        lines.append(Text(f"Heather ({who}) asked about the {told['side'].upper()} card", "cyan"))
    peek = view["peek"]
    if peek is not None:
        jill = peek["seat"]
        if jill == view["me"]:
            where = "in your hand" if peek["where"] == "hand" else f"your {peek['where']} card"
            text = Text.assemble("You (Jill) looked at a card: ", card(peek["card"]), f" ({where})")
        else:
            where = {
                "hand": f"card {peek['index']} of her hand",
                "left": "now her left card",
                "right": "now her right card",
            }[peek["where"]]
            text = Text.assemble(
                f"Jill ({_name(names, jill)}) looked at a card: ", card(peek["card"]), f" ({where})"
            )
        lines.append(text)
    if view["results"]:
        parts = []
        for number, result in enumerate(view["results"], 1):
            survivors = result["survivors"]
            who = ", ".join(_name(names, s) for s in survivors) or "nobody"
            share = f", {result['share']} each" if view["mode"] == "full" and survivors else ""
            parts.append(f"{number}: {who} survived{share}")
        lines.append(Text("Shootouts: " + "; ".join(parts), style="dim"))
    return lines


def phase_words(view: View, names: list[str]) -> str:
    """What the game waits for, in words: ``Bo picks a card from Ana's hand for Ana's LEFT``."""
    phase = view["phase"]
    to_move = view["to_move"]
    seats = view["seats"]
    turn = view["turn"]
    if phase == "over" or to_move == "end":
        return "Game over."
    if phase == "deal":
        return "Dealing the characters"
    if phase == "choose-character":
        return f"{_cap(_who(view, names, to_move))}: choose a character"
    if phase == "tie":
        tied = " and ".join(_name(names, s) for s in view["tied"])
        return f"A tie between {tied}: the final draw decides"
    mover = _who(view, names, to_move) if isinstance(to_move, int) else "chance"
    if phase == "turn-ability":
        whose = _whose(view, names, turn)
        if seats[turn]["character"] == "felix":
            return (
                f"{_cap(whose)} turn: Felix Fox may swap hands with a player still to play "
                "this round, or skip"
            )
        return f"{_cap(whose)} turn: Jill Jackrabbit may look at one card of the hand, or skip"
    if phase == "peek-draw":
        return f"Jill ({_name(names, turn)}) looks at a card of her hand, at random"
    if phase == "pick-left":
        whose = _whose(view, names, turn)
        if view["standoff"]:
            return (
                f"Stand-off: {mover} pick{'' if mover == 'you' else 's'} a card from {whose} hand "
                f"for {whose} LEFT (the RIGHT card is then drawn at random from {whose} hand)"
            )
        return (
            f"{_cap(mover)} pick{'' if mover == 'you' else 's'} a card from {whose} hand for "
            f"{whose} LEFT, saying anything about it (turn, part 1)"
        )
    if phase == "pick-right":
        whose = _whose(view, names, turn)
        same = " — or the same card as the LEFT (R=)" if view["advanced"] else ""
        return (
            f"{_cap(mover)} pick{'' if mover == 'you' else 's'} a card from {whose} hand for "
            f"{whose} RIGHT (turn, part 2){same}"
        )
    if phase == "draw-right":
        whose = _whose(view, names, turn)
        return f"{_cap(whose)} RIGHT card is drawn at random from {whose} own hand"
    if phase == "showdown-ability":
        if seats[to_move]["character"] == "brandon":
            return (
                f"Showdown: Brandon Bull ({_who(view, names, to_move)}) may force a player to "
                "reveal the card of his choice, or skip"
            )
        her = "your" if to_move == view["me"] else "her"
        return (
            f"Showdown: Heather Horse ({_who(view, names, to_move)}) may ask what {her} LEFT or "
            "RIGHT card is, or skip"
        )
    if phase == "choose":
        return "Showdown: choose left or right (choices hidden until all are in)"
    if phase == "carla-save":
        return (
            f"Carla Coyote ({_who(view, names, to_move)}) revealed a BOOM: save it (it goes back "
            "into the hand, a random card is played instead), or skip"
        )
    if phase == "carla-draw":
        return "A random card from Carla's hand goes to her played pile"
    if phase == "rory-loot":
        played = len(seats[to_move]["played"])
        return (
            f"Rory Raccoon ({_who(view, names, to_move)}) may take {played} from the pot (one per "
            "played card), or skip"
        )
    if phase == "pass":
        direction = view["token"]["direction"]
        me = view["me"]
        if isinstance(me, int) and me in view["queue"]:
            alive = [s["alive"] for s in seats]
            step = _living_left if direction == "left" else _living_right
            receiver = _who(view, names, step(alive, me))
            return (
                f"Everyone passes a card face down at once: you pass to the {direction} (to "
                f"{receiver}) the card not revealed, or a random card from your hand (passes "
                "are hidden until all are in)"
            )
        return (
            f"Everyone passes a card face down to the {direction} at once: the card not "
            "revealed, or a random card from the hand (hidden until all are in)"
        )
    if phase == "pass-draw":
        return "The cards passed at random are drawn, face down"
    return str(phase)


def _phase_extra(view: View, names: list[str]) -> Text | None:
    """Who has chosen at the showdown, who still passes."""
    seats = view["seats"]
    if view["phase"] == "choose":
        chosen, waiting = [], []
        force = view["force"]
        for seat in view["order"]:
            if force is not None and force["seat"] == seat:
                continue
            if seats[seat]["choice"] is None:
                waiting.append(_who(view, names, seat))
            else:
                chosen.append(_who(view, names, seat))
        return Text(
            f"  chosen: {', '.join(chosen) or 'nobody yet'} · still to choose: "
            f"{', '.join(waiting) or 'nobody'}",
            style="dim",
        )
    if view["phase"] == "pass" and view["queue"]:
        queue = ", ".join(_who(view, names, s) for s in view["queue"])
        passed = [_who(view, names, s) for s, data in enumerate(seats) if data["pass"]]
        return Text(
            f"  passed: {', '.join(passed) or 'nobody yet'} · still to pass: {queue}", style="dim"
        )
    return None


# -- the log -----------------------------------------------------------------------------------


@dataclass
class LogItem:
    """One line of the log: a move (``key`` ``("log", i)``) or an event (``("event", j)``)."""

    key: tuple[str, int]
    seat: int | None  # the seat that decided (None: chance or an event)
    line: Text
    hidden: bool = False  # a showdown choice still hidden


def _move_line(name: str, move: str, words: str, style: str = "") -> Text:
    return Text.assemble(f"  {name}: ", (move, "bold"), f"  {words}", style=style)


def _pick_words(names: list[str], move: str, turn: int) -> str:
    m = _PICK.fullmatch(move)
    assert m is not None
    side = "LEFT" if m[1] == "L" else "RIGHT"
    claim = f', saying "{m[3]}"' if m[3] else ", saying nothing"
    whose = f"{_name(names, turn)}'s"
    if m[2] == "=":
        about = f', saying "{m[3]}" about it' if m[3] else ", saying nothing"
        return (
            f"the same card: {whose} LEFT card again{about} ({whose} RIGHT card is drawn at random)"
        )
    if m[2] == "?":
        return f"a card for {whose} {side} (hidden from {_name(names, turn)}){claim}"
    return f"card {m[2]} for {whose} {side}{claim}"


def _decision_words(view: View, names: list[str], seat: int, move: str) -> str:
    character = view["seats"][seat]["character"]
    if move in ("left", "right"):
        return f"reveals the {move.upper()} card"
    if move == "pass:unrevealed":
        return "passes the card not revealed"
    if move == "pass:random":
        return "passes a random card from the hand"
    if move == "skip":
        return f"does not use {character_name(character)}'s ability"
    if move == "peek":
        return "Jill looks at a card of her hand"
    if move == "save":
        return "Carla saves herself: the BOOM goes back into her hand"
    if move == "loot":
        return "Rory loots the pot"
    if move.startswith("ask:"):
        return f"Heather asks what her {move[4:].upper()} card is"
    if move.startswith("swap:"):
        return f"Felix swaps hands with {_name(names, int(move[5:]))}"
    if move.startswith("force:"):
        _, target, side = move.split(":")
        return f"Brandon forces {_name(names, int(target))} to reveal the {side.upper()} card"
    if move.startswith("char:"):
        return f"chooses {character_name(move[5:])}"
    return move


def _event_line(event: dict[str, Any], names: list[str]) -> Text | None:
    seat = event["seat"]
    name = _name(names, seat)
    amount = event["amount"]
    kind = event["event"]
    if kind == "pay":
        words = f" pays {amount} to the pot" if amount else " has no coin to pay"
        return Text.assemble("  ", (name, "bold"), ": ", card("pay"), words)
    if kind == "steal":
        thief = _name(names, event["to"])
        words = f" {amount} stolen by {thief}" if amount else f" nothing to steal for {thief}"
        return Text.assemble("  ", (name, "bold"), ": ", card("steal"), words)
    if kind == "steal-blocked":
        return Text.assemble(
            "  ", (name, "bold"), ": ", card("steal"), " blocked (Advanced Play): nothing stolen"
        )
    if kind == "click":
        return Text.assemble("  ", (name, "bold"), ": ", card("click"), " nothing happens")
    if kind == "boom":
        out = (" out of the shootout!", "bold red")
        return Text.assemble("  ", (name, "bold"), ": ", card("boom"), out)
    if kind == "saved":
        return Text(f"  {name}: saved by Carla's ability", style="green")
    if kind == "rory":
        return Text(f"  {name}: Rory loots {amount} from the pot", style="yellow")
    if kind == "pot-carries-over":
        return Text(f"  nobody survived: the pot ({amount}) carries over", style="yellow")
    if kind == "change":
        return Text(f"  {name} changes a gold coin for {amount} silver", style="dim")
    return None  # forced-left/right: the force itself is in the log


_GROUPED = {"ante": "ante", "dues": "dues", "loot": "the survivors grab the loot"}


def log_items(view: View, names: list[str]) -> list[LogItem]:
    """Every move and event of the view's log, in order, in words with seat names."""
    n = view["players"]
    log = view["log"]
    alive = [True] * n
    events: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for j, event in enumerate(view["events"]):
        events.setdefault(event["after"], []).append((j, event))
    items: list[LogItem] = []

    def add_events(after: int) -> None:
        groups: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for j, event in events.get(after, []):
            kind = event["event"]
            if kind == "boom":
                alive[event["seat"]] = False
            if kind in _GROUPED:
                if kind == "ante":
                    alive[:] = [True] * n
                if kind not in groups:
                    groups[kind] = []
                    items.append(LogItem(("event", j), None, Text()))  # filled below
                groups[kind].append((j, event))
                continue
            line = _event_line(event, names)
            if line is not None:
                items.append(LogItem(("event", j), None, line))
        for kind, entries in groups.items():
            first = entries[0][0]
            item = next(item for item in items if item.key == ("event", first))
            parts = ", ".join(f"{_name(names, e['seat'])} {e['amount']}" for _, e in entries)
            item.line = Text(f"  {_GROUPED[kind]}: {parts}", style="yellow")

    deals = 0
    last: tuple[int, str, int] = (-1, "", -1)  # the last decision: seat, move, turn player
    for i, entry in enumerate(log):
        add_events(i)
        seat, move = entry["seat"], entry["move"]
        key = ("log", i)
        if seat == "chance":
            if move.startswith("deal:"):
                character = move[5:]
                words = f"{_name(names, deals)} is dealt {character_name(character)}"
                deals += 1
                items.append(LogItem(key, None, Text(f"  {words}", style="dim")))
                continue
            if move.startswith("tie:"):
                words = f"the final draw goes to {_name(names, int(move[4:]))}"
                items.append(LogItem(key, None, Text(f"  chance: {words}", style="bold")))
                continue
            by, decided, turn = last
            which = f" (card {move[5:]})" if move.startswith("draw:") else ""
            if decided == "peek":
                words = f"Jill ({_name(names, by)}) looks at a random card of her hand{which}"
            elif decided.startswith("pass:"):
                words = f"a card passed at random is drawn{which}, face down"
            elif decided == "save":
                words = f"a random card from {_name(names, by)}'s hand goes to her played pile"
                words += which
            elif decided.startswith(("L", "R")):
                who = _name(names, turn)
                words = f"{who}'s RIGHT card is drawn at random from {who}'s own hand{which}"
            else:
                words = f"a card is drawn at random{which}"
            if move == "?":
                words += " (which one is hidden)"
            items.append(LogItem(key, None, Text(f"  {words}", style="dim")))
            continue
        turn = -1
        if _PICK.fullmatch(move):
            turn = _living_right(alive, seat) if move[0] == "L" else _living_left(alive, seat)
            words = _pick_words(names, move, turn)
        elif move == "?" and view["phase"] == "pass":  # only the open step's are still hidden
            words = "has passed a card, the unrevealed or a random one (hidden until all are in)"
        elif move == "?":
            words = "has chosen left or right (hidden until all are in)"
        else:
            words = _decision_words(view, names, seat, move)
        last = (seat, move, turn)
        line = _move_line(_name(names, seat), move, words, "italic" if move == "?" else "")
        items.append(LogItem(key, seat, line, hidden=move == "?"))
    add_events(len(log))
    return items


def log_lines(view: View, names: list[str], count: int = LOG_LINES) -> list[Text]:
    """The last ``count`` lines of the log."""
    return [item.line for item in log_items(view, names)[-count:]]


# -- the view, the moves and the outcome -------------------------------------------------------


def render(view: View, names: list[str]) -> RenderableType:
    """The table, the last moves and the phase."""
    parts: list[RenderableType] = [header(view, names), seats_table(view, names)]
    parts.append(Text(QUICK_LEGEND if view["mode"] == "quick" else LEGEND, style="dim"))
    log = log_lines(view, names)
    if log:
        parts.append(Text("Last moves:", style="bold"))
        parts.extend(log)
    order = _order_line(view, names)
    if order is not None:
        parts.append(order)
    parts.extend(_notes(view, names))
    parts.append(Text("▶ " + phase_words(view, names), style="bold yellow"))
    extra = _phase_extra(view, names)
    if extra is not None:
        parts.append(extra)
    return Group(*parts)


def _option_words(view: View, names: list[str], move: str) -> Text:
    """A legal move that is not a pick, in words."""
    seats = view["seats"]
    me = view["me"]
    if move in ("left", "right") and me is not None:
        entry = seats[me][move]
        text = Text(f"reveal your {move.upper()} card: ")
        if entry is not None:
            text.append(card(entry["card"]))
            text.append(" ")
            text.append(_claim(entry["claim"]))
            by = "at random" if entry["by"] == "chance" else f"by {_name(names, entry['by'])}"
            text.append(f" ({by})", style="dim")
        return text
    if move == "pass:unrevealed":
        return Text("pass the card you did not reveal")
    if move == "pass:random":
        return Text("pass a random card from your hand (the unrevealed one goes back in)")
    if move.startswith("swap:"):
        other = int(move[5:])
        text = Text(f"swap hands with {_name(names, other)}: ")
        hand = seats[other]["hand"]
        text.append(_cards(list(hand)) if hand is not None else Text("?"))
        return text
    if move.startswith("force:"):
        _, target, side = move.split(":")
        entry = seats[int(target)][side]
        text = Text(f"force {_name(names, int(target))} to reveal the {side.upper()} card ")
        if entry is not None:
            text.append(card(entry["card"]))
        return text
    if move.startswith("ask:"):
        return Text(f"ask what your {move[4:].upper()} card is")
    if move == "peek":
        return Text("look at one card of your hand (at random)")
    if move == "save":
        return Text("put the BOOM back in your hand; a random card is played instead")
    if move == "loot":
        return Text("take coins from the pot (one per card in your played pile)")
    if move == "skip":
        return Text("do not use your ability now")
    if move.startswith("char:"):
        key = move[5:]
        return Text(f"{character_name(key)}: {CHARACTERS[key][1]}")
    return Text(move)


def render_moves(view: View, moves: list[str], names: list[str]) -> RenderableType:
    """The legal moves, numbered; a pick lists the card once and its claims as options."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    picks: dict[str, list[tuple[int, str | None]]] = {}
    others: list[tuple[int, str]] = []
    for number, move in enumerate(moves, 1):
        m = _PICK.fullmatch(move)
        if m:
            picks.setdefault(f"{m[1]}{m[2]}", []).append((number, m[3]))
        else:
            others.append((number, move))
    turn = view["turn"]
    hand = view["seats"][turn]["hand"] if isinstance(turn, int) else None
    for label, options in picks.items():
        head = Text(label, style="bold")
        index = label[1]
        if index == "=":
            head.append("  the LEFT card again ")
            left = view["seats"][turn]["left"] if isinstance(turn, int) else None
            if left is not None:
                head.append(card(left["card"]))
        elif hand is not None and index.isdecimal() and int(index) < len(hand):
            head.append("  ")
            head.append(card(hand[int(index)]))
        parts = Text()
        for number, claim in options:
            if parts.plain:
                parts.append("  ")
            parts.append(f"{number})", style="bold cyan")
            parts.append(f" {claim}" if claim else " no claim")
        table.add_row(head, parts)
    for number, move in others:
        head = Text.assemble((f"{number})", "bold cyan"), " ", (move, "bold"))
        table.add_row(head, _option_words(view, names, move))
    hint = ", e.g. L2:boom" if picks else ""
    return Group(Text(f"Your moves (type the number or the notation{hint}):", style="bold"), table)


def render_outcome(view: View, names: list[str]) -> RenderableType:
    """Each shootout's survivors and loot, the final coins, the winners and the tie-break."""
    outcome: dict[str, Any] = view["outcome"]
    seats = view["seats"]
    quick = view["mode"] == "quick"
    parts: list[RenderableType] = []
    shootouts = Table(title="Shootouts", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    shootouts.add_column("#", justify="right")
    shootouts.add_column("survivors")
    if not quick:
        shootouts.add_column("loot each", justify="right")
    for number, result in enumerate(view["results"], 1):
        survivors = ", ".join(names[s] for s in result["survivors"])
        cells = [str(number), survivors or "nobody (the pot carried over)"]
        if not quick:
            cells.append(str(result["share"]) if result["survivors"] else "-")
        shootouts.add_row(*cells)
    parts.append(shootouts)
    tie_break = "tie" in outcome["reason"]
    table = Table(title="Final result", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    characters = any(data["character"] is not None for data in seats)
    table.add_column("player", no_wrap=True)
    if characters:
        table.add_column("character", no_wrap=True)
    if not quick:
        table.add_column("coins", no_wrap=True)  # gold and silver
        table.add_column("value", justify="right", style="bold")  # in silver
    table.add_column("survived", justify="right")
    if tie_break:
        table.add_column("BOOMs unplayed", justify="right")
        table.add_column("steals played", justify="right")
    table.add_column("")
    winners = outcome["winners"]
    shared = len(winners) > 1
    survived = [sum(1 for r in view["results"] if s in r["survivors"]) for s in range(len(seats))]

    def rank(seat: int) -> tuple[bool, float]:
        return (seat not in winners, -outcome["scores"][seat])

    for seat in sorted(range(len(seats)), key=rank):
        data = seats[seat]
        row: list[RenderableType] = [names[seat]]
        if characters:
            row.append(character_name(data["character"]))
        if not quick:
            coins = data["coins"]
            row.extend([f"{coins['gold']}g {coins['silver']}s", str(coins["value"])])
        row.append(str(survived[seat]))
        if tie_break:
            hand = data["hand"] or []
            row.append(str(sum(1 for kind in hand if kind == "boom")))
            row.append(str(sum(1 for kind in data["played"] if kind == "steal")))
        mark = ("shared victory" if shared else "winner") if seat in winners else ""
        row.append(Text(mark, style="bold green"))
        table.add_row(*row)
    parts.append(table)
    parts.append(Text(f"Decided by: {outcome['reason']}.", style="dim"))
    who = " and ".join(names[s] for s in sorted(winners))
    parts.append(Text(f"{wins(who, shared)}.", style="bold"))
    return Group(*parts)


# -- what the terminal prints between moves ----------------------------------------------------


class BoomSteps:
    """Lines for the moves and events since the last call, from a witness view: a hidden
    showdown choice is announced as hidden, and revealed once the view shows it."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.printed: set[tuple[str, int]] = set()
        self.hidden: set[tuple[str, int]] = set()

    def __call__(self, view: View, seat: int, words: str, show: bool) -> Iterator[RenderableType]:
        items = log_items(view, self.names)
        for item in items:
            if item.key in self.hidden and not item.hidden:
                self.hidden.discard(item.key)
                line = item.line.copy()
                line.append("  (revealed)", style="dim")
                yield line
        for item in items:
            if item.key in self.printed:
                continue
            self.printed.add(item.key)
            if item.seat == seat and not show:
                continue
            if item.hidden:
                self.hidden.add(item.key)
            yield item.line
