"""Every card of a pack, and writing the whole set of pictures as static files."""

from __future__ import annotations

from pathlib import Path

from cardtable.art.cards import DECKS, Deck, back_svg, card_filename, card_svg
from cardtable.cards.french import FRENCH_KINDS
from cardtable.cards.latin import LATIN_DECK


def deck_cards(deck: Deck) -> tuple[str, ...]:
    """The notation of every distinct card of ``deck`` (the French one ends with the joker)."""
    if deck in ("latin", "italian"):
        return tuple(str(card) for card in LATIN_DECK)
    return tuple(str(card) for card in FRENCH_KINDS)


def write_deck(folder: str | Path) -> list[Path]:
    """Write ``latin/*.svg``, ``french/*.svg`` and ``back.svg`` under ``folder``; return them.

    The labels inside the pictures are in the current language (``set_language``).
    """
    root = Path(folder)
    written: list[Path] = []
    for deck in DECKS:
        (root / deck).mkdir(parents=True, exist_ok=True)
        for text in deck_cards(deck):
            path = root / deck / card_filename(text, deck)
            path.write_text(card_svg(text, deck), encoding="utf-8")
            written.append(path)
    back = root / "back.svg"
    back.write_text(back_svg(), encoding="utf-8")
    written.append(back)
    return written
