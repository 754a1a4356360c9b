"""The coach's line names what the better move wins, keeps or risks in the game's own words
(review_facts.js): a trick won, the card points of the tricks after it, the next player's
sweep… from the review's ``facts`` and ``reason``; and the line opens whole in view on a phone
and a laptop in every language.

The review is the server's real answer for a finished Punttu deal, with the coach's facts of
one of Ana's moves set to known values, so that the sentence to expect is certain (the
evaluation itself is tested in tests/bots/test_review_facts.py; the real review's line in
tests/web/test_replay_review.py).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import httpx
import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect
from tests.helpers.browser import (
    LAPTOP,
    PHONE,
    REVIEW_WAIT_MS,
    Person,
    assert_above_the_dock,
    screenshot,
)
from tests.helpers.translations import LOCALES

from cardtable.i18n import DOMAIN, LOCALE_DIR

#: Two facts the reason says, as the review's JSON carries them, and the numbers the sentences
#: show: a count out of 48 sampled deals, and two means shown as whole numbers.
PUNTTU = (
    [{"fact": "trick", "kind": "count", "fewer_is_better": False, "played": 9, "better": 40,
      "certain": False},
     {"fact": "later_points", "kind": "mean", "fewer_is_better": False, "played": 7.9,
      "better": 12.4, "certain": False}],
    [("It wins this trick in {better} of the {samples} way the deal could go on; yours in "
      "{played}.", {"better": 40, "samples": 48, "played": 9}),
     ("It takes about {better} card point in the tricks after this one; yours about {played}.",
      {"better": 12, "played": 8})],
)
#: The longest pair of sentences there is (Putto's risk and a mean), for the line's room.
LONGEST = (
    [{"fact": "swept_next", "kind": "count", "fewer_is_better": True, "played": 20,
      "better": 3, "certain": False},
     {"fact": "primiera", "kind": "mean", "fewer_is_better": False, "played": 1.2,
      "better": 2.6, "certain": False}],
    [("After your move the next player sweeps the table in {played} of the {samples} way the "
      "deal could go on; after it, in {better}.", {"played": 20, "samples": 48, "better": 3}),
     ("You win the primiera in about {better} suit after it; in about {played} after yours.",
      {"better": 3, "played": 1})],
)
#: Putto's endgame, where every hand is known: the same in every sampled deal, said without
#: "about".
CERTAIN = (
    [{"fact": "swept_next", "kind": "count", "fewer_is_better": True, "played": 48,
      "better": 0, "certain": True},
     {"fact": "card_points", "kind": "mean", "fewer_is_better": False, "played": 68.0,
      "better": 72.0, "certain": True}],
    [("After your move the next player sweeps the table in {played} of the {samples} way the "
      "deal could go on; after it, in {better}.", {"played": 48, "samples": 48, "better": 0}),
     ("You take {better} card point in the deal after it; {played} after yours.",
      {"better": 72, "played": 68})],
)


@cache
def _catalog(lang: str) -> dict[str, Any]:
    if lang == "en":
        return {}
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po", "rb") as po:
        return {m.id[0] if isinstance(m.id, tuple) else m.id: m.string for m in read_po(po)}


def _said(lang: str, singular: str, values: dict[str, int]) -> str:
    """The sentence as the page says it in ``lang`` (the plural form of these numbers: every
    language here takes its "other" form for them, the last)."""
    found = _catalog(lang).get(singular)
    text = found[-1] if isinstance(found, tuple) else found
    if text is None:  # English: the plural text, by its singular's words
        text = singular.replace(" way ", " ways ").replace(" card point ", " card points ")
        text = text.replace(" suit ", " suits ")
    for key, value in values.items():
        text = text.replace("{" + key + "}", str(value))
    return text


@pytest.fixture(scope="module")
def finished(live: Any) -> tuple[Person, dict[str, Any]]:
    """A two-deal Punttu match Ana played to its end, and the coach's real review of deal 1."""
    person = Person(live)
    try:
        person.play_until("match_end")
    finally:
        person.close()
    url = f"{live.url}/api/tables/{person.code}/deals/1/review"
    review = httpx.get(url, timeout=REVIEW_WAIT_MS / 1000).json()
    return person, review


def _with_facts(review: dict[str, Any], seat: int, facts: list[dict[str, Any]]) -> dict[str, Any]:
    """The review with Ana's first graded move flagged and given these facts to say."""
    data = json.loads(json.dumps(review))
    move = next(m for m in data["moves"] if m["seat"] == seat and not m["forced"])
    move.update(label="mistake", loss=6.2, better_in=30, worse_in=6, samples=48,
                best="play 7c" if move["played"] != "play 7c" else "play 6c",
                facts=facts, reason=[fact["fact"] for fact in facts])
    return data


#: Each case's sentences in every language; the longest pair at both sizes (the room it takes
#: is the most any line takes), the others at one size each.
CASES = [(LONGEST, "longest", PHONE, "phone"), (LONGEST, "longest", LAPTOP, "laptop"),
         (PUNTTU, "punttu", LAPTOP, "laptop"), (CERTAIN, "certain", PHONE, "phone")]


@pytest.mark.parametrize("lang", ["en", "eu", "hu", "pt_BR"])
@pytest.mark.parametrize(("case", "name", "viewport", "size"), CASES,
                         ids=[f"{name}-{size}" for _case, name, _viewport, size in CASES])
def test_the_coach_line_names_the_fact_and_opens_in_view(
    new_page: Any, finished: tuple[Person, dict[str, Any]], lang: str,
    viewport: dict[str, int], size: str, case: Any, name: str,
) -> None:
    person, review = finished
    facts, sentences = case
    data = _with_facts(review, person.seat, facts)
    number = next(m["number"] for m in data["moves"] if m["label"] == "mistake"
                  and m["seat"] == person.seat)
    page = new_page(viewport, locale=LOCALES[lang])
    person.sat_here(page)
    page.route(f"**/api/tables/{person.code}/deals/1/review",
               lambda route: route.fulfill(status=200, content_type="application/json",
                                           body=json.dumps(data)))
    page.goto(f"/replay/{person.code}/1")
    page.click("#ask-coach")
    page.locator(f".review-mark:has-text('{number} ')").first.click()
    note = page.locator("#review-note")
    for singular, values in sentences:
        expect(note).to_contain_text(_said(lang, singular, values))
    # the fact sentences stand for the counts: the counts' sentence is not said as well
    expect(note).not_to_contain_text("48 ways the deal could go on from what was known then")
    assert_above_the_dock(page, "#review-note")
    note.scroll_into_view_if_needed()
    assert_above_the_dock(page, "#review-note")
    screenshot(page, f"coach-facts-{name}-{size}-{lang}")
    assert page.js_errors == []
