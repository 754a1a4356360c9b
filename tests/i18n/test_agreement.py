"""Words agree with the number they count: a count goes through ``ngettext`` with that count,
and a sentence's verb agrees with the number of cards it moves, not with the points they are
worth (a capture usually takes one card)."""

from __future__ import annotations

import pytest

from cardtable.i18n import language, ngettext
from cardtable.terminal.latin import with_cards
from cardtable.terminal.putto.narration import PuttoNarration
from cardtable.terminal.putto.sides import worth


def capture(lang: str, taken: list[str], points: int) -> str:
    with language(lang):
        template = PuttoNarration._capture_sentence(False, len(taken), points)
        line = with_cards(template, name="Ana", card="2e", cards=taken, worth=worth(points))
    return line.plain


@pytest.mark.parametrize(
    ("lang", "one", "several"),
    [
        ("eu", "Ana: 2e kartarekin 2o harrapatzen du (puntu 1).",
         "Ana: 2e kartarekin 2o 5c harrapatzen ditu (puntu 1)."),
        ("hu", "Ana elviszi a 2o lapot a 2e lappal (1 pont).",
         "Ana elviszi ezeket a lapokat a 2e lappal: 2o 5c (1 pont)."),
        ("pt_BR", "Ana captura 2o com 2e (1 ponto).", "Ana captura 2o 5c com 2e (1 ponto)."),
    ],
)
def test_a_capture_agrees_with_the_cards_it_takes(lang: str, one: str, several: str) -> None:
    assert capture(lang, ["2o"], 1) == one
    assert capture(lang, ["2o", "5c"], 1) == several


def test_brazilian_portuguese_counts_zero_with_the_plural() -> None:
    with language("pt_BR"):
        assert ngettext("Stock: {n} card", "Stock: {n} cards", 0).format(n=0) == "Monte: 0 cartas"
        assert ngettext("Stock: {n} card", "Stock: {n} cards", 1).format(n=1) == "Monte: 1 carta"
        assert worth(0) == "0 pontos"
