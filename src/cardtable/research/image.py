"""``render_mode="rgb_array"``: the table as an image, drawn from the project's own card art.

What a spectator sees, like the text rendering: every hand face down (its size as card
backs), and the public cards face up, as the game's descriptor lays them out (``public_cards``:
Punttu's trick, Putto's table, Pontinho's melds and the top discard), in its deck's pictures.
The seat to move is marked by a yellow bar under its row. Cards come from ``cardtable.art``
(SVG, drawn by code) rasterized once each with CairoSVG, then placed with Pillow; the frame is
an ``(height, width, 3)`` ``uint8`` array, the same size all deal long.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.research.episode import Episode

CARD_W, CARD_H = 40, 60
GAP = 6
ROW = CARD_H + 2 * GAP
#: Cards drawn in one row at most (more are left out: a frame has a fixed size).
PER_ROW = 24
WIDTH = GAP + PER_ROW * (CARD_W // 2) + CARD_W + GAP
#: Groups of cards side by side in a row (Pontinho's melds): each takes a column this wide.
COLUMNS = 3
FELT = (21, 94, 58)
MARK = (242, 194, 48)

Frame = npt.NDArray[np.uint8]


@lru_cache(maxsize=256)
def _card(text: str | None, deck: str) -> Any:
    """One card (``None``: the back) as a Pillow image, rasterized once."""
    import cairosvg
    from PIL import Image

    from cardtable.art import back_svg, card_svg

    svg = back_svg() if text is None else card_svg(text, deck)  # type: ignore[arg-type]
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=CARD_W, output_height=CARD_H)
    return Image.open(io.BytesIO(png)).convert("RGBA")


def table_rows(players: int, game: str) -> int:
    """Rows in a frame: one per seat, then the game's public cards (its descriptor's
    ``public_rows``: Pontinho's discard and melds take thirteen)."""
    from cardtable.games import descriptor

    return players + descriptor(game).public_rows


def render_rgb(episode: Episode) -> Frame:
    """The frame of ``episode`` now (see the module docstring)."""
    from PIL import Image, ImageDraw

    from cardtable.games import descriptor

    view = episode.view(None)
    described = descriptor(view["game"])
    deck = described.deck
    players = view["players"]
    height = table_rows(players, view["game"]) * ROW
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    rows: list[list[list[str | None]]] = [[[None] * size] for size in view["hand_sizes"]]
    rows += [[list(group) for group in row] for row in described.public_cards(view)]
    step = CARD_W // 2
    for number, row in enumerate(rows[: table_rows(players, view["game"])]):
        top = number * ROW + GAP
        for g, group in enumerate(row):
            group_width = (WIDTH - GAP) // max(COLUMNS, len(row))
            left = GAP + g * group_width
            room = PER_ROW if len(row) == 1 else (group_width - CARD_W) // step
            for i, card in enumerate(group[: room + 1]):
                picture = _card(card, deck)
                image.paste(picture, (left + i * step, top), picture)
        if number == view["to_move"]:
            draw.rectangle((GAP, top + CARD_H + 1, WIDTH - GAP, top + CARD_H + 4), fill=MARK)
    return np.asarray(image, dtype=np.uint8)
