"""The eight suit signs, drawn as SVG paths in a 20 × 20 box centred on the origin.

Each sign differs from the others by its outline, not only by its colour, so the suits stay
distinguishable in greyscale and for colour-blind players: a ringed coin, a goblet, a sword with
its cross-guard, a knotted cudgel; the French heart, diamond, spade and three-leaf club.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Suit:
    """How one suit is drawn: its outline (SVG markup at the origin) and its colours."""

    #: SVG elements drawing the sign in the box (-10, -10)–(10, 10); ``{fill}`` and ``{ink}``
    #: are filled in with the colours below.
    markup: str
    fill: str
    ink: str
    #: Whether pips in the lower half of a card are turned upside down (French custom).
    turn_lower: bool = False

    def sign(self, x: float, y: float, size: float, *, turned: bool = False) -> str:
        """The sign centred on (x, y), ``size`` units tall, upside down if ``turned``."""
        scale = size / 20
        rotate = " rotate(180)" if turned else ""
        body = self.markup.format(fill=self.fill, ink=self.ink)
        return f'<g transform="translate({_n(x)} {_n(y)}) scale({_n(scale)}){rotate}">{body}</g>'


def _n(value: float) -> str:
    """A coordinate without needless decimals, so the SVG text stays short and deterministic."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


# -- Latin suits (Spanish/Italian pack) -------------------------------------------------------

OROS = Suit(
    markup=(
        '<circle r="9.6" fill="{fill}" stroke="{ink}" stroke-width="1.2"/>'
        '<circle r="6.2" fill="none" stroke="{ink}" stroke-width="1.1"/>'
        '<path d="M0 -3.6 L1 -1 L3.6 0 L1 1 L0 3.6 L-1 1 L-3.6 0 L-1 -1 Z" fill="{ink}"/>'
    ),
    fill="#f2c230",
    ink="#8a5a00",
)

COPAS = Suit(
    markup=(
        '<path d="M-8.5 -9.5 H8.5 C8.5 -1 5 2.6 1.6 3.2 V6.4 C3.4 6.8 5.6 7.6 6 9.6 H-6 '
        'C-5.6 7.6 -3.4 6.8 -1.6 6.4 V3.2 C-5 2.6 -8.5 -1 -8.5 -9.5 Z" fill="{fill}" '
        'stroke="{ink}" stroke-width="1.1" stroke-linejoin="round"/>'
        '<path d="M-8.2 -6.5 H8.2" stroke="{ink}" stroke-width="1.1"/>'
    ),
    fill="#d8392b",
    ink="#6e1209",
)

ESPADAS = Suit(
    markup=(
        '<path d="M0 -10 L2.3 -6.6 V3.2 H6.6 V5.6 H1.6 V8 H-1.6 V5.6 H-6.6 V3.2 H-2.3 '
        'V-6.6 Z" fill="{fill}" stroke="{ink}" stroke-width="1" stroke-linejoin="round"/>'
        '<path d="M0 -6.8 V2.6" stroke="{ink}" stroke-width="0.8"/>'
        '<circle cy="8.6" r="1.7" fill="{ink}"/>'
    ),
    fill="#6f9fd8",
    ink="#163d73",
)

BASTOS = Suit(
    markup=(
        '<path d="M-3.6 -8.2 C-3 -10.6 3.4 -10.6 4.2 -8.2 L1.8 8.8 C1.4 10.4 -1.6 10.4 -1.9 8.8 Z" '
        'fill="{fill}" stroke="{ink}" stroke-width="1.1" stroke-linejoin="round"/>'
        '<circle cx="-4.4" cy="-3.4" r="1.7" fill="{fill}" stroke="{ink}" stroke-width="1"/>'
        '<circle cx="4.1" cy="0.6" r="1.6" fill="{fill}" stroke="{ink}" stroke-width="1"/>'
        '<circle cx="-3.2" cy="4.4" r="1.4" fill="{fill}" stroke="{ink}" stroke-width="1"/>'
    ),
    fill="#5fa347",
    ink="#1f4a12",
)

# -- French suits (Pontinho) -----------------------------------------------------------------

_RED = "#c8102e"
_BLACK = "#1b1b1b"

SPADES = Suit(
    markup=(
        '<path d="M0 -10 C-4 -5.2 -10 -2.4 -10 2.8 C-10 6.4 -7 8 -4.6 8 C-2.9 8 -1.6 7.1 -0.9 '
        '6 C-1.1 7.9 -2.1 9.3 -3.8 10 H3.8 C2.1 9.3 1.1 7.9 0.9 6 C1.6 7.1 2.9 8 4.6 8 C7 8 10 '
        '6.4 10 2.8 C10 -2.4 4 -5.2 0 -10 Z" fill="{fill}"/>'
    ),
    fill=_BLACK,
    ink=_BLACK,
    turn_lower=True,
)

HEARTS = Suit(
    markup=(
        '<path d="M0 9.4 C-4.2 5.4 -10 1.6 -10 -3.8 C-10 -7.6 -7.2 -9.6 -4.6 -9.6 C-2.4 -9.6 '
        '-0.8 -8.3 0 -6.6 C0.8 -8.3 2.4 -9.6 4.6 -9.6 C7.2 -9.6 10 -7.6 10 -3.8 C10 1.6 4.2 5.4 '
        '0 9.4 Z" fill="{fill}"/>'
    ),
    fill=_RED,
    ink=_RED,
    turn_lower=True,
)

DIAMONDS = Suit(
    markup='<path d="M0 -10 L7.4 0 L0 10 L-7.4 0 Z" fill="{fill}"/>',
    fill=_RED,
    ink=_RED,
    turn_lower=True,
)

CLUBS = Suit(
    markup=(
        '<circle cy="-5" r="4.7" fill="{fill}"/>'
        '<circle cx="-5.2" cy="1.8" r="4.7" fill="{fill}"/>'
        '<circle cx="5.2" cy="1.8" r="4.7" fill="{fill}"/>'
        '<circle r="2.6" fill="{fill}"/>'
        '<path d="M-0.9 0 C-1 5.6 -2 8.4 -4 10 H4 C2 8.4 1 5.6 0.9 0 Z" fill="{fill}"/>'
    ),
    fill=_BLACK,
    ink=_BLACK,
    turn_lower=True,
)

LATIN_SUITS: dict[str, Suit] = {"o": OROS, "c": COPAS, "e": ESPADAS, "b": BASTOS}
FRENCH_SUITS: dict[str, Suit] = {"s": SPADES, "h": HEARTS, "d": DIAMONDS, "c": CLUBS}
