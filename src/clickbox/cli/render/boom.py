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
from ...core.i18n import N_, t, tn
from ..names import YOU, wins, you_grammar_text

# Words are marked N_ where they are defined and translated where they are shown (t()).
KIND_LABEL = {"pay": N_("Pay"), "steal": N_("Steal"), "click": N_("Click"), "boom": N_("BOOM")}
KIND_WORDS = {
    "pay": N_("Pay 1"),
    "steal": N_("Steal 2"),
    "click": N_("Click"),
    "boom": N_("BOOM"),
}
CLAIM_WORDS = {  # a claim as the picker says it (the notation's claims, in words)
    "pay": N_("pay"),
    "steal": N_("steal"),
    "click": N_("click"),
    "boom": N_("boom"),
}
KIND_STYLE = {
    "pay": "bold black on yellow",
    "steal": "bold white on purple",
    "click": "bold black on green3",
    "boom": "bold white on red",
}
BACK = "▒▒"  # a card the viewer may not see
BACK_STYLE = "grey70 on grey23"
CHARACTERS = {  # name (a proper name), ability (once per shootout; translated where shown)
    "carla": (
        "Carla Coyote",
        N_("revealed a BOOM? put it back: a random card of your hand is played instead"),
    ),
    "brandon": (
        "Brandon Bull",
        N_("at the showdown, make a player reveal the card you name (a Steal pays you)"),
    ),
    "heather": ("Heather Horse", N_("at the showdown, learn what your left or right card is")),
    "felix": (
        "Felix Fox",
        N_("at the start of your turn, swap hands with a player still to play"),
    ),
    "rory": (
        "Rory Raccoon",
        N_("after a showdown, take 1 from the pot per card you have played"),
    ),
    "jill": ("Jill Jackrabbit", N_("at the start of your turn, look at one card of your hand")),
}
LOG_LINES = 10  # lines of "Last moves"
NOTATION = N_(
    "Notation: L2:boom takes card 2 of the current player's hand (counted from 0, as the hand "
    "is shown) for the LEFT card, claiming BOOM (claims: none, pay, steal, boom; Quick Play: "
    "none, click, boom); R0 the right card with no claim; R= (Advanced Play) the same card as "
    "the left one. At the showdown: left or right. Passing: pass:unrevealed or pass:random. "
    "Abilities: swap:3 (Felix), peek (Jill), force:2:left (Brandon), ask:left (Heather), save "
    "(Carla), loot (Rory), or skip; char:felix chooses a character."
)
LEGEND = N_(
    "Pay: pay 1 to the pot · Steal: 2 stolen by the neighbour on that side · BOOM: out of the "
    'shootout · ▒▒ a card you may not see · "boom" a claim · ● ability ready ○ used · '
    "★ first player · ▶ to move"
)
QUICK_LEGEND = N_(
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
    return t("you") if seat == view["me"] else _name(names, seat)


def _mine(view: View, seat: Any) -> bool:
    """True if ``seat`` is the viewer's (a line then says "you", "your")."""
    return view["me"] is not None and seat == view["me"]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _and(items: list[str]) -> str:
    """``a and b and c`` (each pair joined as the language joins two names)."""
    if not items:
        return ""
    text = items[0]
    for item in items[1:]:
        text = t("{names} and {last}", names=text, last=item)
    return text


def card(kind: str | None) -> Text:
    """A card face in its colour (``Pay``, ``Steal``, ``BOOM``), or a back."""
    if kind is None:
        return Text(BACK, style=BACK_STYLE)
    return Text(t(KIND_LABEL[kind]), style=KIND_STYLE[kind])


def _cards(kinds: list[str | None]) -> Text:
    return Text(" ").join(card(kind) for kind in kinds)


def claim_words(claim: str) -> str:
    """A claim (``boom``) as the picker says it, in the current language."""
    return t(CLAIM_WORDS[claim]) if claim in CLAIM_WORDS else claim


def _claim(claim: str | None) -> Text:
    if claim is None:
        return Text(t("(silent)"), style="dim")
    return Text(t('"{claim}"', claim=claim_words(claim)), style="bold")


def _coins(coins: dict[str, int] | None) -> Text:
    if coins is None:
        return Text("")
    return Text.assemble(
        (t("{gold}g", gold=coins["gold"]), "bold yellow"),
        " ",
        (t("{silver}s", silver=coins["silver"]), "bold"),
        (f"\n= {coins['value']}", "dim"),
    )


def _coins_inline(coins: dict[str, int]) -> Text:
    return Text.assemble(
        (f"{coins['value']}", "bold"),
        " ",
        t("({gold} gold, {silver} silver)", gold=coins["gold"], silver=coins["silver"]),
    )


def character_name(key: str | None) -> str:
    return t("no character") if key is None else CHARACTERS[key][0]


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
        line.append(" " + t("(you)"), style="bold cyan")
    line.append("\n")
    if data["character"] is not None:
        line.append(character_name(data["character"]))
        if data["ability"] == "ready":
            line.append(" ●", style="green")
        else:
            line.append(" ○", style="dim")
        line.append("\n")
    if data["alive"]:
        line.append(t("alive"), style="green")
    else:
        line.append(t("BOOM! out"), style="bold red")
    if me is not None and seat != me and view["seats"][me]["alive"] and data["alive"]:
        alive = [s["alive"] for s in view["seats"]]
        left = _living_left(alive, me) == seat
        right = _living_right(alive, me) == seat
        if left or right:
            tag = (
                t("your left & right")
                if left and right
                else t("your left")
                if left
                else t("your right")
            )
            line.append(f" · {tag}", style="cyan")
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
        text = _cards([None] * count) if count else Text(t("(none)"), style="dim")
        if not data["alive"]:
            text.append("\n" + t("{count} face down", count=count), style="dim")
        elif mine:
            text.append("\n" + tn("{n} card, unseen", "{n} cards, unseen", count), style="dim")
        else:
            text.append("\n" + tn("{n} card", "{n} cards", count), style="dim")
        if peek is not None and peek["seat"] == seat and peek["where"] == "hand":
            text.append("\n")
            peeked = t("you looked at one:") if mine else t("she looked at one:")
            text.append(peeked + " ", style="cyan")
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
        text.append(t("(none)"), style="dim")
    text.append("\n" + tn("{n} card", "{n} cards", count), style="dim")
    if peek is not None and peek["seat"] == seat and peek["where"] == "hand":
        text.append(" · * " + t("Jill looked at it"), style="cyan")
    return text


def _side_cell(view: View, names: list[str], seat: int, side: str) -> Text:
    """A table card: its face (or back) and the claim; who picked it, or drawn at random."""
    data = view["seats"][seat]
    entry = data[side]
    same = data["same_claim"]  # R=: the right neighbour's words, about the LEFT card
    if entry is None:
        if side == "right" and same is not None:
            return Text(t("same card as the LEFT") + "\n" + t("drawing…"), style="dim")
        return Text("—", style="dim") if data["alive"] else Text("")
    line = card(entry["card"])
    if entry["by"] != "chance" or entry["claim"] is not None:  # a card drawn says nothing
        line.append(" ")
        line.append(_claim(entry["claim"]))
    line.append("\n")
    if entry["by"] == "chance":
        line.append(t("at random"), style="dim")
    else:
        line.append(t("by {name}", name=_name(names, entry["by"])), style="dim")
    if side == "left" and same is not None:
        line.append("\n")
        line.append(_claim(same["claim"]))
        line.append(
            " " + t("by {name} (the same card)", name=_name(names, same["by"])), style="dim"
        )
    notes = []
    told = view["told"]
    peek = view["peek"]
    if told is not None and told["seat"] == seat and told["side"] == side:
        notes.append(t("you asked") if seat == view["me"] else t("Heather asked"))
    if peek is not None and peek["seat"] == seat and peek["where"] == side:
        notes.append(t("you looked") if seat == view["me"] else t("Jill looked"))
    if data["same"] and side == "left":
        notes.append(t("picked by both"))
    if notes:
        line.append(f"\n({', '.join(notes)})", style="cyan")
    return line


_REVEALED = {"left": N_("revealed LEFT"), "right": N_("revealed RIGHT")}
_FORCED = {"left": N_("forced: LEFT"), "right": N_("forced: RIGHT")}
_CHOSE = {"left": N_("chose LEFT"), "right": N_("chose RIGHT")}


def _showdown_cell(view: View, names: list[str], seat: int, compact: bool = False) -> Text:
    """The played pile and the showdown's state (``compact``: a revealed card is only on the
    pile)."""
    data = view["seats"][seat]
    played = list(data["played"])
    if compact and len(played) > 1:  # the card on top, and how many under it
        text = card(played[-1])
        text.append(f" +{len(played) - 1}", style="dim")
    else:
        text = _cards(played) if played else Text("—", style="dim")
    status = Text()
    choice = data["choice"]
    force = view["force"]
    forced = force is not None and force["seat"] == seat
    if compact and data["revealed"] is None and choice == "?":
        status.append(t("has chosen"), style="italic")
    elif data["revealed"] is not None:
        revealed = _REVEALED[data["choice"]]
        status.append(t(revealed), style="bold")
        if not compact:
            status.append(" ")
            status.append(card(data["revealed"]))
    elif view["saved"] == seat:
        status.append(t("saved from the BOOM"), style="bold green")
    elif forced:
        forced_side = _FORCED[force["side"]]
        status.append(t(forced_side), style="bold magenta")
    elif choice == "?":
        status.append(t("has chosen (hidden)"), style="italic")
    elif choice is not None:
        status.append(t(_CHOSE[choice]), style="bold")
    elif view["phase"] == "choose" and data["alive"]:
        status.append(t("choosing…"), style="dim")
    if compact and data["pass"] is not None:  # one state: the pass, the latest
        status = Text(t("has passed"), style="italic")
    elif data["pass"] == "?":
        if status.plain:
            status.append("\n")
        status.append(t("has passed (hidden)"), style="italic")
    elif data["pass"] is not None:
        if status.plain:
            status.append("\n")
        if data["pass"] == "random":
            status.append(t("passes at random") + " ")
            outgoing = data["outgoing"]
            if outgoing is not None:
                status.append(card(outgoing["card"]))
        else:
            status.append(t("passes the unrevealed"))
    if compact and status.plain and not data["played"]:
        return status  # one line
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
    table.add_column(t("player"), min_width=14)
    if view["mode"] == "full":
        table.add_column(t("coins"), no_wrap=True)
    table.add_column(t("hand"), min_width=11)
    table.add_column(t("left card"), min_width=11)
    table.add_column(t("right card"), min_width=11)
    table.add_column(t("played / showdown"), min_width=11)
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


def header(view: View, names: list[str], compact: bool = False) -> Text:
    """Shootout, pot, token and the markers of the variant in play (``compact``: without
    the game's title and the pot's coins, for the compact board)."""
    line = Text() if compact else Text.assemble((t("Click Click Boom"), "bold"), "  ")
    if view["mode"] == "quick":
        line.append(t("Quick Play"), style="bold green")
        line.append(" " + t("(one shootout: survive to win)"))
    else:
        line.append(
            t("Shootout {number} of {total}", number=view["shootout"], total=view["shootouts"]),
            style="bold",
        )
        line.append("  " + t("pot") + " ")
        if compact:
            line.append(str(view["pot"]["value"]), "bold")
        else:
            line.append(_coins_inline(view["pot"]))
    token = view["token"]
    line.append("  " + t("token:") + " ")
    line.append(f"★ {_name(names, token['holder'])}", style="bold")
    direction = t("Pass Left") if token["direction"] == "left" else t("Pass Right")
    line.append(f", {direction}", style="bold cyan")
    if view["standoff"]:
        line.append("  " + t("STAND-OFF"), style="bold red")
    if view["advanced"]:
        line.append("  " + t("Advanced Play"), style="bold magenta")
    return line


def _order_line(view: View, names: list[str]) -> Text | None:
    order = view["order"]
    if not order or view["to_move"] == "end":
        return None
    line = Text(t("Turn order this round:") + " ", style="dim")
    for i, seat in enumerate(order):
        if i:
            line.append(" → ", style="dim")
        line.append(_name(names, seat), style="bold" if seat == view["turn"] else "")
    if view["turn"] is not None:
        line.append("   " + t("(turn: {name})", name=_name(names, view["turn"])))
    return line


def _notes(view: View, names: list[str], compact: bool = False) -> list[Text]:
    """Brandon's force, Heather's question, Jill's look, and the shootouts so far (not on the
    ``compact`` board: the pauses say them)."""
    lines = []
    force = view["force"]
    if force is not None:
        forced = _FORCED_NOTE[_mine(view, force["seat"]), force["side"]]
        fields = {"by": _name(names, force["by"]), "target": _name(names, force["seat"])}
        lines.append(Text(t(forced, **fields), style="magenta"))
    told = view["told"]
    if told is not None:
        who = _who(view, names, told["seat"])
        asked = _TOLD_NOTE[told["side"]]
        lines.append(Text(t(asked, who=who), "cyan"))
    peek = view["peek"]
    if peek is not None:
        jill = peek["seat"]
        if jill == view["me"]:
            where = {
                "hand": t("in your hand"),
                "left": t("your left card"),
                "right": t("your right card"),
            }[peek["where"]]
            text = Text.assemble(
                t("You (Jill) looked at a card:") + " ", card(peek["card"]), f" ({where})"
            )
        else:
            where = {
                "hand": t("card {index} of her hand", index=peek["index"]),
                "left": t("now her left card"),
                "right": t("now her right card"),
            }[peek["where"]]
            text = Text.assemble(
                t("Jill ({name}) looked at a card:", name=_name(names, jill)) + " ",
                card(peek["card"]),
                f" ({where})",
            )
        lines.append(text)
    if view["results"] and not compact:
        parts = []
        for number, result in enumerate(view["results"], 1):
            survivors = result["survivors"]
            who = ", ".join(_name(names, s) for s in survivors)
            if not survivors:
                parts.append(t("{number}: nobody survived", number=number))
            elif view["mode"] == "full":
                parts.append(
                    t(
                        "{number}: {names} survived, {share} each",
                        number=number,
                        names=who,
                        share=result["share"],
                    )
                )
            else:
                parts.append(t("{number}: {names} survived", number=number, names=who))
        lines.append(Text(t("Shootouts: {results}", results="; ".join(parts)), style="dim"))
    return lines


_FORCED_NOTE = {  # Brandon's force: (the viewer is forced, the side)
    (True, "left"): N_("Brandon ({by}) forced you to reveal the LEFT card"),
    (True, "right"): N_("Brandon ({by}) forced you to reveal the RIGHT card"),
    (False, "left"): N_("Brandon ({by}) forced {target} to reveal the LEFT card"),
    (False, "right"): N_("Brandon ({by}) forced {target} to reveal the RIGHT card"),
}
_TOLD_NOTE = {
    "left": N_("Heather ({who}) asked about the LEFT card"),
    "right": N_("Heather ({who}) asked about the RIGHT card"),
}


def phase_words(view: View, names: list[str]) -> str:
    """What the game waits for, in words: ``Bo picks a card from Ana's hand for Ana's LEFT``."""
    phase = view["phase"]
    to_move = view["to_move"]
    seats = view["seats"]
    turn = view["turn"]
    if phase == "over" or to_move == "end":
        return t("Game over.")
    if phase == "deal":
        return t("Dealing the characters")
    if phase == "choose-character":
        if _mine(view, to_move):
            return t("You: choose a character")
        return _cap(t("{name}: choose a character", name=_name(names, to_move)))
    if phase == "tie":
        tied = _and([_name(names, s) for s in view["tied"]])
        return t("A tie between {names}: the final draw decides", names=tied)
    # the fields of a line: the mover (or chance), the turn's player, the viewer's part in it
    who = _who(view, names, to_move) if isinstance(to_move, int) else t("chance")
    fields = {"mover": who, "owner": _name(names, turn)}
    role = "mover" if _mine(view, to_move) else "owner" if _mine(view, turn) else "other"
    if phase == "turn-ability":
        felix = seats[turn]["character"] == "felix"
        return _cap(t(_ABILITY_TURN[felix, _mine(view, turn)], **fields))
    if phase == "peek-draw":
        return t("Jill ({name}) looks at a card of her hand, at random", name=_name(names, turn))
    if phase == "pick-left":
        if view["standoff"]:
            return t(_STANDOFF_PICK[role], **fields)
        return _cap(t(_PICK_LEFT[role], **fields))
    if phase == "pick-right":
        text = _cap(t(_PICK_RIGHT[role], **fields))
        if view["advanced"]:
            text += " " + t("— or the same card as the LEFT (R=)")
        return text
    if phase == "draw-right":
        if _mine(view, turn):
            return t("Your RIGHT card is drawn at random from your own hand")
        return _cap(t("{owner}'s RIGHT card is drawn at random from {owner}'s own hand", **fields))
    if phase == "showdown-ability":
        if seats[to_move]["character"] == "brandon":
            return t(
                "Showdown: Brandon Bull ({who}) may force a player to reveal the card of his "
                "choice, or skip",
                who=who,
            )
        if _mine(view, to_move):
            return t(
                "Showdown: Heather Horse ({who}) may ask what your LEFT or RIGHT card is, or skip",
                who=who,
            )
        return t(
            "Showdown: Heather Horse ({who}) may ask what her LEFT or RIGHT card is, or skip",
            who=who,
        )
    if phase == "choose":
        return t("Showdown: choose left or right (choices hidden until all are in)")
    if phase == "carla-save":
        return t(
            "Carla Coyote ({who}) revealed a BOOM: save it (it goes back into the hand, a random "
            "card is played instead), or skip",
            who=who,
        )
    if phase == "carla-draw":
        return t("A random card from Carla's hand goes to her played pile")
    if phase == "rory-loot":
        played = len(seats[to_move]["played"])
        return t(
            "Rory Raccoon ({who}) may take {played} from the pot (one per played card), or skip",
            who=who,
            played=played,
        )
    if phase == "pass":
        direction = view["token"]["direction"]
        me = view["me"]
        to_left = direction == "left"
        if isinstance(me, int) and me in view["queue"]:
            alive = [s["alive"] for s in seats]
            step = _living_left if to_left else _living_right
            receiver = _who(view, names, step(alive, me))
            return t(_PASS_MINE[to_left], receiver=receiver)
        return t(_PASS_ALL[to_left])
    if phase == "pass-draw":
        return t("The cards passed at random are drawn, face down")
    return str(phase)


# What the game waits for, by the viewer's part in it: "mover" (the viewer moves), "owner" (it
# is the viewer's hand), "other"; {mover} and {owner} are names.
_ABILITY_TURN = {  # (Felix, or Jill; the viewer's turn)
    (True, True): N_(
        "Your turn: Felix Fox may swap hands with a player still to play this round, or skip"
    ),
    (True, False): N_(
        "{owner}'s turn: Felix Fox may swap hands with a player still to play this round, or skip"
    ),
    (False, True): N_("Your turn: Jill Jackrabbit may look at one card of the hand, or skip"),
    (False, False): N_("{owner}'s turn: Jill Jackrabbit may look at one card of the hand, or skip"),
}
_STANDOFF_PICK = {
    "mover": N_(
        "Stand-off: you pick a card from {owner}'s hand for {owner}'s LEFT (the RIGHT card is "
        "then drawn at random from {owner}'s hand)"
    ),
    "owner": N_(
        "Stand-off: {mover} picks a card from your hand for your LEFT (the RIGHT card is then "
        "drawn at random from your hand)"
    ),
    "other": N_(
        "Stand-off: {mover} picks a card from {owner}'s hand for {owner}'s LEFT (the RIGHT card "
        "is then drawn at random from {owner}'s hand)"
    ),
}
_PICK_LEFT = {
    "mover": N_(
        "You pick a card from {owner}'s hand for {owner}'s LEFT, saying anything about it "
        "(turn, part 1)"
    ),
    "owner": N_(
        "{mover} picks a card from your hand for your LEFT, saying anything about it (turn, part 1)"
    ),
    "other": N_(
        "{mover} picks a card from {owner}'s hand for {owner}'s LEFT, saying anything about it "
        "(turn, part 1)"
    ),
}
_PICK_RIGHT = {
    "mover": N_("You pick a card from {owner}'s hand for {owner}'s RIGHT (turn, part 2)"),
    "owner": N_("{mover} picks a card from your hand for your RIGHT (turn, part 2)"),
    "other": N_("{mover} picks a card from {owner}'s hand for {owner}'s RIGHT (turn, part 2)"),
}
_PASS_MINE = {  # the viewer still passes: to the left, to the right
    True: N_(
        "Everyone passes a card face down at once: you pass to the left (to {receiver}) the "
        "card not revealed, or a random card from your hand (passes are hidden until all are in)"
    ),
    False: N_(
        "Everyone passes a card face down at once: you pass to the right (to {receiver}) the "
        "card not revealed, or a random card from your hand (passes are hidden until all are in)"
    ),
}
_PASS_ALL = {
    True: N_(
        "Everyone passes a card face down to the left at once: the card not revealed, or a "
        "random card from the hand (hidden until all are in)"
    ),
    False: N_(
        "Everyone passes a card face down to the right at once: the card not revealed, or a "
        "random card from the hand (hidden until all are in)"
    ),
}


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
        text = t(
            "chosen: {chosen} · still to choose: {waiting}",
            chosen=", ".join(chosen) or t("nobody yet"),
            waiting=", ".join(waiting) or t("nobody"),
        )
        return Text("  " + text, style="dim")
    if view["phase"] == "pass" and view["queue"]:
        queue = ", ".join(_who(view, names, s) for s in view["queue"])
        passed = [_who(view, names, s) for s, data in enumerate(seats) if data["pass"]]
        text = t(
            "passed: {passed} · still to pass: {queue}",
            passed=", ".join(passed) or t("nobody yet"),
            queue=queue,
        )
        return Text("  " + text, style="dim")
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
    """A move of the log in words, without its notation (``move``: a reader's code)."""
    return Text.assemble(f"  {name}: ", words, style=style)


def _pick_words(names: list[str], move: str, turn: int) -> str:
    m = _PICK.fullmatch(move)
    assert m is not None
    side = "left" if m[1] == "L" else "right"
    owner = _name(names, turn)
    said = bool(m[3])
    claim = claim_words(m[3]) if said else ""
    if m[2] == "=":
        if said:
            return t(
                'the same card: {owner}\'s LEFT card again, saying "{claim}" about it '
                "({owner}'s RIGHT card is drawn at random)",
                owner=owner,
                claim=claim,
            )
        return t(
            "the same card: {owner}'s LEFT card again, saying nothing ({owner}'s RIGHT card is "
            "drawn at random)",
            owner=owner,
        )
    if m[2] == "?":
        return t(_HIDDEN_PICK_WORDS[side, said], owner=owner, claim=claim)
    return t(_PICK_WORDS[side, said], index=m[2], owner=owner, claim=claim)


_PICK_WORDS = {  # (the side, a claim said)
    ("left", True): N_('card {index} for {owner}\'s LEFT, saying "{claim}"'),
    ("left", False): N_("card {index} for {owner}'s LEFT, saying nothing"),
    ("right", True): N_('card {index} for {owner}\'s RIGHT, saying "{claim}"'),
    ("right", False): N_("card {index} for {owner}'s RIGHT, saying nothing"),
}
_HIDDEN_PICK_WORDS = {
    ("left", True): N_('a card for {owner}\'s LEFT (hidden from {owner}), saying "{claim}"'),
    ("left", False): N_("a card for {owner}'s LEFT (hidden from {owner}), saying nothing"),
    ("right", True): N_('a card for {owner}\'s RIGHT (hidden from {owner}), saying "{claim}"'),
    ("right", False): N_("a card for {owner}'s RIGHT (hidden from {owner}), saying nothing"),
}
_DECISION_WORDS = {
    "left": N_("reveals the LEFT card"),
    "right": N_("reveals the RIGHT card"),
    "pass:unrevealed": N_("passes the card not revealed"),
    "pass:random": N_("passes a random card from the hand"),
    "peek": N_("Jill looks at a card of her hand"),
    "save": N_("Carla saves herself: the BOOM goes back into her hand"),
    "loot": N_("Rory loots the pot"),
    "ask:left": N_("Heather asks what her LEFT card is"),
    "ask:right": N_("Heather asks what her RIGHT card is"),
}
_FORCE_WORDS = {
    "left": N_("Brandon forces {name} to reveal the LEFT card"),
    "right": N_("Brandon forces {name} to reveal the RIGHT card"),
}


def _decision_words(view: View, names: list[str], seat: int, move: str) -> str:
    character = view["seats"][seat]["character"]
    if move in _DECISION_WORDS:
        return t(_DECISION_WORDS[move])
    if move == "skip":
        return t("does not use {name}'s ability", name=character_name(character))
    if move.startswith("swap:"):
        return t("Felix swaps hands with {name}", name=_name(names, int(move[5:])))
    if move.startswith("force:"):
        _, target, side = move.split(":")
        return t(_FORCE_WORDS[side], name=_name(names, int(target)))
    if move.startswith("char:"):
        return t("chooses {name}", name=character_name(move[5:]))
    return move


def _event_line(event: dict[str, Any], names: list[str]) -> Text | None:
    seat = event["seat"]
    name = _name(names, seat)
    amount = event["amount"]
    kind = event["event"]
    if kind == "pay":
        if amount:
            words = t("pays {amount} to the pot", amount=amount)
        else:
            words = t("has no coin to pay")
        return Text.assemble("  ", (name, "bold"), ": ", card("pay"), " " + words)
    if kind == "steal":
        thief = _name(names, event["to"])
        if amount:
            words = t("{amount} stolen by {thief}", amount=amount, thief=thief)
        else:
            words = t("nothing to steal for {thief}", thief=thief)
        return Text.assemble("  ", (name, "bold"), ": ", card("steal"), " " + words)
    if kind == "steal-blocked":
        words = t("blocked (Advanced Play): nothing stolen")
        return Text.assemble("  ", (name, "bold"), ": ", card("steal"), " " + words)
    if kind == "click":
        words = t("nothing happens")
        return Text.assemble("  ", (name, "bold"), ": ", card("click"), " " + words)
    if kind == "boom":
        out = (" " + t("out of the shootout!"), "bold red")
        return Text.assemble("  ", (name, "bold"), ": ", card("boom"), out)
    if kind == "saved":
        return Text("  " + t("{name}: saved by Carla's ability", name=name), style="green")
    if kind == "rory":
        text = t("{name}: Rory loots {amount} from the pot", name=name, amount=amount)
        return Text("  " + text, style="yellow")
    if kind == "pot-carries-over":
        text = t("nobody survived: the pot ({amount}) carries over", amount=amount)
        return Text("  " + text, style="yellow")
    if kind == "change":
        text = t("{name} changes a gold coin for {amount} silver", name=name, amount=amount)
        return Text("  " + text, style="dim")
    return None  # forced-left/right: the force itself is in the log


_GROUPED = {"ante": N_("ante"), "dues": N_("dues"), "loot": N_("the survivors grab the loot")}


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
            text = t("{what}: {parts}", what=t(_GROUPED[kind]), parts=parts)
            item.line = Text(f"  {text}", style="yellow")

    deals = 0
    last: tuple[int, str, int] = (-1, "", -1)  # the last decision: seat, move, turn player
    for i, entry in enumerate(log):
        add_events(i)
        seat, move = entry["seat"], entry["move"]
        key = ("log", i)
        if seat == "chance":
            if move.startswith("deal:"):
                character = move[5:]
                words = t(
                    "{name} is dealt {character}",
                    name=_name(names, deals),
                    character=character_name(character),
                )
                deals += 1
                items.append(LogItem(key, None, Text(f"  {words}", style="dim")))
                continue
            if move.startswith("tie:"):
                words = t("chance: the final draw goes to {name}", name=_name(names, int(move[4:])))
                items.append(LogItem(key, None, Text(f"  {words}", style="bold")))
                continue
            by, decided, turn = last
            drawn = move.startswith("draw:")
            which = " " + t("(card {index})", index=move[5:]) if drawn else ""
            if decided == "peek":
                words = t("Jill ({name}) looks at a random card of her hand", name=_name(names, by))
                words += which
            elif decided.startswith("pass:"):
                if drawn:
                    words = t(
                        "a card passed at random is drawn (card {index}), face down", index=move[5:]
                    )
                else:
                    words = t("a card passed at random is drawn, face down")
            elif decided == "save":
                words = t(
                    "a random card from {name}'s hand goes to her played pile",
                    name=_name(names, by),
                )
                words += which
            elif decided.startswith(("L", "R")):
                words = t(
                    "{name}'s RIGHT card is drawn at random from {name}'s own hand",
                    name=_name(names, turn),
                )
                words += which
            else:
                words = t("a card is drawn at random") + which
            if move == "?":
                words += " " + t("(which one is hidden)")
            items.append(LogItem(key, None, Text(f"  {words}", style="dim")))
            continue
        turn = -1
        if _PICK.fullmatch(move):
            turn = _living_right(alive, seat) if move[0] == "L" else _living_left(alive, seat)
            words = _pick_words(names, move, turn)
        elif move == "?" and view["phase"] == "pass":  # only the open step's are still hidden
            words = t("has passed a card, the unrevealed or a random one (hidden until all are in)")
        elif move == "?":
            words = t("has chosen left or right (hidden until all are in)")
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
    legend = QUICK_LEGEND if view["mode"] == "quick" else LEGEND
    parts.append(Text(t(legend), style="dim"))
    log = log_lines(view, names)
    if YOU in names:  # "You is dealt": "You are dealt"
        log = [you_grammar_text(line) for line in log]
    if log:
        parts.append(Text(t("Last moves:"), style="bold"))
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
        text = Text(t(_REVEAL_OPTION[move]) + " ")
        if entry is not None:
            text.append(card(entry["card"]))
            text.append(" ")
            text.append(_claim(entry["claim"]))
            if entry["by"] == "chance":
                by = t("at random")
            else:
                by = t("by {name}", name=_name(names, entry["by"]))
            text.append(f" ({by})", style="dim")
        return text
    if move in _OPTION_WORDS:
        return Text(t(_OPTION_WORDS[move]))
    if move.startswith("swap:"):
        other = int(move[5:])
        text = Text(t("swap hands with {name}:", name=_name(names, other)) + " ")
        hand = seats[other]["hand"]
        text.append(_cards(list(hand)) if hand is not None else Text("?"))
        return text
    if move.startswith("force:"):
        _, target, side = move.split(":")
        entry = seats[int(target)][side]
        text = Text(t(_FORCE_OPTION[side], name=_name(names, int(target))) + " ")
        if entry is not None:
            text.append(card(entry["card"]))
        return text
    if move.startswith("char:"):
        key = move[5:]
        return Text(f"{character_name(key)}: {t(CHARACTERS[key][1])}")
    return Text(move)


_REVEAL_OPTION = {"left": N_("reveal your LEFT card:"), "right": N_("reveal your RIGHT card:")}
_FORCE_OPTION = {
    "left": N_("force {name} to reveal the LEFT card"),
    "right": N_("force {name} to reveal the RIGHT card"),
}
_OPTION_WORDS = {
    "pass:unrevealed": N_("pass the card you did not reveal"),
    "pass:random": N_("pass a random card from your hand (the unrevealed one goes back in)"),
    "ask:left": N_("ask what your LEFT card is"),
    "ask:right": N_("ask what your RIGHT card is"),
    "peek": N_("look at one card of your hand (at random)"),
    "save": N_("put the BOOM back in your hand; a random card is played instead"),
    "loot": N_("take coins from the pot (one per card in your played pile)"),
    "skip": N_("do not use your ability now"),
}


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
            head.append("  " + t("the LEFT card again") + " ")
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
            parts.append(f" {claim}" if claim else " " + t("no claim"))
        table.add_row(head, parts)
    for number, move in others:
        head = Text.assemble((f"{number})", "bold cyan"), " ", (move, "bold"))
        table.add_row(head, _option_words(view, names, move))
    if picks:
        title = t("Your moves (type the number or the notation, e.g. L2:boom):")
    else:
        title = t("Your moves (type the number or the notation):")
    return Group(Text(title, style="bold"), table)


def render_outcome(view: View, names: list[str]) -> RenderableType:
    """Each shootout's survivors and loot, the final coins, the winners and the tie-break."""
    outcome: dict[str, Any] = view["outcome"]
    seats = view["seats"]
    quick = view["mode"] == "quick"
    parts: list[RenderableType] = []
    shootouts = Table(
        title=t("Shootouts"), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False
    )
    shootouts.add_column("#", justify="right")
    shootouts.add_column(t("survivors"))
    if not quick:
        shootouts.add_column(t("loot each"), justify="right")
    for number, result in enumerate(view["results"], 1):
        survivors = ", ".join(names[s] for s in result["survivors"])
        cells = [str(number), survivors or t("nobody (the pot carried over)")]
        if not quick:
            cells.append(str(result["share"]) if result["survivors"] else "-")
        shootouts.add_row(*cells)
    parts.append(shootouts)
    tie_break = "tie" in outcome["reason"]
    table = Table(
        title=t("Final result"), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False
    )
    characters = any(data["character"] is not None for data in seats)
    table.add_column(t("player"), no_wrap=True)
    if characters:
        table.add_column(t("character"), no_wrap=True)
    if not quick:
        table.add_column(t("coins"), no_wrap=True)  # gold and silver
        table.add_column(t("value"), justify="right", style="bold")  # in silver
    table.add_column(t("survived"), justify="right")
    if tie_break:
        table.add_column(t("BOOMs unplayed"), justify="right")
        table.add_column(t("steals played"), justify="right")
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
            gold = t("{gold}g", gold=coins["gold"])
            silver = t("{silver}s", silver=coins["silver"])
            row.extend([f"{gold} {silver}", str(coins["value"])])
        row.append(str(survived[seat]))
        if tie_break:
            hand = data["hand"] or []
            row.append(str(sum(1 for kind in hand if kind == "boom")))
            row.append(str(sum(1 for kind in data["played"] if kind == "steal")))
        mark = (t("shared victory") if shared else t("winner")) if seat in winners else ""
        row.append(Text(mark, style="bold green"))
        table.add_row(*row)
    parts.append(table)
    reason = outcome["reason"]  # data: the rules' words (games/boom/rules.py REASONS)
    parts.append(Text(t("Decided by: {reason}.", reason=t(reason)), style="dim"))
    who = _and([names[s] for s in sorted(winners)])
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
                line.append("  " + t("(revealed)"), style="dim")
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


# -- the compact board (80x24) -----------------------------------------------------------------


def _compact_player(view: View, names: list[str], seat: int) -> Text:
    """Name (and ``(you)``), the character's first name with its ability, out or which
    neighbour of the viewer."""
    data = view["seats"][seat]
    me = view["me"]
    line = Text(names[seat], style="bold")
    if seat == me and names[seat] != YOU:
        line.append(" " + t("(you)"), style="bold cyan")
    line.append("\n")
    if data["character"] is not None:
        line.append(character_name(data["character"]).split()[0])
        line.append(
            " ●" if data["ability"] == "ready" else " ○",
            "green" if data["ability"] == "ready" else "dim",
        )
    if not data["alive"]:
        line.append(" " + t("out"), style="bold red")
    elif me is not None and seat != me and view["seats"][me]["alive"]:
        alive = [s["alive"] for s in view["seats"]]
        left = _living_left(alive, me) == seat
        right = _living_right(alive, me) == seat
        if left or right:
            line.append(" " + ("⇆" if left and right else "←" if left else "→"), "bold cyan")
    return line


def _compact_coins(coins: dict[str, int] | None) -> Text:
    if coins is None:
        return Text("")
    return Text.assemble(
        (t("{gold}g", gold=coins["gold"]), "bold yellow"),
        (t("{silver}s", silver=coins["silver"]), "bold"),
        (f"\n={coins['value']}", "dim"),
    )


def _compact_hand(view: View, seat: int) -> Text:
    data = view["seats"][seat]
    hand = data["hand"]
    count = data["hand_count"]
    peek = view["peek"]
    if hand is None:
        text = Text(BACK, style=BACK_STYLE) if count else Text(t("(none)"), style="dim")
        if count:
            text.append(f"×{count}")
        if peek is not None and peek["seat"] == seat and peek["where"] == "hand":
            text.append(" " + t("one:") + " ", style="cyan")
            text.append(card(peek["card"]))
        return text
    text = Text()
    for index, kind in enumerate(hand):
        if index:
            text.append(" ")
        text.append(card(kind))
        looked = peek is not None and peek["seat"] == seat and peek["where"] == "hand"
        if looked and peek is not None and peek["index"] == index:
            text.append("*", style="cyan")
    if not hand:
        text.append(t("(none)"), style="dim")
    return text


def _compact_side(view: View, names: list[str], seat: int, side: str) -> Text:
    """A table card: face (or back), the claim, and who picked it."""
    data = view["seats"][seat]
    entry = data[side]
    if entry is None:
        same = data["same_claim"]
        if side == "right" and same is not None:
            return Text(t("=LEFT"), style="dim")
        return Text("—", style="dim") if data["alive"] else Text("")
    line = card(entry["card"])
    if entry["claim"] is not None:
        line.append(" ")
        line.append(_claim(entry["claim"]))
    line.append("\n")
    if entry["by"] == "chance":
        line.append(t("at random"), style="dim")
    else:
        line.append(t("by {name}", name=_name(names, entry["by"])), style="dim")
    same = data["same_claim"]
    if side == "left" and same is not None:
        line.append(" ")
        line.append(_claim(same["claim"]))
    return line


def compact_table(view: View, names: list[str]) -> Table:
    """Every seat in two lines, from the viewer around the table."""
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, header_style="bold underline")
    table.add_column("", no_wrap=True, width=2)
    table.add_column(t("player"), no_wrap=True, max_width=16)
    if view["mode"] == "full":
        table.add_column(t("coins"), no_wrap=True)
    table.add_column(t("hand"), max_width=18)
    table.add_column(t("left"), max_width=13)
    table.add_column(t("right"), max_width=13)
    table.add_column(t("showdown"), min_width=14, max_width=15)
    for seat in seat_order(view):
        row: list[RenderableType] = [_marks(view, seat), _compact_player(view, names, seat)]
        if view["mode"] == "full":
            row.append(_compact_coins(view["seats"][seat]["coins"]))
        row.extend(
            [
                _compact_hand(view, seat),
                _compact_side(view, names, seat, "left"),
                _compact_side(view, names, seat, "right"),
                _showdown_cell(view, names, seat, True),
            ]
        )
        table.add_row(*row, style="" if view["seats"][seat]["alive"] else "dim")
    return table


