"""The court cards and the joker: small stylised drawings, recognisable at phone size.

A figure stands in the card's centre panel (x 32–88, y 12–168 of the 120 × 180 card) and holds
its suit's sign on its chest. What tells the figures apart is their outline, readable even when
the card is 50 pixels wide: the king's crown and beard, the queen's tiara and long hair, the
jack's Basque beret (the sota), and the horse's head of the Latin pack's knight (the caballo).
"""

from __future__ import annotations

import math

from cardtable.art.suits import Suit

SKIN = "#f3d2b3"
GOLD = "#f2c230"
GOLD_INK = "#8a5a00"
OUTLINE = "#2a2a2a"


def _emblem(suit: Suit, x: float, y: float) -> str:
    """The suit sign on a white disc, as if held or embroidered on the figure's chest."""
    return (
        f'<circle cx="{x}" cy="{y}" r="14" fill="#ffffff" stroke="{OUTLINE}" stroke-width="1.2"/>'
        + suit.sign(x, y, 20)
    )


def _person(suit: Suit, headwear: str, extra: str = "") -> str:
    """A standing figure in a long robe of the suit's colour; ``headwear`` tells who it is."""
    robe = (
        f'<path d="M45 72 C50 66 70 66 75 72 L86 162 H34 Z" fill="{suit.fill}" '
        f'stroke="{OUTLINE}" stroke-width="1.4" stroke-linejoin="round"/>'
        f'<path d="M47 72 L60 88 L73 72" fill="none" stroke="{OUTLINE}" stroke-width="1.2"/>'
    )
    head = (
        f'<circle cx="60" cy="54" r="11" fill="{SKIN}" stroke="{OUTLINE}" stroke-width="1.3"/>'
        f'<circle cx="56" cy="53" r="1.3" fill="{OUTLINE}"/>'
        f'<circle cx="64" cy="53" r="1.3" fill="{OUTLINE}"/>'
        f'<path d="M56.5 59 Q60 61.5 63.5 59" fill="none" stroke="{OUTLINE}" stroke-width="1"/>'
    )
    return robe + extra + head + headwear + _emblem(suit, 60, 116)


def king(suit: Suit) -> str:
    """Crown and beard: the rey / king."""
    beard = (
        f'<path d="M50 58 C51 70 57 74 60 74 C63 74 69 70 70 58 C66 63 54 63 50 58 Z" '
        f'fill="#7a5230" stroke="{OUTLINE}" stroke-width="1"/>'
    )
    crown = (
        f'<path d="M47 46 L46 28 L53.5 36 L60 24 L66.5 36 L74 28 L73 46 Z" fill="{GOLD}" '
        f'stroke="{GOLD_INK}" stroke-width="1.3" stroke-linejoin="round"/>'
        f'<circle cx="60" cy="40" r="2" fill="#d8392b"/>'
    )
    return _person(suit, beard + crown)


def queen(suit: Suit) -> str:
    """Long hair and a tiara: the French queen."""
    hair = (
        f'<path d="M47 54 C46 38 74 38 73 54 L77 82 C72 80 70 76 69 70 L51 70 C50 76 48 80 43 82 '
        f'Z" fill="#9b5a2a" stroke="{OUTLINE}" stroke-width="1.1"/>'
    )
    tiara = (
        f'<path d="M49 45 L52 36 L56 42 L60 32 L64 42 L68 36 L71 45 Z" fill="{GOLD}" '
        f'stroke="{GOLD_INK}" stroke-width="1.2" stroke-linejoin="round"/>'
        f'<circle cx="60" cy="32" r="2" fill="#6f9fd8" stroke="{GOLD_INK}" stroke-width="0.6"/>'
    )
    return _person(suit, tiara, extra=hair)


def jack(suit: Suit) -> str:
    """A young page in a beret: the sota / jack."""
    beret = (
        f'<ellipse cx="60" cy="45" rx="15" ry="6" fill="{OUTLINE}"/>'
        f'<path d="M59 39 L60 35 L61 39 Z" fill="{OUTLINE}"/>'
        f'<path d="M72 44 L80 40 L81 43 L73 47 Z" fill="#d8392b" stroke="{OUTLINE}" '
        f'stroke-width="0.8"/>'
    )
    return _person(suit, beret)


