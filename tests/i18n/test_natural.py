"""The catalogs read as a fluent player writes (issue 18 §3): Hungarian's article before a
value, no number endings glued to a placeholder, no Basque "(e)" or placeholder suffixes, the
same term for the same thing (docs/glossary/)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from cardtable.hungarian import article, fix_articles, number_starts_with_vowel
from cardtable.i18n import _, language, ngettext, pgettext
from cardtable.rules import render_rules_html
from cardtable.web.strings import CLIENT_PLURALS, CLIENT_STRINGS

LOCALE = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "locale"
PLACEHOLDER = re.compile(r"\{(\w+)(![rsa])?(:[^}]*)?\}")
CLIENT = set(CLIENT_STRINGS) | {text for pair in CLIENT_PLURALS for text in pair}


@cache
def catalog(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "cardtable.po").open("rb") as file:
        return read_po(file, locale=lang)


def translations(lang: str) -> list[tuple[tuple[str, ...], str | None, tuple[str, ...]]]:
    """(msgids, context, msgstrs) of every entry."""
    out = []
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out.append((tuple(ids), message.context, tuple(strings)))
    return out


# -- Hungarian: a or az ---------------------------------------------------------------------

#: How each number is read aloud, by its first word: a vowel takes "az".
READ_WITH_A_VOWEL = [
    (0, False),  # nulla
    (1, True),  # egy
    (2, False),  # kettő
    (5, True),  # öt
    (7, False),  # hét
    (10, False),  # tíz
    (11, False),  # tizenegy
    (15, False),  # tizenöt
    (21, False),  # huszonegy
    (50, True),  # ötven
    (55, True),  # ötvenöt
    (100, False),  # száz
    (150, False),  # százötven
    (500, True),  # ötszáz
    (1000, True),  # ezer
    (1500, True),  # ezerötszáz
    (2000, False),  # kétezer
    (5000, True),  # ötezer
    (10_000, False),  # tízezer
    (50_000, True),  # ötvenezer
    (100_000, False),  # százezer
    (1_000_000, True),  # egymillió
    (2_000_000, False),  # kétmillió
    (5_000_000, True),  # ötmillió
]


@pytest.mark.parametrize(("number", "vowel"), READ_WITH_A_VOWEL)
def test_hungarian_numbers_are_read_with_their_first_sound(number: int, vowel: bool) -> None:
    assert number_starts_with_vowel(number) is vowel
    expected = "az" if vowel else "a"
    assert article(str(number)) == expected
    assert article(format_decimal(number, locale="hu")) == expected  # "1 000", as printed
    assert article(f"{number}.") == expected  # an ordinal: "az 1. hely", "az 5. leosztás"


def test_hungarian_words_take_the_article_of_their_first_letter() -> None:
    assert [article(word) for word in ("ász", "kőr", "egy", "Ks", "'draw'", "érme", "*")] == [
        "az",
        "a",
        "az",
        "a",
        "a",
        "az",
        "a",
    ]
    fixed = fix_articles("A(z) 1. hely és a(z) 3. hely, a(z) ász")
    assert fixed == "Az 1. hely és a 3. hely, az ász"


def _filled(ids: tuple[str, ...], context: str | None, value: int) -> str:
    names = {match.group(1) for match in PLACEHOLDER.finditer(ids[0])}
    values = dict.fromkeys(names, value)
    if len(ids) == 2:
        return ngettext(ids[0], ids[1], value).format(**values)
    text = pgettext(context, ids[0]) if context else _(ids[0])
    return text.format(**values)


def test_no_hungarian_text_shows_a_z_and_every_article_fits_its_number() -> None:
    """Every Hungarian translation that writes ``a(z)`` before a placeholder, filled in with
    numbers as the program fills it, reads "a" or "az" as the number is read aloud; the
    browser's strings, which its script fills in, never hold ``a(z)`` at all."""
    checked = 0
    with language("hu"):
        for ids, context, strings in translations("hu"):
            if any(text in CLIENT for text in ids):
                assert not any("a(z)" in s for s in strings), ids[0]
            if not any("a(z)" in s for s in strings):
                continue
            for value in (1, 3, 5, 10, 50, 100, 500, 1000):
                text = _filled(ids, context, value)
                assert "a(z)" not in text, (ids[0], text)
                for match in re.finditer(r"\b([aA]z?) (\d[\d\u00a0 .]*)", text):
                    assert match.group(1).lower() == article(match.group(2)), (ids[0], text)
                checked += 1
    assert checked >= 8 * 50


@pytest.mark.parametrize(
    ("game", "options", "expected"),
    [
        ("pontinho", {}, "eléri a 100 pontot"),
        ("pontinho", {"bust": 1000}, "eléri az 1\u00a0000 pontot"),
        ("pontinho", {"bust": 50}, "eléri az 50 pontot"),
        ("putto", {"target": 500}, "az 500"),
    ],
)
def test_the_hungarian_sheets_choose_the_article(
    game: str, options: dict[str, object], expected: str
) -> None:
    page = render_rules_html(game, "hu", options)
    assert "a(z)" not in page
    assert expected in page


def test_hungarian_puts_no_ending_on_a_placeholder() -> None:
    """"3-t" should be "3-at", "5-t" "5-öt": endings that follow the number's sound are not
    glued to a placeholder (only "-ig", which never changes, is)."""
    glued = [
        (ids[0], s)
        for ids, _context, strings in translations("hu")
        for s in strings
        if re.search(r"\}-(?!ig\b)\w", s)
    ]
    assert not glued


# -- Basque: no "(e)", no suffix on a placeholder --------------------------------------------


def test_no_basque_text_writes_e_in_brackets_or_inflects_a_placeholder() -> None:
    """"2-(e)an" and "10tik" (for 10etik): a placeholder's ending depends on how its value is
    read, so the Basque catalog never glues one to it ({where} is a whole prefix, "deal 3: ")."""
    for ids, _context, strings in translations("eu"):
        for s in strings:
            assert "(e)" not in s, ids[0]
            assert not re.search(r"\{(?!where\})[^}]*\}-?[a-zA-Z]", s), (ids[0], s)
    with language("eu"):
        assert _("on {n}").format(n=2) == "2. konbinazioan"
        assert _("Deal {number} of {of}").format(number=3, of=10) == "3. banaketa (guztira 10)"


# -- the same word for the same thing ---------------------------------------------------------

#: Per language, words the glossary keeps out (docs/glossary/): a second name for a thing.
AVOIDED = {
    "eu": ("arrantza-joko", "legez kanpoko", "aurrekontu", "kostatzen dute"),
    "hu": ("halászós", "felvétel", "francia kártyával"),
    "pt_BR": ("jogo de pescaria", "passaram", "montes capturados"),
}


@pytest.mark.parametrize("lang", sorted(AVOIDED))
def test_one_term_per_thing(lang: str) -> None:
    for ids, _context, strings in translations(lang):
        for s in strings:
            for word in AVOIDED[lang]:
                if word == "felvétel" and ids[0] == "Take {card} into a meld":
                    continue  # taking a card, not a game record
                assert word not in s, (lang, word, ids[0])


@pytest.mark.parametrize("lang", ["eu", "hu", "pt_BR"])
def test_passing_is_said_the_same_for_one_player_or_several(lang: str) -> None:
    """"{names} passed" was plural for one player: the number-neutral form names them last."""
    with language(lang):
        one = _("{names} passed.").format(names="Ana")
        two = _("{names} passed.").format(names="Ana, Bea")
    assert one.endswith("Ana.") and two.endswith("Ana, Bea.")
