"""The exceptions of cardtable's public API.

Each says what was wrong and what was expected; nothing is silently corrected. All derive from
``CardtableError`` and from ``ValueError``, so callers who only know Python can catch them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: A rule id cited in an engine message: "(PO-21)", "(PU-3, PU-4)", "(PU-11: play a card from
#: your hand)" (the id goes, the reason stays), "(PO-20, PO-21); now …". Rule ids are for
#: developers and the rules sheet, not for a player at the table.
_RULE_ID = r"P[UOT]-\d+"
_RULE_IDS = re.compile(
    rf"\s*\((?:{_RULE_ID}(?:\s*(?:,|;|…|and|\.\.\.)\s*)?)+\)|(?<=\()(?:{_RULE_ID}(?:,\s*)?)+:\s*"
)


def without_rule_ids(message: str) -> str:
    """``message`` without the rule ids it cites (see ``_RULE_IDS``)."""
    return _RULE_IDS.sub("", message)


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

    Raised through ``about_seat`` when the message names a seat: its text then counts seats from
    0 as the API does, and ``for_player`` words it again for a person at the table.
    """

    def __init__(self, message: str, *, template: str | None = None,
                 values: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.template = template
        self.values = dict(values or {})

    @classmethod
    def about_seat(cls, template: str, **values: Any) -> IllegalAction:
        """An illegal action whose translated ``template`` names ``values["seat"]``."""
        return cls(template.format(**values), template=template, values=values)

    def for_player(self, number: Callable[[int], int] = lambda seat: seat + 1) -> str:
        """The message for a person: a seat named by ``number(seat)`` (the table's numbering,
        from 1) and without rule ids, which are for developers."""
        text = str(self)
        if self.template is not None and isinstance(self.values.get("seat"), int):
            text = self.template.format(**{**self.values, "seat": number(self.values["seat"])})
        return without_rule_ids(text)


class RecordError(CardtableError):
    """A game record that is malformed, or whose actions cannot be replayed."""


class MeldError(CardtableError):
    """Cards that do not form a valid meld, or a lay-off that would not leave one (Pontinho)."""
