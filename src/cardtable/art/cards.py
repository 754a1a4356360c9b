"""Whole cards as SVG text: the Latin 40-card pack, the French pack with its joker, a back.

Every card is drawn on a 120 × 180 canvas (the proportions of a real card) with large corner
indices, because on a phone a card is only 48–64 pixels wide and the index is what people read.
The output is deterministic text, so the same card always gives the same file, and carries
``role="img"``, an ``aria-label`` and a ``<title>`` naming the card in the current language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal
from xml.sax.saxutils import escape, quoteattr

from cardtable.art import figures
from cardtable.art.names import BACK_NAME, FRENCH_NAMES, ITALIAN, ITALIAN_FIGURES, LATIN_NAMES
from cardtable.art.suits import FRENCH_SUITS, LATIN_SUITS, Suit
from cardtable.cards.french import parse_card as parse_french
from cardtable.cards.latin import parse_card as parse_latin
from cardtable.errors import CardError
from cardtable.i18n import _, pgettext

#: ``italian`` is Putto's deck: the Latin pictures, with the figures named jack, queen, king.
Deck = Literal["latin", "french", "italian"]
#: The decks with pictures of their own.
DECKS: tuple[Deck, ...] = ("latin", "french")

WIDTH = 120
HEIGHT = 180
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# Pip columns and rows inside the centre panel (x 32–88, y 12–168).
_L, _M, _R = 47, 60, 73
_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((_M, 30), (_M, 150)),
    3: ((_M, 30), (_M, 90), (_M, 150)),
    4: ((_L, 30), (_R, 30), (_L, 150), (_R, 150)),
    5: ((_L, 30), (_R, 30), (_M, 90), (_L, 150), (_R, 150)),
    6: ((_L, 30), (_R, 30), (_L, 90), (_R, 90), (_L, 150), (_R, 150)),
    7: ((_L, 30), (_R, 30), (_M, 60), (_L, 90), (_R, 90), (_L, 150), (_R, 150)),
    8: ((_L, 30), (_R, 30), (_M, 60), (_L, 90), (_R, 90), (_M, 120), (_L, 150), (_R, 150)),
    9: ((_L, 28), (_R, 28), (_L, 64), (_R, 64), (_M, 90), (_L, 116), (_R, 116), (_L, 152),
        (_R, 152)),
    10: ((_L, 28), (_R, 28), (_M, 46), (_L, 64), (_R, 64), (_L, 116), (_R, 116), (_M, 134),
         (_L, 152), (_R, 152)),
}


def card_label(text: str, deck: Deck) -> str:
    """The card's name in the current language, e.g. "seven of cups"."""
    if deck == "italian":
        card = str(parse_latin(text))
        if card in ITALIAN_FIGURES:
            return pgettext(ITALIAN, ITALIAN_FIGURES[card])
        return pgettext("Latin deck", LATIN_NAMES[card])
    if deck == "latin":
        card = str(parse_latin(text))
        return pgettext("Latin deck", LATIN_NAMES[card])
    if deck == "french":
        card = str(parse_french(text))
        return _(FRENCH_NAMES[card])
    raise CardError(_("unknown deck {deck!r}: expected latin, italian or french").format(deck=deck))


#: The corner indices of the Spanish-suited pack as players of each tradition know them:
#: numbers 1–7, 10, 11, 12, or sota, caballo, rey as S, C, R.
LATIN_INDICES: dict[str, dict[str, str]] = {
    "numbers": {"A": "1", "J": "10", "Q": "11", "K": "12"},
    "letters": {"A": "1", "J": "S", "Q": "C", "K": "R"},
}


def card_svg(text: str, deck: Deck, index: str | None = None) -> str:
    """The picture of one card, e.g. ``card_svg("7c", "latin")``, as SVG text; ``index`` picks
    the Latin pack's corner indices (``LATIN_INDICES``; None: A, J, Q, K)."""
    label = card_label(text, deck)
    if deck in ("latin", "italian"):
        card = str(parse_latin(text))
        rank, suit = card[:-1], LATIN_SUITS[card[-1]]
        shown = LATIN_INDICES.get(index or "", {}).get(rank, rank)
        body = _index(shown, suit.ink, lambda x, y: suit.sign(x, y, 20)) + _latin_centre(rank, suit)
    else:
        card = str(parse_french(text))
        if card == "*":
            body = _joker_face()
        else:
            rank, suit = card[:-1], FRENCH_SUITS[card[-1]]
            body = _face(rank, suit, _french_centre(rank, suit))
    return _svg(label, _blank() + body)


