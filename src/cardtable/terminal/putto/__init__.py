"""Putto in the terminal: the table row, the hand, the sides, and what each event looks like.

One job a module: ``sides`` (who plays with whom, and how a side is named), ``narration``
(the deal's start and its events as lines) and ``table`` (what is drawn, the choices, the
scores, the help).

Only views and event views come in (PT-22 and PT-23 decide what they hold): the table, the stock
and hand sizes, each side's sweeps and number of captured cards, and the viewer's own hand. The
card data (``CARD_POINTS``) is used to say what a capture is worth; what a card would capture
is the engine's (``capture_preview``), never re-derived here.
"""

from cardtable.terminal.putto.table import PuttoTable

__all__ = ["PuttoTable"]
