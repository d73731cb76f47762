"""Click Click Boom's coin count: for a table playing with the cards, each player's coins after
each shootout, the winner, and the rulebook's tie-breakers asked in order.

The text form (``SHEET_FORMAT``, printed by ``clickbox score click-click-boom --format``) gives one
line a shootout, each player's coins in silver (a gold coin is 5) in seat order, and the
tie-breakers only when the count before them leaves a tie. The card has one line a player (the
coins after the last shootout), the winning coins as its total, and the winner as a note.
"""

from __future__ import annotations

import re
from typing import Final

from ...core import GameBase, ScoreCard, ScoreLine, SheetError, sheet_entries
from ...core.i18n import N_, t
from .board import BOOM, GOLD_VALUE, HAND_SIZE, START_GOLD, START_SILVER, STEAL
from .rules import BoomConfig

START_COINS: Final = GOLD_VALUE * START_GOLD + START_SILVER
# A shootout's showdowns at most: each plays one card a hand and the passing leaves one fewer, from
# hands of 6 until the round that starts with 2 ("until all living players have 1 card left");
# with other hands (options pay_cards, steal_cards, boom_cards) one fewer than their size.
SHOWDOWNS: Final = HAND_SIZE - 1

# A literal, to be translated where shown (``t(SHEET_FORMAT)``): the numbers are written out
# (GOLD_VALUE, START_COINS, START_GOLD, START_SILVER; ``tests/games/boom/test_i18n.py`` holds
# them to the game's).
SHEET_FORMAT = N_("""\
The coin count, for a table playing with the cards: each player's coins in silver (a gold coin
is 5) after each shootout, in seat order, one line a shootout:

  players: Ann, Bo, Cy     # optional: the names, in seat order
  shootout 1: 14 9 13
  shootout 2: 17 6 13
  shootout 3: 14 14 9
  booms: 1 0 1             # on a tie for the most coins: the BOOM cards left unplayed
  # steals: 0 1 0          # still tied: the steals in each player's played pile
  # draw: 2                # still tied: who drew the Click card (2: the second player)

Checked: one number a player on each line, the shootouts from 1 in order and no more than the
game plays, and no more coins than the table holds (13 a player: 1 gold
and 8 silver), one player or all together. The most coins after the last shootout
wins; a tie is broken by the fewest BOOM cards left, then the fewest steals, then the draw, each
asked for only when the one before leaves a tie (and only the tied players' numbers count).""")


_SHOOTOUT: Final = re.compile(r"^shootout\s*(\d+)$")
_SEPARATORS: Final = re.compile(r"[\s,;]+")
_TIE_BREAKS: Final = (  # the entry, what it breaks the tie by, what to give (words: t())
    (
        "booms",
        N_("the fewest BOOM cards left"),
        N_("each player's BOOM cards left unplayed ('booms:')"),
    ),
    (
        "steals",
        N_("the fewest steals"),
        N_("the steals in each player's played pile ('steals:')"),
    ),
)
_BY_DRAW: Final = N_("the draw for the Click card")


def score_sheet(game: GameBase, config: BoomConfig, text: str) -> ScoreCard:
    """Check a coin count against ``game`` (its players and shootouts) and find the winner."""
    if config.quick:
        raise SheetError(
            "sheet", None, t("Quick Play uses no coins: the players with one card left win")
        )
    players = game.num_players
    entries = sheet_entries(text)
    if not entries:
        raise SheetError(
            "sheet", None, t("it is empty: write one line a shootout, e.g. 'shootout 1:'")
        )
    names = [t("player {number}", number=seat + 1) for seat in range(players)]
    shootouts: list[list[int]] = []
    breaks: dict[str, list[int]] = {}
    draw: int | None = None
    for entry in entries:
        if entry.key == "players":
            given = [n.strip() for n in entry.value.split(",") if n.strip()]
            if len(given) != players:
                raise SheetError(
                    "players",
                    None,
                    t("{given} names for {players} players", given=len(given), players=players),
                )
            names = given
        elif match := _SHOOTOUT.match(entry.key):
            number = int(match.group(1))
            if number != len(shootouts) + 1:
                raise SheetError(
                    f"shootout {number}",
                    None,
                    t("expected shootout {number} next", number=len(shootouts) + 1),
                )
            if number > config.shootouts:
                raise SheetError(
                    f"shootout {number}",
                    None,
                    t("the game plays {shootouts} shootouts", shootouts=config.shootouts),
                )
            shootouts.append(_coins(f"shootout {number}", entry.value, players, config))
        elif entry.key in ("booms", "steals"):
            breaks[entry.key] = _numbers(entry.key, entry.value, players, config.hand_size)
            _check_cards(entry.key, breaks[entry.key], names, config)
        elif entry.key == "draw":
            if not (entry.value.isascii() and entry.value.isdecimal()):
                raise SheetError(
                    "draw",
                    None,
                    t("the player who drew the Click card, 1-{players}", players=players),
                )
            draw = int(entry.value) - 1
        else:
            raise SheetError(
                f"line {entry.line}",
                None,
                t(
                    "unknown entry {entry}: expected 'players', 'shootout N', 'booms', "
                    "'steals' or 'draw'",
                    entry=repr(entry.key),
                ),
            )
    if not shootouts:
        raise SheetError("sheet", None, t("no shootout: write each player's coins after it"))
    final = shootouts[-1]
    tied = [seat for seat, coins in enumerate(final) if coins == max(final)]
    how = ""  # the most coins, or what broke the tie
    for key, words, give in _TIE_BREAKS:
        if len(tied) < 2:
            break
        if key not in breaks:
            raise SheetError(key, None, _ask(names, tied, final[tied[0]], t(give)))
        least = min(breaks[key][seat] for seat in tied)
        tied = [seat for seat in tied if breaks[key][seat] == least]
        how = words
    if len(tied) > 1:
        if draw is None:
            give = t("who drew the Click card ('draw: N', N counted from the first player)")
            raise SheetError("draw", None, _ask(names, tied, final[tied[0]], give))
        if draw not in tied:
            raise SheetError(
                "draw",
                None,
                t(
                    "only {names} draw for the Click card",
                    names=_listed([names[s] for s in tied]),
                ),
            )
        tied, how = [draw], _BY_DRAW
    lines = tuple(
        ScoreLine(names[seat], final[seat], " → ".join(str(s[seat]) for s in shootouts))
        for seat in range(players)
    )
    played = len(shootouts)
    winner = names[tied[0]]
    if played == config.shootouts:
        note = t("Winner: {winner} with {coins} coins", winner=winner, coins=final[tied[0]])
    else:
        note = t(
            "Winner (after {played} of {shootouts}): {winner} with {coins} coins",
            played=played,
            shootouts=config.shootouts,
            winner=winner,
            coins=final[tied[0]],
        )
    if how:
        note += t("; the tie is broken by {how}", how=t(how))
    return ScoreCard(game=game.spec(), lines=lines, total=final[tied[0]], notes=(note,))


