"""How a deleted player's seats are named: a mark stored in place of their name, shown as "a
former player" in each reader's language.

The mark is a control character, which no name can hold (``transport/inputs.check_name``), so
no living player can take it on. It has no dependencies, so the table's views may ask it.
"""

from __future__ import annotations

from cardtable.i18n import _

#: Stored in place of a deleted player's name (seats, chat lines, archived summaries).
FORMER = "\x1f"


def shown(name: str | None) -> str | None:
    """``name`` as people see it: a deleted player's seat is "a former player"."""
    return _("a former player") if name == FORMER else name
