"""The lobby says what each bot level is (levels.js): one line per game for the level chosen,
with its ladder rating where the package ships one (``cardtable/bots/ladder.json``)."""

from __future__ import annotations

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
        rating = round(entry["ratings"]["easy"]["rating"])
        expect(punttu).to_contain_text(f"rating {rating} at {players} players")
    assert page.js_errors == []
