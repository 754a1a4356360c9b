"""Pontinho's rules sheet (rules PO-1 … PO-27), in our own words, for one table's options."""

from __future__ import annotations

from cardtable.cards.french import KIND_INDEX, penalty_table
from cardtable.engine.game import Game
from cardtable.games.pontinho.points import penalty_points
from cardtable.i18n import _, ngettext
from cardtable.rules.sheet import CardRow, Section, Sheet, number

#: A card of each kind of penalty: a joker, an ace, the three figures, a ten and a two.
_SHOWN = ("*", "As", "Kh", "Qd", "Jc", "Ts", "2h")


def pontinho_sheet(table: Game) -> Sheet:
    n = table.players
    penalty = penalty_table(table.options.figure_points)
    five = table.options.four_suits == "with_joker"
    return Sheet(
        game="pontinho",
        title=_("Pontinho"),
        summary=ngettext(
            "A Brazilian rummy with two French packs and four jokers (108 cards), here for {n} "
            "player.",
            "A Brazilian rummy with two French packs and four jokers (108 cards), here for {n} "
            "players.",
            n,
        ).format(n=n),
        house_title=_("At this table"),
        house=_house_rules(table),
        sections=(
            Section(
                _("The aim"),
                (
                    _(
                        "Empty your hand by laying your cards down in melds. When someone goes "
                        "out, everyone else pays for the cards still in their hand: fewest "
                        "points is best."
                    ),
                ),
            ),
            Section(
                _("Dealing and a turn"),
                (
                    _(
                        "Everyone gets nine cards. The rest is the stock (monte), face down; the "
                        "discard pile (lixo) starts empty beside it. Play goes to the right, and "
                        "the player on the dealer's right begins."
                    ),
                    _(
                        "On your turn: draw a card from the stock or the top of the lixo; lay "
                        "down melds and add to melds if you like; then discard one card."
                    ),
                    _(
                        "You may take the top of the lixo only to put it straight into a new "
                        "meld with at least two cards from your hand, even if that meld takes you "
                        "out."
                    ),
                    _(
                        "Burning (queimar): on the first draw of a deal only, the first player "
                        "may refuse the card drawn from the stock. It is set aside face up, out "
                        "of play, and they draw the next card, which must be kept."
                    ),
                ),
            ),
            Section(
                _("Melds"),
                (
                    *_trinca_blocks(five),
                    _(
                        "A sequência is three or more cards of one suit in a row. The ace counts "
                        "low (A 2 3) or high (Q K A), and the longest run goes from ace to ace: "
                        "A 2 3 … Q K A. Only going round the corner, as in K A 2, is not a run."
                    ),
                    CardRow(
                        "french", ("9h", "*", "Jh"), _("The joker stands for the ten."), good=True
                    ),
                    CardRow("french", ("Qc", "Kc", "Ac"), _("The ace above the king."), good=True),
                    CardRow("french", ("4s", "5h", "6s"), _("Mixed suits."), good=False),
                    CardRow("french", ("Kd", "Ad", "2d"), _("Round the corner."), good=False),
                    _(
                        "A coringa (joker) stands for any card, and a meld may hold several, "
                        "but every meld needs at least one natural card. Once on the table, a "
                        "joker stays where it is."
                    ),
                    _(
                        "Encaixar: once you have laid down a meld of your own in this deal, you "
                        "may add cards to any meld on the table, as long as it stays valid: a "
                        "sequência grows at either end, a trinca takes a missing suit or a joker."
                    )
                    + (
                        " "
                        + _(
                            "The fourth suit joins a trinca that holds a joker: K♣ onto K♠ K♥ K♦ "
                            "and a joker makes five cards."
                        )
                        if five
                        else ""
                    ),
                ),
            ),
            Section(
                _("Advancing (avançar)"),
                (
                    _(
                        "When the player on turn draws from the stock instead of taking the "
                        "discard, any other player except the one who threw it may advance: take "
                        "that card out of turn and lay it at once in a new meld with at least two "
                        "cards of their own. Nothing else: no other meld, no discard, and they "
                        "must keep at least one card. If several want it, the first in turn "
                        "order gets it; then play carries on where it was."
                    ),
                ),
            ),
            Section(
                _("Going out (bater)"),
                (
                    _(
                        "You go out when your hand is empty, by melding everything or by "
                        "discarding your last card. The deal ends at once and every other player "
                        "adds up the cards left in hand:"
                    ),
                    CardRow(
                        "french",
                        _SHOWN,
                        _("Penalty points of the cards left in hand."),
                        notes=tuple(str(penalty[KIND_INDEX[card]]) for card in _SHOWN),
                    ),
                ),
            ),
        ),
        footer=_("cardtable · Pontinho rules for this table · rule ids PO-1 to PO-27"),
    )


