"""Actions: small frozen values with one canonical line of text each (see DESIGN.md).

Every game uses the same shape — a kind, the cards it names and, for Pontinho's lay-offs, the
number of a meld — so the CLI, records, server and bots handle actions of every game alike.
Each game parses its own text (``Game.parse_action``); ``str(action)`` is the canonical text.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """One decision: ``Action("play", (card,))`` prints as ``play Ko``."""

    kind: str
    cards: tuple[object, ...] = ()
    meld: int | None = None
    #: The text, made on first use: logs and views print the same shared actions over and over
    #: (a bot's view holds the whole deal's log at every decision).
    _text: str | None = field(default=None, init=False, repr=False, compare=False)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            parts = [self.kind]
            if self.meld is not None:
                parts.append(str(self.meld))
            parts.extend(str(card) for card in self.cards)
            text = " ".join(parts)
            object.__setattr__(self, "_text", text)
        return text

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"