def knight(suit: Suit) -> str:
    """A horse's head, as on a chess knight: the caballo / knight of the Latin pack."""
    horse = (
        '<path d="M82 162 H40 C40 138 48 120 58 108 C50 109 42 112 37 106 C32 100 34 92 39 '
        '87 L55 64 C56 54 60 44 68 36 L71 49 C82 56 88 74 88 96 C88 124 81 140 82 162 Z" '
        f'fill="#b07a45" stroke="{OUTLINE}" stroke-width="1.5" stroke-linejoin="round"/>'
        '<path d="M71 49 C80 56 86 72 86 94 C86 118 80 136 80 160" fill="none" '
        'stroke="#3b2412" stroke-width="5" stroke-linecap="round"/>'
        f'<circle cx="57" cy="75" r="3.2" fill="#ffffff" stroke="{OUTLINE}" stroke-width="1"/>'
        f'<circle cx="57" cy="75" r="1.5" fill="{OUTLINE}"/>'
        f'<circle cx="41" cy="97" r="1.8" fill="{OUTLINE}"/>'
        f'<path d="M48 105 C52 101 56 100 60 101" fill="none" stroke="{OUTLINE}" '
        'stroke-width="1.2"/>'
        f'<path d="M48 150 L80 150 L78 128 L50 128 Z" fill="{suit.fill}" stroke="{OUTLINE}" '
        'stroke-width="1.2"/>'
    )
    return horse + _emblem(suit, 64, 128)


def joker() -> str:
    """A jester's face under a three-pointed cap with bells."""
    return (
        '<path d="M40 78 C38 60 30 50 22 48 C34 44 44 52 48 62 C48 44 54 32 60 28 C66 32 72 44 '
        '72 62 C76 52 86 44 98 48 C90 50 82 60 80 78 Z" fill="#7b3fa0" stroke="#2a2a2a" '
        'stroke-width="1.4" stroke-linejoin="round"/>'
        '<path d="M60 28 C66 32 72 44 72 62 L66 70 L60 78 Z" fill="#2e8b57"/>'
        '<path d="M40 78 L80 78 L80 84 L40 84 Z" fill="#f2c230" stroke="#2a2a2a" '
        'stroke-width="1.2"/>'
        f'<circle cx="22" cy="48" r="4" fill="{GOLD}" stroke="{GOLD_INK}" stroke-width="1"/>'
        f'<circle cx="60" cy="26" r="4" fill="{GOLD}" stroke="{GOLD_INK}" stroke-width="1"/>'
        f'<circle cx="98" cy="48" r="4" fill="{GOLD}" stroke="{GOLD_INK}" stroke-width="1"/>'
        f'<circle cx="60" cy="100" r="17" fill="{SKIN}" stroke="#2a2a2a" stroke-width="1.4"/>'
        '<path d="M51 95 L55 91 L59 95 M61 95 L65 91 L69 95" fill="none" stroke="#2a2a2a" '
        'stroke-width="1.4"/>'
        '<circle cx="60" cy="101" r="3" fill="#d8392b"/>'
        '<path d="M50 106 Q60 118 70 106" fill="none" stroke="#2a2a2a" stroke-width="1.6"/>'
        '<path d="M40 124 L46 118 L52 126 L60 118 L68 126 L74 118 L80 124 L76 134 H44 Z" '
        'fill="#ffffff" stroke="#2a2a2a" stroke-width="1.2" stroke-linejoin="round"/>'
        '<path d="M44 134 H76 L84 162 H36 Z" fill="#d8392b" stroke="#2a2a2a" '
        'stroke-width="1.4" stroke-linejoin="round"/>'
        '<path d="M60 134 V162" stroke="#f2c230" stroke-width="4"/>'
    )


def star(x: float, y: float, size: float, fill: str) -> str:
    """A five-pointed star: the joker's corner sign (it has no rank and no suit)."""
    points = []
    for i in range(10):
        radius = size / 2 if i % 2 == 0 else size / 5
        angle = math.pi * i / 5 - math.pi / 2
        points.append(f"{x + radius * math.cos(angle):.2f},{y + radius * math.sin(angle):.2f}")
    return f'<polygon points="{" ".join(points)}" fill="{fill}"/>'