def _trinca_blocks(five: bool) -> tuple[str | CardRow, ...]:
    """PO-12 as the table reads it (``four_suits``): the rule and its pictures."""
    if five:
        return (
            _(
                "A trinca is three or four cards of one rank, each of a different suit; a joker "
                "takes the place of a missing suit. All four suits together are allowed only "
                "with a joker as well: five cards."
            ),
            CardRow("french", ("7s", "7h", "7d"), _("A trinca."), good=True),
            CardRow("french", ("Ks", "Kh", "Kd", "*"), _("Three suits and a joker."), good=True),
            CardRow(
                "french",
                ("Ks", "Kh", "Kd", "Kc", "*"),
                _("The four suits with a joker: five cards."),
                good=True,
            ),
            CardRow("french", ("5s", "5s", "5h"), _("The same suit twice."), good=False),
            CardRow("french", ("Ks", "Kh", "Kd", "Kc"), _("Four suits, no joker."), good=False),
        )
    return (
        _(
            "A trinca is three or four cards of one rank, each of a different suit. All four "
            "suits are allowed only when a joker fills one of them."
        ),
        CardRow("french", ("7s", "7h", "7d"), _("A trinca."), good=True),
        CardRow("french", ("Ks", "Kh", "Kd", "*"), _("Four suits, one a joker."), good=True),
        CardRow("french", ("5s", "5s", "5h"), _("The same suit twice."), good=False),
        CardRow("french", ("Ks", "Kh", "Kd", "Kc"), _("Four suits, no joker."), good=False),
    )


def _house_rules(table: Game) -> tuple[str, ...]:
    options = table.options
    rules: list[str] = []
    if options.four_suits == "with_joker":
        rules.append(
            _(
                "A trinca may hold all four suits when it also holds a joker, as the house "
                "rules show: five cards."
            )
        )
    else:
        rules.append(
            _("A trinca holds at most three natural suits; a joker takes the fourth's place.")
        )
    rules.append(penalty_points(options.figure_points))
    bust = int(options.bust)
    buybacks = int(options.buybacks)
    deals = int(options.deals)
    rules.append(
        _("Totals add up from deal to deal; whoever reaches {bust} points is out (estourou).")
        .format(bust=number(bust))
    )
    if buybacks == 0:
        rules.append(_("No buying back in: a player who is out stays out."))
    else:
        rules.append(
            ngettext(
                "A player who is out may buy back in (voltar) once per match, while at least "
                "two others are still in, returning with the highest total among them.",
                "A player who is out may buy back in (voltar) up to {n} times per match, while "
                "at least two others are still in, returning with the highest total among them.",
                buybacks,
            ).format(n=buybacks)
        )
    if deals == 0:
        rules.append(_("The match goes on until one player is left, who wins."))
    else:
        rules.append(
            ngettext(
                "The match is at most {n} deal; the fewest points wins, and equal fewest share "
                "the win.",
                "The match is at most {n} deals; the fewest points wins, and equal fewest share "
                "the win.",
                deals,
            ).format(n=deals)
        )
    rules.append(
        _(
            "The match rules above (going out of the match, buying back in, the winner) are "
            "our decision, in the common Brazilian way: the house rules leave them open."
        )
    )
    limit = int(options.rebuild_limit)
    if limit < 0:
        rules.append(
            _(
                "When the stock runs out, the lixo except its top card is shuffled into a new "
                "stock; if nothing is left to shuffle, the deal is void."
            )
        )
    elif limit == 0:
        rules.append(_("When the stock runs out, the deal is void: nobody scores."))
    else:
        rules.append(
            ngettext(
                "When the stock runs out, the lixo except its top card becomes a new stock, "
                "{n} time per deal at most; after that the deal is void.",
                "When the stock runs out, the lixo except its top card becomes a new stock, "
                "{n} times per deal at most; after that the deal is void.",
                limit,
            ).format(n=limit)
        )
    return tuple(rules)
