"""Punttu's rules sheet (rules PU-1 … PU-22), in our own words, for one table's options."""

from __future__ import annotations

from cardtable.cards.latin import CARD_INDEX
from cardtable.engine.game import Game
from cardtable.games.punttu import points
from cardtable.games.punttu.deck import CARD_POINTS, points_in_play, removed_cards, table_deck
from cardtable.i18n import _, ngettext
from cardtable.rules.sheet import CardRow, Section, Sheet, card_names, number

#: One card of each rank, strongest first (PU-3), each with its points (PU-2) below it.
_SHOWN = ("7c", "6e", "5b", "4o", "3c", "2e", "Ab", "Jo", "Qc", "Ke")


def punttu_sheet(table: Game) -> Sheet:
    n = table.players
    trim = str(table.options.trim)
    deals = int(table.options.deals)
    removed = tuple(str(card) for card in removed_cards(n, trim))
    total = points_in_play(n, trim)
    return Sheet(
        game="punttu",
        title=_("Punttu"),
        summary=ngettext(
            "A Basque trick-taking game with the 40-card Spanish pack, here for {n} player.",
            "A Basque trick-taking game with the 40-card Spanish pack, here for {n} players.",
            n,
        ).format(n=n),
        house_title=_("At this table"),
        house=_house_rules(table, removed, total, deals, trim),
        sections=(
            Section(
                _("The cards"),
                (
                    _(
                        "Only the number on a card matters; its suit never does. Sevens are the "
                        "highest cards, then sixes, fives, fours, threes and twos. Aces and the "
                        "three figures (sota, caballo and rey) are the lowest, and all equal."
                    ),
                    CardRow(
                        "latin",
                        _SHOWN,
                        _("From highest to lowest: the last four are equal in rank."),
                        notes=tuple(str(CARD_POINTS[CARD_INDEX[card]]) for card in _SHOWN),
                    ),
                    points.card_points(),
                ),
            ),
            Section(
                _("Dealing"),
                (
                    _(
                        "The dealer gives everyone three cards, face down, and puts the rest in "
                        "the middle as the stock, face down. Play moves to the right. The player "
                        "on the dealer's right is the esku: they lead the first trick."
                    ),
                ),
            ),
            Section(
                _("Tricks"),
                (
                    _(
                        "The leader puts down any card, face up; then each of the others, in "
                        "turn, answers with any card. Nobody has to follow suit or to play "
                        "higher."
                    ),
                    _(
                        "The highest card takes the trick. When equal cards tie for highest, the "
                        "one played first takes it, so leading is an advantage. The winner keeps "
                        "the cards in a pile and leads the next trick."
                    ),
                    CardRow(
                        "latin",
                        ("4o", "6c", "6b", "2e"),
                        _("The first six played takes this trick: 18 points."),
                        notes=("", "✓", "", ""),
                    ),
                    _(
                        "After each trick, while the stock lasts, everyone draws one card, the "
                        "winner first and then the others in turn, so each hand has three cards "
                        "again. When the stock is empty, the last cards are played out in the "
                        "same way until no one has any left."
                    ),
                ),
            ),
            Section(
                _("Scoring"),
                (
                    _(
                        "At the end each player adds up the points of the cards they won; "
                        "together the players always hold {total} points. The most points wins, "
                        "and equal highest scores share the win."
                    ).format(total=number(total)),
                ),
            ),
            Section(
                _("Good play"),
                (
                    _(
                        "A big lead invites a bigger answer that takes many points; a small lead "
                        "risks little. Keep a small card for when someone before you has already "
                        "played the biggest one, and remember which cards are gone."
                    ),
                ),
            ),
        ),
        footer=_("cardtable · Punttu rules for this table · rule ids PU-1 to PU-22"),
    )


def _house_rules(
    table: Game, removed: tuple[str, ...], total: int, deals: int, trim: str
) -> tuple[str, ...]:
    n = table.players
    rules: list[str] = []
    if not removed:
        rules.append(
            ngettext(
                "With {n} player the whole pack of 40 cards is used.",
                "With {n} players the whole pack of 40 cards is used.",
                n,
            ).format(n=n)
        )
    else:
        left = len(table_deck(n, trim))
        rules.append(
            ngettext(
                "With {n} players, {count} card leaves the pack so that it shares out evenly "
                "({names}): {left} cards remain, worth {total} points.",
                "With {n} players, {count} cards leave the pack so that it shares out evenly "
                "({names}): {left} cards remain, worth {total} points.",
                len(removed),
            ).format(
                n=n,
                count=len(removed),
                names=card_names(removed, "latin"),
                left=left,
                total=number(total),
            )
        )
    if trim == "aces":
        rules.append(
            _("When cards must leave the pack, the aces go first, then the sotas.")
        )
    else:
        rules.append(
            _("When cards must leave the pack, the twos go first, then the aces, as in Briscola.")
        )
    rules.append(
        _(
            "The source speaks of 3 and 6 players; playing with 2 to 8 is our decision, with "
            "cards left out as above so that the pack shares out evenly."
        )
    )
    if deals == 1:
        rules.append(_("A match is a single deal."))
    else:
        rules.append(
            ngettext(
                "A match is {n} deal; the points add up and the highest total wins.",
                "A match is {n} deals; the points add up and the highest total wins.",
                deals,
            ).format(n=deals)
        )
    if table.options.show_played:
        rules.append(
            _("Cards of earlier tricks stay face up for all to see, to help beginners.")
        )
    else:
        rules.append(
            _(
                "Once a trick is taken its cards are out of sight: remembering them is part of "
                "the game."
            )
        )
    return tuple(rules)