def render_compact(view: View, names: list[str]) -> RenderableType:
    """The table at the prompt, for an 80x24 terminal: the header, a seat in two lines, the
    notes and what the game waits for (the legend and the log: ``board``)."""
    parts: list[RenderableType] = [header(view, names, True), compact_table(view, names)]
    if view["players"] <= 4:  # more seats leave no room for it (help and board say it)
        legend = t("← → your left, right neighbour · ★ first player · ▶ to move · ● ability ready")
        parts.append(Text(legend, style="dim"))
    parts.extend(_notes(view, names, True))
    parts.append(Text("▶ " + phase_words(view, names), style="bold yellow"))
    extra = _phase_extra(view, names)
    if extra is not None:
        parts.append(extra)
    return Group(*parts)


def compact_moves(view: View, moves: list[str], names: list[str] | None = None) -> RenderableType:
    """The legal moves at the prompt: the picks as ``L0..L5`` with the claims to add, the
    others numbered (a seat a move names by its number, with its name)."""
    picks: dict[str, list[int]] = {}
    claims: list[str] = []
    others: list[tuple[int, str]] = []
    for number, move in enumerate(moves, 1):
        m = _PICK.fullmatch(move)
        if m:
            picks.setdefault(f"{m[1]}{m[2]}", []).append(number)
            if m[3] and m[3] not in claims:
                claims.append(m[3])
        else:
            others.append((number, move))
    line = Text()
    if picks:
        labels = list(picks)
        ranged = len(labels) > 2 and all(label[1:].isdecimal() for label in labels)
        cards = f"{labels[0]}-{labels[-1]}" if ranged else " ".join(labels)
        line.append(t("Pick a card:") + " ", "bold")
        line.append(cards, "bold")
        if claims:
            line.append(
                "; "
                + t(
                    "add a claim ({claims}) as in {example}, or none",
                    example=f"{labels[0]}:{claims[-1]}",
                    claims=", ".join(claims),
                )
            )
    for number, move in others:
        if line.plain:
            line.append("  ")
        line.append(f"{number})", "bold cyan")
        line.append(move, "bold")
        seat = move.split(":")[1] if move.startswith(("swap:", "force:")) else ""
        if names is not None and seat.isdecimal() and int(seat) < len(names):
            line.append(f" ({names[int(seat)]})")
    return line
