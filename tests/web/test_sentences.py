"""A sentence on the table begins with a capital, whoever it starts with: a bot is "bot 2" inside
a sentence but "Bot 2 (random) to play." starts one (it read "bot 2 (random) to play."), and
so does the sweep note ("you swept the table…"). The score strip says its figures in words.

The bots of this module's server wait a minute before each move, so that what the page shows
while a bot is to play stays there: nothing here races a bot.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.helpers.browser import LAPTOP, PHONE, LiveServer, open_seat, seated
from tests.helpers.server import RunningServer, first_deal_is, make_config
from tests.putto.test_rules import setup as putto_setup


class SlowBots(LiveServer):
    """The browser tests' server, with bots that take a minute to move."""

    def __init__(self, data_dir: Path) -> None:
        RunningServer.__init__(self, make_config(data_dir, bot_delay=60.0))


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = SlowBots(tmp_path_factory.mktemp("slow-bots"))
    yield server
    server.stop()


def test_a_bot_to_play_starts_the_status_line_with_a_capital(new_page: Any, live: Any) -> None:
    page = seated(new_page, live, PHONE, "punttu")
    status = page.locator(".felt > .status")
    mine = page.locator(".hand button.card:not([disabled])")
    expect(status.or_(mine.first)).not_to_have_count(0)
    if "to play" not in (status.text_content() or ""):
        mine.first.click()  # I lead: then the bot is to play
    expect(status).to_have_text("Bot 2 (random) to play.")
    # my plate's name stands alone: a capital too (it read "you")
    expect(page.locator(".seat.mine .name")).to_have_text("You")
    assert page.js_errors == []


@pytest.mark.rule("PT-12")
def test_the_sweep_note_starts_with_a_capital(new_page: Any, live: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    first_deal_is(monkeypatch, putto_setup(2, [["7o", "Ko", "Qo", "2o"]], "7c"), dealer=1)
    table = live.post("/api/tables", {"game": "putto", "players": 2, "options": {"deals": 1},
                                      "seats": [{"kind": "person"},
                                                {"kind": "bot", "level": "random"}]})
    page = open_seat(new_page, live, LAPTOP, table["code"], 0)
    page.locator('.hand button.card[data-card="7o"]:not([disabled])').click()
    page.locator("#choose-capture").click()  # the only table card: a sweep
    expect(page.locator(".capture-note")).to_contain_text(
        "You swept the table with seven of coins!")
    assert page.js_errors == []


@pytest.mark.parametrize(("options", "mine"), [
    ({"deals": 1}, "You: This deal 0"),  # one deal: no match total beside it
    ({"deals": 3}, "You: Match 0 · this deal 0"),
])
def test_the_score_strip_says_its_figures_in_words(new_page: Any, live: Any,
                                                   options: dict[str, Any], mine: str) -> None:
    """It read "Total (this deal) You 0 (0)", a match total beside the deal's even in a
    one-deal match."""
    page = seated(new_page, live, LAPTOP, "punttu", options=options)
    expect(page.locator(".scoreboard .score.mine")).to_have_text(mine)
    expect(page.locator(".scoreboard")).not_to_contain_text("Total")
    assert page.js_errors == []
