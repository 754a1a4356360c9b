"""The browser strings of the coach's reason in a game's own words (review_facts.js), listed
for extraction like ``strings.CLIENT_STRINGS``, which includes them. "It" is the better move,
"yours" the move played; every number is a count or a mean of the coach's sampled deals."""

from __future__ import annotations

from cardtable.i18n import N_


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with plural forms for extraction (``make messages`` reads ``N_plural``)."""
    return singular, plural


COACH_STRINGS: tuple[str, ...] = (
    N_("It wins this trick; yours loses it."),
    N_("It sweeps the table; yours does not."),
)

COACH_PLURALS: tuple[tuple[str, str], ...] = (
    N_plural(
        "It wins this trick in {better} of the {samples} way the deal could go "
        "on; yours in {played}.",
        "It wins this trick in {better} of the {samples} ways the deal could go "
        "on; yours in {played}.",
    ),
    N_plural(
        "It sweeps the table in {better} of the {samples} way the deal could go "
        "on; yours in {played}.",
        "It sweeps the table in {better} of the {samples} ways the deal could go "
        "on; yours in {played}.",
    ),
    N_plural(
        "After your move the next player sweeps the table in {played} of the "
        "{samples} way the deal could go on; after it, in {better}.",
        "After your move the next player sweeps the table in {played} of the "
        "{samples} ways the deal could go on; after it, in {better}.",
    ),
    N_plural(
        "You go out first in {better} of the {samples} way the deal could go on "
        "after it; after yours, in {played}.",
        "You go out first in {better} of the {samples} ways the deal could go on "
        "after it; after yours, in {played}.",
    ),
    N_plural(
        "It takes {better} card point from this trick; yours takes {played}.",
        "It takes {better} card points from this trick; yours takes {played}.",
    ),
    N_plural(
        "It takes about {better} card point from this trick; yours about "
        "{played}.",
        "It takes about {better} card points from this trick; yours about "
        "{played}.",
    ),
    N_plural(
        "It takes {better} card point in the tricks after this one; yours takes "
        "{played}.",
        "It takes {better} card points in the tricks after this one; yours takes "
        "{played}.",
    ),
    N_plural(
        "It takes about {better} card point in the tricks after this one; yours "
        "about {played}.",
        "It takes about {better} card points in the tricks after this one; yours "
        "about {played}.",
    ),
    N_plural(
        "You win about {better} trick in the deal after it; about {played} after "
        "yours.",
        "You win about {better} tricks in the deal after it; about {played} after"
        " yours.",
    ),
    N_plural(
        "It captures {better} card from the table; yours captures {played}.",
        "It captures {better} cards from the table; yours captures {played}.",
    ),
    N_plural(
        "You make about {better} sweep in the deal after it; about {played} after"
        " yours.",
        "You make about {better} sweeps in the deal after it; about {played} "
        "after yours.",
    ),
    N_plural(
        "You take about {better} card point in the deal after it; about {played} "
        "after yours.",
        "You take about {better} card points in the deal after it; about {played}"
        " after yours.",
    ),
    N_plural(
        "You win the primiera in about {better} suit after it; in about {played} "
        "after yours.",
        "You win the primiera in about {better} suits after it; in about {played}"
        " after yours.",
    ),
    N_plural(
        "You are left with about {better} penalty point in hand after it; about "
        "{played} after yours.",
        "You are left with about {better} penalty points in hand after it; about "
        "{played} after yours.",
    ),
    N_plural(
        "You win {better} trick in the deal after it; {played} after yours.",
        "You win {better} tricks in the deal after it; {played} after yours.",
    ),
    N_plural(
        "You make {better} sweep in the deal after it; {played} after yours.",
        "You make {better} sweeps in the deal after it; {played} after yours.",
    ),
    N_plural(
        "You take {better} card point in the deal after it; {played} after yours.",
        "You take {better} card points in the deal after it; {played} after "
        "yours.",
    ),
    N_plural(
        "You win the primiera in {better} suit after it; in {played} after yours.",
        "You win the primiera in {better} suits after it; in {played} after "
        "yours.",
    ),
    N_plural(
        "You are left with {better} penalty point in hand after it; {played} "
        "after yours.",
        "You are left with {better} penalty points in hand after it; {played} "
        "after yours.",
    ),
)
