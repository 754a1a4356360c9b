"""Putto's rules sheet (rules PT-1 … PT-23), in our own words, for one table's options."""

from __future__ import annotations

from cardtable.cards.latin import CARD_INDEX
from cardtable.engine.game import Game
from cardtable.games.putto import points
from cardtable.games.putto.deck import CARD_POINTS, SWEEP_POINTS
from cardtable.i18n import _, ngettext
from cardtable.rules.sheet import CardRow, Section, Sheet, number

#: One card of each rank that scores, and one that does not.
_SHOWN = ("Ao", "3c", "Ke", "Qb", "Jo", "7c")


def putto_sheet(table: Game) -> Sheet:
    n = table.players
    return Sheet(
        game="putto",
        title=_("Putto"),
        summary=ngettext(
            "A Hungarian fishing game with the 40-card Italian pack, here for {n} player.",
            "A Hungarian fishing game with the 40-card Italian pack, here for {n} players.",
            n,
        ).format(n=n),
        house_title=_("At this table"),
        house=_house_rules(table),
        sections=(
            Section(
                _("The cards"),
                (
                    _(
                        "Each suit runs, from the top: ace, king, queen, jack, then 7 down to 2. "
                        "The order only helps to sort a hand: a card captures only cards of its "
                        "own rank."
                    ),
                    CardRow(
                        "italian",
                        _SHOWN,
                        points.card_points(),
                        notes=tuple(str(CARD_POINTS[CARD_INDEX[card]]) for card in _SHOWN),
                    ),
                    points.pack_points(),
                ),
            ),
            Section(
                _("Dealing"),
                (
                    _(
                        "The dealer gives everyone four cards. The rest is the stock, face down; "
                        "its top card is turned face up to start the table, a row of open cards "
                        "that everyone sees. Play goes clockwise: the player on the dealer's left "
                        "begins."
                    ),
                ),
            ),
            Section(
                _("A turn"),
                (
                    _(
                        "Play one card from your hand. If the table holds cards of the same rank, "
                        "you may capture them: take them all, with your card, into your pile. "
                        "Otherwise your card joins the table."
                    ),
                    _(
                        "Then draw from the stock while it lasts, back to four cards. The deal "
                        "ends when the stock is empty and every hand has been played out."
                    ),
                    _(
                        "A capture that leaves the table empty is a sweep (söprés), worth {n} "
                        "points more; the next player then plays onto an empty table."
                    ).format(n=SWEEP_POINTS),
                    CardRow(
                        "italian",
                        ("5o", "5b", "5c"),
                        _(
                            "Only two fives lie on the table: the five of cups takes both and "
                            "sweeps the table."
                        ),
                        notes=(_("table"), _("table"), _("played")),
                    ),
                ),
            ),
            Section(
                _("Scoring each deal"),
                (
                    _(
                        "Each player or team scores the card points of their captures, {n} "
                        "points per sweep, and the primiera: in each suit, 1 point to whoever "
                        "captured the most card points of that suit (nobody, on a tie). The "
                        "highest score wins the deal."
                    ).format(n=SWEEP_POINTS),
                ),
            ),
        ),
        footer=_("cardtable · Putto rules for this table · rule ids PT-1 to PT-23"),
    )


def _house_rules(table: Game) -> tuple[str, ...]:
    options = table.options
    n = table.players
    rules: list[str] = []
    teams = str(options.teams)
    if teams == "alone":
        rules.append(_("Everyone plays alone."))
    elif teams == "pairs":
        rules.append(
            ngettext(
                "{n} team of two: partners sit opposite each other and pool their captures.",
                "{n} teams of two: partners sit opposite each other and pool their captures.",
                n // 2,
            ).format(n=n // 2)
        )
    else:
        rules.append(
            _("Two teams of three, in alternate seats; each team pools its captures.")
        )
    if teams != "alone":
        rules.append(_("Partners do not see each other's hands."))
    # Where the source is silent, the project decided (PT-22): said as such.
    rules.append(
        _(
            "Capture piles stay face down until the deal ends (our decision: the original "
            "rules leave it open)."
        )
    )
    if options.must_capture:
        rules.append(_("Capturing is compulsory: a card that matches the table must capture."))
    else:
        rules.append(_("Capturing is optional: you may always leave your card on the table."))
    rules.append(
        ngettext("{n} point per sweep.", "{n} points per sweep.", SWEEP_POINTS).format(
            n=SWEEP_POINTS
        )
    )
    if options.last_play_sweep:
        rules.append(_("A sweep on the very last play of a deal counts too."))
    else:
        rules.append(_("A sweep on the very last play of a deal does not count."))
    if options.leftover == "last_capturer":
        rules.append(
            _("Cards left on the table at the end go to the last to capture (not a sweep).")
        )
    else:
        rules.append(_("Cards left on the table at the end score for nobody."))
    target = int(options.target)
    deals = int(options.deals)
    if target:
        rules.append(
            _(
                "The match ends after the deal in which a side reaches {target} points; the "
                "highest total wins."
            ).format(target=number(target))
        )
    elif deals == n:
        rules.append(
            ngettext(
                "A match is {n} deal, so that everyone deals once; the highest total wins.",
                "A match is {n} deals, so that everyone deals once; the highest total wins.",
                deals,
            ).format(n=deals)
        )
    else:
        rules.append(
            ngettext(
                "A match is {n} deal; the points add up and the highest total wins.",
                "A match is {n} deals; the points add up and the highest total wins.",
                deals,
            ).format(n=deals)
        )
    return tuple(rules)