def back_svg() -> str:
    """The back shared by both packs: a blue lattice with a diamond medallion, no text."""
    lines = []
    for offset in range(-180, 240, 12):
        lines.append(f"M{offset} 0 L{offset + 180} 180")
        lines.append(f"M{offset + 180} 0 L{offset} 180")
    body = (
        f'<rect x="2" y="2" width="{WIDTH - 4}" height="{HEIGHT - 4}" rx="9" fill="#ffffff" '
        'stroke="#555555" stroke-width="2"/>'
        '<rect x="9" y="9" width="102" height="162" rx="5" fill="#24457a"/>'
        # A nested <svg> clips the lattice to the inner panel without needing an id.
        '<svg x="9" y="9" width="102" height="162" viewBox="9 9 102 162">'
        f'<path d="{" ".join(lines)}" stroke="#6f8fc8" stroke-width="1.6"/></svg>'
        '<path d="M60 52 L92 90 L60 128 L28 90 Z" fill="#f2c230" stroke="#ffffff" '
        'stroke-width="3"/>'
        '<path d="M60 70 L77 90 L60 110 L43 90 Z" fill="#24457a"/>'
        '<circle cx="60" cy="90" r="6" fill="#f2c230"/>'
    )
    return _svg(_(BACK_NAME), body)


def card_filename(text: str, deck: Deck) -> str:
    """The static file name of a card: ``7c.svg``, ``Th.svg``; the joker is ``joker.svg``."""
    card = str(parse_french(text)) if deck == "french" else str(parse_latin(text))
    return "joker.svg" if card == "*" else f"{card}.svg"


# -- composition ----------------------------------------------------------------------------


def _svg(label: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label={quoteattr(label)}>'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def _blank() -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="9" fill="#ffffff" '
        'stroke="#555555" stroke-width="2"/>'
    )


def _index(rank: str, ink: str, sign: Callable[[float, float], str]) -> str:
    """The corner index (rank over suit), top left and, turned round, bottom right."""
    shown = "10" if rank == "T" else rank
    size, spacing = (28, ' letter-spacing="-2.5"') if len(shown) > 1 else (36, "")
    baseline = 37 if size == 36 else 34
    corner = (
        f'<text x="17" y="{baseline}" font-family="{FONT}" font-size="{size}" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}"{spacing}>{shown}</text>'
        + sign(17, 53)
    )
    return corner + f'<g transform="rotate(180 60 90)">{corner}</g>'


def _face(rank: str, suit: Suit, centre: str) -> str:
    return _index(rank, suit.ink, lambda x, y: suit.sign(x, y, 20)) + centre


def _pips(count: int, suit: Suit) -> str:
    if count == 1:
        return suit.sign(60, 90, 60)
    size = 22 if count <= 6 else 19
    return "".join(
        suit.sign(x, y, size, turned=suit.turn_lower and y > 90) for x, y in _LAYOUTS[count]
    )


def _latin_centre(rank: str, suit: Suit) -> str:
    if rank == "J":
        return _panel() + figures.jack(suit)
    if rank == "Q":
        return _panel() + figures.knight(suit)
    if rank == "K":
        return _panel() + figures.king(suit)
    return _pips(1 if rank == "A" else int(rank), suit)


def _french_centre(rank: str, suit: Suit) -> str:
    if rank == "J":
        return _panel() + figures.jack(suit)
    if rank == "Q":
        return _panel() + figures.queen(suit)
    if rank == "K":
        return _panel() + figures.king(suit)
    return _pips({"A": 1, "T": 10}.get(rank) or int(rank), suit)


def _panel() -> str:
    """The frame around a figure, inside the corner indices."""
    return (
        '<rect x="32" y="12" width="56" height="156" rx="3" fill="#fbf6e9" stroke="#999999" '
        'stroke-width="1"/>'
    )


def _joker_face() -> str:
    def sign(x: float, y: float) -> str:
        return figures.star(x, y, 20, "#7b3fa0")

    corner = figures.star(17, 22, 28, "#7b3fa0") + sign(17, 48)
    return corner + f'<g transform="rotate(180 60 90)">{corner}</g>' + figures.joker()
