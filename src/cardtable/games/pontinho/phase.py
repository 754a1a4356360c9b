"""Pontinho's phases: what the seat on turn (``turn``) is asked, and the advanceable flag.

- ``DRAW``: ``draw`` from the stock, or ``take M`` — the top discard goes at once into the new
  meld M with at least two hand cards (PO-6, PO-7; allowed even to go out). A ``take`` never opens
  a claim round: the taken card is gone and the card below it is covered (PO-18).
- ``CLAIM`` (PO-17 … PO-21): after a draw from the STOCK, if the top discard is still
  advanceable, every eligible player — not its discarder, not the player on turn — is asked once,
  in turn order from the player on turn, ``advance M`` (a new meld with the top discard and at
  least two own cards, keeping at least one card, PO-19) or ``pass``. ``to_move`` is the claimant
  asked. The first to advance gets the card and the round ends; then the player on turn goes on.
- ``FIRST_DRAWN`` (PO-9, PO-10): the first player's first draw from the stock is held apart, seen
  by them only (``drawn`` in their view). They may ``burn`` it — it is set aside face up, out of
  play, and its replacement joins their hand at once (it cannot be burned) — or play any MAIN
  action, which first puts the held card into their hand. A claim round that the same draw opens
  comes first (the draw is what opens it), so the burn decision is taken after it; a burn opens
  no second round. If the first player's first turn is a ``take`` (possible only with a setup
  discard pile), the right to burn waits for their first draw from the stock, as PO-9 says.
- ``MAIN``: ``meld M`` (3+ hand cards); ``layoff m X`` once this player has laid a meld of their
  own this deal (PO-16; an advanced or taken meld counts); ``discard X`` ends the turn. Emptying
  the hand — by melds and lay-offs, or by discarding the last card — goes out (PO-22).
- ``OVER``: someone went out (PO-23), or the deal is void (PO-8).

The advanceable flag: a discard makes the new top advanceable by everyone but its discarder; it
stops being so when the claim round after the next stock draw ends (each player is asked once),
when it is taken or advanced (the card below is covered, PO-18, and never becomes advanceable
again), or when it is covered. A setup's discard pile counts as discarded by the dealer (the
seat before the first player): its top is advanceable on the first turn.
"""

from enum import StrEnum


class Phase(StrEnum):
    """The phase of a deal (above); a view shows it as its text."""

    DRAW = "draw"
    FIRST_DRAWN = "first_drawn"
    CLAIM = "claim"
    MAIN = "main"
    OVER = "over"
