"""Pontinho in the terminal: the hand by suit, the melds, the discard pile, the claim round.

One job a module: ``table`` (what is drawn, the choices, the scores), ``narration`` (the
events as lines) and ``reading`` (what a typed line means); the colours are ``french``'s.

Only views, event views and the legal actions come in (PO-27 decides what a view holds). Every
choice offered — the numbered list, the "you could meld" hint, what a line of card numbers
means — is picked from the engine's legal actions: nothing here knows a rule of Pontinho.

Input (``understand``): the game's own notation (``meld 4c 5c *=6c 7c``), or hand numbers in
its place (``meld 1 2 3``, ``discard 5``, ``layoff 2 4``, ``take 3 4``: the top discard with
your cards 3 and 4), and short words (``d``/``s`` draw, ``b`` burn, ``p`` pass).
"""

from cardtable.terminal.pontinho.table import PontinhoTable

__all__ = ["PontinhoTable"]
