"""The browser strings of the ratings (the lobby's rating line, the leaderboard page: docs/
ratings.md), listed for extraction like ``strings.CLIENT_STRINGS``, which includes them."""

from __future__ import annotations

from cardtable.i18n import N_


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """As ``strings.N_plural`` (defined again here: ``strings`` imports this module)."""
    return singular, plural


#: The page's title (the server's shell says it too).
LEADERBOARD_TITLE = N_("Leaderboard")

RATINGS_STRINGS: tuple[str, ...] = (
    LEADERBOARD_TITLE,
    N_("Leaderboard: {game}"),
    N_("Your rating in this game:"),
    N_("not rated yet: matches at tables of people only are rated."),
    N_("Nobody is rated in this game yet."),
    N_(
        "Each match finished at a table of people only changes the ratings of everyone at it. "
        "Hidden profiles are not listed."
    ),
    N_("Place"),
    N_("Player"),
    N_("Rating"),
    N_("Other games:"),
)

#: A rating in words (ratings.js): its number on the display scale and how many matches it
#: rests on, and whether it is still settling.
RATINGS_PLURALS: tuple[tuple[str, str], ...] = (
    N_plural("about {rating}, still settling after {n} match",
             "about {rating}, still settling after {n} matches"),
    N_plural("about {rating} after {n} match", "about {rating} after {n} matches"),
)
