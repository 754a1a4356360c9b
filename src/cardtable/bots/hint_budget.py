"""What a hint costs and shows, written once for every front end (the terminal's ``hint`` and
the server's ``hint`` message): the hard bot's search with this budget, its best few moves."""

from __future__ import annotations

#: Search iterations of one hint, and the thinking time it may take at most (the server's
#: configuration may lower the time; the iterations keep hints reproducible).
HINT_ITERATIONS = 2_000
HINT_SECONDS = 0.5
#: How many of the search's best moves a hint shows.
HINT_TOP = 5
