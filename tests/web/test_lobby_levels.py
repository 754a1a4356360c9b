"""The lobby says what each bot level is (levels.js): one line per game for the level chosen,
with its ladder rating in words where the package ships one (``cardtable/bots/ladder.json``):
the share of deals it wins against random play, never a bare "rating 393"."""

from __future__ import annotations

import math
from typing import Any

from playwright.sync_api import expect

import cardtable
from cardtable.bots.ladder import shipped
from cardtable.games import descriptor


def test_the_lobby_describes_the_chosen_level_per_game(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    notes = page.locator("#level-notes li")
    expect(notes).to_have_count(len(cardtable.available()))  # medium is chosen at first
    described = descriptor("punttu").level_descriptions
    punttu = notes.filter(has_text="Punttu")
    expect(punttu).to_contain_text(described["medium"])
    page.select_option("#quick-level", "easy")
    expect(punttu).to_contain_text(described["easy"])
    rated = shipped().get("punttu", {})
    for players, entry in rated.items():
        # Elo-scaled, random play at 0 (bots/ratings.py): the expected share of deals won
        # against it, in twentieths, said as the smallest fraction
        share = 1 / (1 + 10 ** (-entry["ratings"]["easy"]["rating"] / 400))
        twentieths = min(19, max(1, round(share * 20)))
        divisor = math.gcd(twentieths, 20)
        expect(punttu).to_contain_text(
            f"wins about {twentieths // divisor} of every {20 // divisor} deals against random "
            f"play at {players} players")
    expect(punttu).not_to_contain_text("rating")
    assert page.js_errors == []
