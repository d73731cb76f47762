"""The Click Click Boom game object: catalog entry, options, notation and determinization."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core import GameBase, Player, RulesDecision, ScoreCard, StateBase, View
from ...core.i18n import N_
from . import actions, scorepad
from .board import BOOM, GOLD_VALUE, STEAL
from .params import PRESET_WORDS, PRESETS, BoomParams
from .rules import BoomConfig, BoomState
from .view import make_view, state_from_view, witness_view

if TYPE_CHECKING:
    import random  # only for annotations: rules code never draws random numbers

    from ...core.words import Narrator

RULES_SUMMARY = N_(
    """\
Never look at your own hand: you hold six cards facing the others (3 Click: Pay 1, 2 Click: 2 \
Stolen, 1 BOOM). On your turn your left neighbour picks one card from your hand for your left \
side, saying anything they like about it, then your right neighbour picks another for your \
right side. When everyone has had a turn, the showdown: everyone at once chooses their left or \
right card and reveals it. Pay: 1 silver to the pot. Stolen: 2 silver to the neighbour on that \
side. BOOM: you are out of this shootout. Then every living player at once passes a card face down \
(the one not revealed, or a random one from the hand) in the direction of the turn order token, \
which moves one seat to the left and flips.

A shootout ends when every living player has one card left unplayed, or one player (or none) \
is alive; the survivors split the pot. With two players left (or a 2-player game) the \
stand-off: the other player picks your left card and your right card is drawn at random from \
your own hand. Everyone antes 1 at the start of a shootout; after it the survivors pay 2 dues \
and the others 1. After three shootouts the most coins win (ties: fewest BOOM cards unplayed, \
then fewest steals played, then a draw). Characters have one ability each per shootout. Quick \
Play: no coins, no characters, one shootout, 5 Click + 1 BOOM, the survivors win. Advanced \
Play: the right neighbour may pick the same card as the left one, and steals can be blocked."""
)

RULES_DECISIONS = (
    RulesDecision(
        "boom-players",
        N_("Players, and the 2-player game"),
        N_(
            "The rulebook's components serve six. With 2 players the whole game is the 2-Player "
            'Stand-Off ("Occasionally there will be only two players left"); with 3 or more the '
            'stand-off rules apply for the rest of a shootout once "there are only 2 players left '
            "alive ... at the end of a Showdown\" (before that showdown's passing, which goes on "
            "as usual)."
        ),
    ),
    RulesDecision(
        "boom-first-player",
        N_("The First Player"),
        N_(
            '"The player who last blew something up becomes First Player and takes the Turn Order '
            'Token with the Pass Left side placed face-up": seat 0 starts the game. Every later '
            "shootout is started by the player who last blew up, in whichever earlier shootout (of "
            "several in the same showdown, the last one in seat order from that showdown's First "
            "Player), with the token on Pass Left again: a shootout in which nobody blew up "
            "changes nothing. While nobody has blown up yet, the next shootout is started by the "
            "player to the left of the last First Player. Turns go to the left (seat + 1 sits on "
            "the left). Within a shootout the token passes to the next living player on the left "
            "after every showdown's passing, and flips."
        ),
    ),
    RulesDecision(
        "boom-hands",
        N_("Hands, shuffles and who sees what"),
        N_(
            '"Never look at your own hand of cards!" A hand is kept in one canonical order (by '
            "kind), and a neighbour picks a card by its place in that order, as they see it. "
            "Shuffles are not simulated: a shuffle only makes the owner forget. A seat sees the "
            "faces of every other living player's hand and never its own (only how many cards it "
            'holds); "all other players at the table, except the current player, should know what '
            'was picked", so a seat sees every table card but its own two, which it sees as backs '
            "with the claims. Played piles are face up, but for Carla's face-down card "
            "(boom-carla). Cards drawn at random from a hand (the stand-off's right card, a random "
            "pass, Carla's card, Jill's look) are chance, each card of the hand equally likely; "
            "the owner does not see which card it was, and nobody sees which card a random pass or "
            "Carla's card was (both go face down). A draw from a one-card hand needs no chance "
            "step. At the end of the game every unplayed card is shown, for the tie-break."
        ),
    ),
    RulesDecision(
        "boom-claims",
        N_("What the pickers say"),
        N_(
            '"The player on the left may lie, tell the truth, or say nothing": each pick carries '
            "a public claim, which binds nobody: none, pay, steal or boom (Quick Play: none, "
            "click or boom). Talk beyond that (about the other card) is not modelled."
        ),
    ),
    RulesDecision(
        "boom-coins",
        N_("Gold, silver and change"),
        N_(
            'Every payment in the rulebook is in silver ("Place 1 of your silver coins", "give 2 '
            'of your silver coins"); "1 coin" for the ante and the dues is read as 1 silver. A '
            "player who owes silver and has only gold first changes one gold coin for 5 silver "
            "from the box (the box is assumed to have enough), then pays; this conserves value. "
            '"If you only have 1 coin, you must give it up. If you have no money, no one can steal '
            'from you": a player pays what they can, down to nothing, and plays on. Coins are '
            "counted by value (1 gold = 5 silver)."
        ),
    ),
    RulesDecision(
        "boom-loot",
        N_("Splitting the pot"),
        N_(
            '"If multiple players are left, they will split the winning pot evenly. Any extra '
            "coins are left in the center\": each survivor takes the pot's value divided by the "
            "number of survivors, rounded down (gold where the pot has it, else silver; the pot "
            'makes change), and the rest stays. If nobody survived, "all money is left in the '
            'winning pot for the next Shootout". Rory takes his coins the same way.'
        ),
    ),
    RulesDecision(
        "boom-last-shootout",
        N_("No dues after the last shootout"),
        N_(
            '"After 3 Shootouts have been played, all coins are counted": the End of Round Clean '
            "Up (reset, dues) prepares the next shootout, so after the last one there is none; "
            "what stays in the pot belongs to nobody. The ante is paid at the start of every "
            "shootout and the dues after every shootout but the last, by every player "
            '("Any player who won the Shootout puts 2 silver into the winning pot. All other '
            'players put 1 coin (if possible)").'
        ),
    ),
    RulesDecision(
        "boom-end-of-shootout",
        N_("When a shootout ends"),
        N_(
            '"Continue playing Turns and Showdowns ... until all living players have 1 card left '
            'unplayed, or only 1 player is left alive": this is checked at the end of every '
            "showdown, before the passing. It ends after the showdown of the round that starts "
            "with two cards in every hand (each living player then has one unplayed card, the one "
            "not revealed, and nobody passes), or as soon as one player or none is alive."
        ),
    ),
    RulesDecision(
        "boom-passing",
        N_("Passing cards"),
        N_(
            '"All players left alive will then pass a card face-down to the next player in the '
            "direction of the Turn Order Token. They may pass the card that they chose not to "
            'reveal, or a random card from their hand": every living player decides at the same '
            "time, like the showdown choice (taken in seat order from the First Player; a server "
            "may take them in any order): who has passed is shown, how is hidden until all have "
            "passed. Then the random cards are drawn (chance, in seat order), each from the hand "
            "as it was before any card arrives, and nobody sees which card was drawn; the cards "
            "change hands all at once, and a random passer's unrevealed card goes back into its "
            "hand. A passed card is first seen in the receiver's hand, by the players who see that "
            "hand. The cards go to the next living player in the token's direction; eliminated "
            "players neither pass nor receive. A random card is not offered from an empty hand. "
            "The receivers (and the random passers) forget their hands (they shuffle)."
        ),
    ),
    RulesDecision(
        "boom-showdown",
        N_("The showdown: choices, and coins that move at once"),
        N_(
            '"Each player must now silently pick either the card on their left or the card on '
            'their right": the choices are made in seat order from the First Player and hidden '
            "from everyone else until all are in; a player Brandon forced has no choice to make. "
            '"The First Player instructs everyone to simultaneously turn over and reveal their '
            'cards": the revealed cards take effect at once. Each player gives what its card asks '
            "(Pay: 1 silver to the pot; Steal: 2 silver) out of what it held when the cards were "
            "turned, as much of it as it has; the coins a player receives in the same showdown (a "
            "Steal, Brandon's included) reach it after every payment and do not pay for its own "
            "card. A Steal blocked in Advanced Play moves no coin. A Steal pays the living "
            "neighbour on that side as the turn was played, even one who blows up in the same "
            "showdown. Option `showdown_coins=seat-order`: the cards take effect one player after "
            "the other in seat order from the First Player, so coins just received pay for later "
            "payments."
        ),
    ),
    RulesDecision(
        "boom-standoff",
        N_("The stand-off"),
        N_(
            "Part 1: \"The other player ... must pick 1 card out of the current player's hand, "
            'then place it face-down on the table to left side of the current player". Part 2: '
            '"The current player must pick a card at random from their own hand": a chance draw '
            "onto the right side. The showdown is the usual one (abilities included); a Steal on "
            "either side pays the other player. In Advanced Play the random right card counts as "
            '"picked by you" and steals nothing.'
        ),
    ),
    RulesDecision(
        "boom-advanced",
        N_("Advanced Play"),
        N_(
            "The right neighbour may pick a different card or the same card as the left "
            "neighbour (`R=`); then the left card is that card and the right card is drawn at "
            'random from the hand. "If you play this card, and it was chosen by both left and '
            'right players, neither player receives the money": the player keeps their coins. '
            '"If you play this card, and it was chosen by you, no player steals from you": a '
            "Steal drawn at random steals nothing. These blocks also hold when Brandon forced the "
            "card. Pay and BOOM are unchanged. With `R=` the right neighbour's words (\"can say "
            "anything they like about the card they are picking or the card picked by the previous "
            'player") go with the card it picked, the left one; the random right card carries no '
            "claim."
        ),
    ),
    RulesDecision(
        "boom-characters",
        N_("Characters and abilities"),
        N_(
            '"Character Abilities are playable once per Shootout": each is a decision offered '
            "only at its moment (use it or `skip`), to a living holder whose ability is ready; it "
            "is ready again at the next shootout. Option `characters`: `random` (the rulebook's "
            '"Give each player ... 1 Character Card": dealt by chance, seat 0 first), `chosen` '
            "(each seat in turn chooses from those left, seat 0 first) or `none`; Quick Play has "
            "none. When two abilities have the same moment (Brandon and Heather at the start of "
            "the showdown) they are offered in seat order from the First Player."
        ),
    ),
    RulesDecision(
        "boom-carla",
        N_("Carla Coyote"),
        N_(
            '"If the card you picked is a BOOM Card put it back in your hand and shuffle '
            "face-down ... Choose a random card from your hand and place it face-down in to your "
            'Played Card Pile, as if it had been revealed": offered when her revealed card is a '
            "BOOM, before any card takes effect. The BOOM goes back into her hand first, so the "
            "random card may be that BOOM again. The card drawn goes to her played pile and counts "
            "as played (for Rory and the tie-break), but it has no effect: she pays, gives and "
            'loses nothing and stays alive. It lies face down ("All other cards remain '
            "face-down\"): no view shows its kind, Carla's own included, until the end of the "
            "game shows every card; the others, who see her hand, may work it out from that, as at "
            "the table. The draw's place in her hand is shown to nobody."
        ),
    ),
    RulesDecision(
        "boom-brandon",
        N_("Brandon Bull"),
        N_(
            '"Force any player to pick the card of your choice. If it is a Click: Steal 2 Coins '
            'Card, then those coins go to you": at the start of the showdown Brandon names any '
            "other living player and a side; that player reveals that card and has no choice. A "
            "Steal revealed that way pays Brandon instead of the neighbour (unless an Advanced "
            "block stops it). The force is public."
        ),
    ),
    RulesDecision(
        "boom-heather",
        N_("Heather Horse"),
        N_(
            '"Pick the player on your left or right. They must truthfully tell you what card they '
            'picked for you": at the start of the showdown Heather asks about her left card (which '
            "her left neighbour picked) or her right card (which her right neighbour picked); only "
            "she learns the answer (everyone else knows it already). A right card drawn at random "
            "(stand-off, Advanced `R=`) was picked by nobody, so only the left card can be asked "
            "about then."
        ),
    ),
    RulesDecision(
        "boom-felix",
        N_("Felix Fox"),
        N_(
            '"At the start of your Turn, you may swap your hand with another player": another '
            "living player who has not had their turn this round, so both hands are the same size "
            "(a player who has had their turn holds two cards fewer, which would leave hands of "
            'different sizes and break "all living players have 1 card left"). Both forget their '
            "new hands."
        ),
    ),
    RulesDecision(
        "boom-rory",
        N_("Rory Raccoon"),
        N_(
            '"At the end of a Showdown, steal coins from the pot equal to the number of cards you '
            'have in your Played Card Pile": after the revealed cards take effect, if Rory is '
            "alive and the pot is not empty, he may take that many silver worth (the card just "
            "revealed counts), or all the pot has if it has less."
        ),
    ),
    RulesDecision(
        "boom-jill",
        N_("Jill Jackrabbit"),
        N_(
            '"At the beginning of Turn - Part 1, when you are the current player, you may look at '
            'one card in your hand": she sees only backs, so which card is chance; she learns its '
            "kind (nobody else learns anything new) and follows that card until her hand is next "
            "shuffled: if a neighbour picks it for her, she knows that table card. The knowledge "
            "ends when the card is revealed or passed, or at the passing (her hand is shuffled)."
        ),
    ),
    RulesDecision(
        "boom-tie-break",
        N_("Winning the game, and ties"),
        N_(
            '"The player with the most coins is declared the winner" (by value). Ties: "The '
            'player with the fewest BOOM Cards left in their hand of unplayed cards wins": the '
            "BOOM cards among a player's unplayed cards at the end of the last shootout (a "
            "survivor's hand and unrevealed card; an eliminated player's face-down cards). Then "
            '"the fewest number of steals in their Played Card Pile" (the last shootout\'s; the '
            'card Carla put there face down "as if it had been revealed" is turned up for the '
            "count, and a Steal there counts). "
            "Then the rulebook's draw of one Click card among BOOM cards, as one chance event: "
            "each tied player equally likely. Scores stay the coin values; the outcome's "
            "winners and its reason say how the tie was broken."
        ),
    ),
    RulesDecision(
        "boom-pad-cards",
        N_("The coin count: what the cards allow"),
        N_(
            'The tie-break counts are held to the cards ("1 BOOM Card", "2 Click: 2 Coins Stolen '
            'Cards" a player). BOOM cards left unplayed: at most 1 a player together; a shootout '
            "ends when all living players have 1 card left unplayed or only 1 player (or none) is "
            "alive, so a player with 2 or more BOOM cards left blew up, playing a BOOM card, and "
            "each such player leaves one BOOM card fewer. Steals played: at most 2 a player "
            "together, and at most 5 a player, one a showdown (hands of 6 cards, one played a "
            "showdown and one fewer after each passing, until the round that starts with 2)."
        ),
    ),
    RulesDecision(
        "boom-quick",
        N_("Quick Play"),
        N_(
            "Quick Play uses no coins and no characters, each player has 5 Click cards and 1 BOOM, "
            'and one shootout is played: "The player (or players) with 1 unplayed card left is '
            'declared the winner", as is a last survivor. If everybody has blown up, the players '
            "who blew up in the last showdown share the win. Scores: 1 for a winner, 0 otherwise. "
            "Advanced Play's same-card pick works in Quick Play too."
        ),
    ),
    RulesDecision(
        "boom-small-game",
        N_("Smaller hands, purses and no claims (options)"),
        N_(
            "Not in the rulebook: for designers and solvers, a starting hand's cards (`pay_cards`,"
            " `steal_cards`, `boom_cards`: 3 to 6 in all, as a hand of more than 6 cannot be "
            "fanned and one of 2 has no second showdown), the coins each player starts with "
            "(`start_gold`, `start_silver`) and the claims (`claims=false`: every pick is made "
            "without a word) are options; the defaults are the rulebook's. Every rule reads them: "
            'a shootout still ends "until all living players have 1 card left unplayed", so a hand'
            " of n cards plays at most n - 1 showdowns. Quick Play's Click cards are the same "
            "cards as the Pay and Steal cards, their money ignored, so its hand is `pay_cards` + "
            "`steal_cards` Click cards and `boom_cards` BOOM cards. Without claims the game is "
            "smaller and, with two players, its value is the same: a claim is cheap talk, and "
            "either player may ignore it."
        ),
    ),
)


class BoomGame(GameBase):
    """Click Click Boom (2-6 players): pick cards for your neighbours, never look at your own."""

    name: ClassVar[str] = "click-click-boom"
    key: ClassVar[str] = "boom"
    aliases: ClassVar[tuple[str, ...]] = ("click_click_boom", "boom")
    title: ClassVar[str] = N_("Click Click Boom")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    default_players: ClassVar[int] = 4
    has_chance: ClassVar[bool] = True
    perfect_information: ClassVar[bool] = False  # never look at your own hand
    Params = BoomParams
    presets = PRESETS
    preset_words = PRESET_WORDS
    rules_summary: ClassVar[str] = RULES_SUMMARY
    rules_decisions: ClassVar[tuple[RulesDecision, ...]] = RULES_DECISIONS
    rules_break_ties: ClassVar[bool] = True
    history_view_keys: ClassVar[tuple[str, ...]] = ("log", "version", "events")
    hides_own_position: ClassVar[bool] = True
    sheet_format: ClassVar[str] = scorepad.SHEET_FORMAT

    def __init__(self, num_players: int | None = None, params: BoomParams | None = None):
        super().__init__(num_players, params)
        p = self.params
        assert isinstance(p, BoomParams)
        config = BoomConfig(p, self.num_players)
        self.config = config
        # the same facts, for the outer layers (bots, terminal, server) that read them here
        self.quick = config.quick
        self.advanced = config.advanced
        self.characters = config.characters
        self.shootouts = config.shootouts
        self.coins_at_once = config.coins_at_once
        self.kinds = config.kinds
        self.start_hands = config.start_hands
        self.composition = config.composition
        self.claims = config.claims
        self.left_picks = config.left_picks
        self.right_picks = config.right_picks
        self.draw_outcomes = config.draw_outcomes

    def score_sheet(self, text: str) -> ScoreCard:
        """A table's coin count, checked, with the winner: see :mod:`.scorepad`."""
        return scorepad.score_sheet(self, self.config, text)

    def pad_facts(self) -> dict[str, Any]:
        """What the pad page needs for the coin count: the shootouts, the coins in play and the
        cards that bound the tie-breakers."""
        return {
            "shootouts": self.config.shootouts,
            "start_coins": self.config.start_coins,
            "gold_value": GOLD_VALUE,
            "booms_each": self.config.composition[BOOM] // self.num_players,
            "steals_each": self.config.composition[STEAL] // self.num_players,
            "showdowns": self.config.hand_size - 1,
        }

    def new_initial_state(self) -> BoomState:
        """Characters to deal (or choose), then the first shootout's first turn."""
        return BoomState(self, self.config)

    def action_to_string(self, action: int) -> str:
        """See :mod:`.actions` for the notation."""
        return actions.to_string(action)

    def view_of(self, state: StateBase, seat: Player | None, history: bool = True) -> View:
        assert isinstance(state, BoomState)
        return make_view(state, seat, history=history)

    def witness_view(self, spectator: View, seat_views: list[View]) -> View:
        return witness_view(spectator, seat_views)

    def full_view(self, state: StateBase) -> View:
        """``view(None)`` with every card face up and every move in the log: a finished game's
        replay shows Carla's face-down card and the random passes as they were."""
        assert isinstance(state, BoomState)
        return make_view(state, None, everything=True)

    def narrator(self, viewer: Player | None) -> Narrator:
        """The log told by turn, from ``viewer``'s entries alone (see :mod:`.words`)."""
        from .words import BoomNarrator

        return BoomNarrator(self, viewer, self.config)

    def describe_action(self, action: int) -> str:
        """The action in words."""
        return actions.describe(action)

    def parse_action(self, text: str) -> int:
        """See :mod:`.actions` for the notation."""
        return actions.parse(text)

    def describe_logged(self, move: str, by_chance: bool) -> str:
        """A log entry in words; a pick from the viewer's own hand names no card."""
        words = actions.describe_logged(move)
        return super().describe_logged(move, by_chance) if words is None else words

    def state_from_view(self, view: View, rng: random.Random) -> BoomState:
        """A state showing what ``view`` shows; what the viewer cannot see is sampled."""
        return state_from_view(self, self.config, view, rng)
