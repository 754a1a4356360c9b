"""The friends' screens in every language: nothing English left in the rematch offer of a
finished match, in "My games" or on the daily deal's page (the checker of test_languages)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LiveServer, shot
from tests.helpers.translations import assert_translated, seated_page

from cardtable.web.language import LANGUAGES


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_friends_screens_in_every_language(new_page: Any, live: LiveServer,
                                               lang: str) -> None:
    # a one-deal match whose person never comes: the turn timer lets a bot play for them
    joined = live.post("/api/play", {"game": "putto", "players": 2, "level": "random",
                                      "name": "Ana", "options": {"deals": 1},
                                      "turn_seconds": 0.01})
    mine = json.dumps([{"code": joined["code"], "seat": 0, "at": 1764633600000}])
    page = seated_page(new_page, lang, joined)
    page.add_init_script(f"localStorage.setItem('cardtable:mine', {json.dumps(mine)});")
    expect(page.locator("#play-again")).to_be_visible()
    assert_translated(page, lang, "match end with its rematch")
    page.goto("/mine")
    expect(page.locator(".my-game")).to_have_count(1)
    assert_translated(page, lang, "my games")
    shot(page, f"{lang}-my-games-laptop")
    page.goto("/daily?game=putto&players=2")
    expect(page.locator("#daily-play")).to_be_visible()
    assert_translated(page, lang, "the daily deal")
    shot(page, f"{lang}-daily-laptop")
