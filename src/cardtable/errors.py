"""The exceptions of cardtable's public API.

Each says what was wrong and what was expected; nothing is silently corrected. All derive from
``CardtableError`` and from ``ValueError``, so callers who only know Python can catch them.
"""

from __future__ import annotations


class CardtableError(ValueError):
    """Base of every error cardtable raises for bad input."""


class UnknownGame(CardtableError):
    """A game name that cardtable does not know."""


class OptionError(CardtableError):
    """A bad table option or player count."""


class CardError(CardtableError):
    """Text that is not a card of the deck in use."""


class SetupError(CardtableError):
    """An explicit deal (``setup``) that does not hold exactly the deck for the table."""


class IllegalAction(CardtableError):
    """An action that the rules do not allow now, or text that is not an action at all.

    The state is unchanged when this is raised.
    """


class RecordError(CardtableError):
    """A game record that is malformed, or whose actions cannot be replayed."""


class MeldError(CardtableError):
    """Cards that do not form a valid meld, or a lay-off that would not leave one (Pontinho)."""