def _check_cards(area: str, counts: list[int], names: list[str], config: BoomConfig) -> None:
    """What the cards allow at the end of the last shootout (rules decision boom-pad-cards):
    the BOOM cards left unplayed and the steals in the played piles."""
    players = len(counts)
    total = sum(counts)
    if area == "booms":
        cards = config.composition[BOOM]
        # A shootout ends when every living player has 1 card left unplayed, or when 1 (or no)
        # player is alive: a player left with 2 BOOM cards or more blew up, playing a BOOM card.
        holding = [seat for seat, booms in enumerate(counts) if booms > 1]
        if total > cards - len(holding):
            if total <= cards:
                message = t(
                    "{total} BOOM cards left unplayed, but {names} kept more than one, so blew up "
                    "playing one (a shootout played to its end leaves each survivor 1 card): at "
                    "most {most} of the {cards} BOOM cards are left",
                    total=total,
                    names=_listed([names[seat] for seat in holding]),
                    most=cards - len(holding),
                    cards=cards,
                )
            else:
                message = t(
                    "{total} BOOM cards left unplayed; the game has {cards} ({each} a player)",
                    total=total,
                    cards=cards,
                    each=cards // players,
                )
            raise SheetError(area, None, message)
        return
    showdowns = config.hand_size - 1  # see SHOWDOWNS
    for seat, steals in enumerate(counts):
        if steals > showdowns:
            raise SheetError(
                area,
                f"player {seat + 1}",
                t(
                    "{steals} steals played, but a shootout has at most {showdowns} showdowns, "
                    "one card played in each",
                    steals=steals,
                    showdowns=showdowns,
                ),
            )
    cards = config.composition[STEAL]
    if total > cards:
        raise SheetError(
            area,
            None,
            t(
                "{total} steals played; the game has {cards} Steal cards ({each} a player)",
                total=total,
                cards=cards,
                each=cards // players,
            ),
        )


def _numbers(area: str, value: str, players: int, most: int) -> list[int]:
    """One whole number 0..``most`` a player."""
    tokens = [t for t in _SEPARATORS.split(value) if t]
    if len(tokens) != players:
        raise SheetError(
            area,
            None,
            t("{given} numbers for {players} players", given=len(tokens), players=players),
        )
    numbers = []
    for seat, token in enumerate(tokens, start=1):
        if not (token.isascii() and token.isdecimal()) or int(token) > most:
            raise SheetError(
                area,
                f"player {seat}",
                t("{token} is not a whole number 0-{most}", token=repr(token), most=most),
            )
        numbers.append(int(token))
    return numbers


def _coins(area: str, value: str, players: int, config: BoomConfig) -> list[int]:
    """A shootout's coins: each player's, and all together, within what the table holds."""
    held = config.start_coins * players
    coins = _numbers(area, value, players, held)
    if sum(coins) > held:
        raise SheetError(
            area,
            None,
            t(
                "{coins} coins together; the table holds {held} ({each} each)",
                coins=sum(coins),
                held=held,
                each=config.start_coins,
            ),
        )
    return coins


def _listed(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return t("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _ask(names: list[str], tied: list[int], coins: int, words: str) -> str:
    who = _listed([names[seat] for seat in tied])
    return t(
        "{names} are tied with {coins} coins: give {words} to break the tie",
        names=who,
        coins=coins,
        words=words,
    )
