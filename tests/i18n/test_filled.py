"""Every message, filled in as the program fills it, reads whole in every language: no raw
marker (Hungarian's ``a(z)``, Basque's "(e)", a placeholder left unfilled) and no English word
left in it, with one value and with several — whether it is filled by ``format`` or drawn by
the terminal (``painted``: a line built around a translation, its cards coloured)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cardtable.i18n import _, language, ngettext, pgettext
from cardtable.rules import render_rules_html
from cardtable.terminal.french import styled
from cardtable.terminal.latin import with_cards

LOCALE = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "locale"
TRANSLATED = ("eu", "hu", "pt_BR")
FIELD = re.compile(r"\{(\w+)(![rsa])?(:[^}]*)?\}")

#: Placeholders that take a player's or a list of players' names.
NAMES = {"name", "names", "first", "dealer", "last", "other", "bot", "players", "winner"}
#: Placeholders that take cards as the terminal writes them.
CARDS = {"card", "cards", "meld", "taken", "ace", "joker", "figure", "king", "queen", "jack"}
#: A value for each kind of placeholder: one, then several.
ONE = {"name": "Ana", "card": "5o", "number": 1}
SEVERAL = [
    {"name": "Ana, Bea", "card": "5o 7c", "number": 5},
    {"name": "Bea", "card": "Ac", "number": 100},
    {"name": "Ede", "card": "1o 2c 3e", "number": 1000},
]

#: A raw marker: Hungarian's article, Basque's optional ending, a field left unfilled.
RAW = re.compile(r"(?<![^\W\d_])[aA]\(z\)|\(e\)|\{\w*(![rsa])?(:[^}]*)?\}")
#: English words that no translation keeps (outside a quoted example or an option's name).
ENGLISH = re.compile(
    r"\b(the|with|and|you|your|cards?|points?|deal|stock|discard|meld|trick|player)\b"
)


#: Messages that name the research API's action kinds, which stay in English (code words).
CODE_WORDS = ("steps {steps} encode no pontinho action",)


@cache
def catalog(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / "cardtable.po").open("rb") as file:
        return read_po(file, locale=lang)


def entries(lang: str) -> Iterator[tuple[tuple[str, ...], str | None]]:
    """(msgids, context) of every entry with a placeholder."""
    for message in catalog(lang):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.id and "python-brace-format" in message.flags:
            yield tuple(ids), message.context


def values(ids: tuple[str, ...], sample: dict[str, object]) -> dict[str, object]:
    """Each field of ``ids`` given ``sample``'s value of its kind."""
    out: dict[str, object] = {}
    for match in FIELD.finditer(" ".join(ids)):
        field, spec = match.group(1), match.group(3) or ""
        if field in NAMES:
            out[field] = sample["name"]
        elif field in CARDS and not spec:
            out[field] = sample["card"]
        elif spec.endswith("%"):
            out[field] = 0.25
        else:
            out[field] = sample["number"]
    return out


def template(ids: tuple[str, ...], context: str | None, count: int) -> str:
    if len(ids) == 2:
        return ngettext(ids[0], ids[1], count)
    return pgettext(context, ids[0]) if context else _(ids[0])


def unquoted(text: str) -> str:
    """``text`` without what it quotes or names literally (examples, options, file names)."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`|«[^»]*»|„[^”]*”|“[^”]*”", "", text)
    return re.sub(r"--?[\w-]+|\S+\.(json|md|txt|html)\b|\w+=\S+", "", text)


def rendered(lang: str) -> Iterator[tuple[str, str, str]]:
    """(msgid, English, translation) of every message with a placeholder, each way it is filled."""
    for ids, context in entries(lang):
        for sample in [ONE, *SEVERAL]:
            filled = values(ids, sample)
            count = int(sample["number"])  # type: ignore[call-overload]
            english = (ids[0] if count == 1 or len(ids) == 1 else ids[1]).format(**filled)
            with language(lang):
                text = template(ids, context, count)
                yield ids[0], english, text.format(**filled)
                yield ids[0], english, ("  " + text).format(**filled).strip()
                if any(field in filled for field in ("card", "cards", "meld")):
                    yield ids[0], english, styled("  " + text, **filled).plain.strip()
                    latin = {**filled, "cards": str(filled.get("cards", "")).split()}
                    yield ids[0], english, with_cards(text + " ", **latin).plain.strip()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_filled_message_shows_a_raw_marker(lang: str) -> None:
    checked = 0
    for msgid, english, text in rendered(lang):
        raw = RAW.findall(text)
        assert len(raw) <= len(RAW.findall(english)), (lang, msgid, text)
        checked += 1
    assert checked > 4 * 500


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_filled_message_keeps_an_english_word(lang: str) -> None:
    leftovers = []
    for msgid, _english, text in rendered(lang):
        found = ENGLISH.findall(unquoted(text))
        if found and not msgid.startswith(CODE_WORDS):
            leftovers.append((msgid, text, found))
    assert not leftovers, leftovers[:5]


@pytest.mark.parametrize(
    ("message", "values", "expected"),
    [
        ("Seat {seat} is to move.", {"seat": 1}, "Az 1. hely következik."),
        ("Seat {seat} is to move.", {"seat": 2}, "A 2. hely következik."),
        ("No hints for {game} yet.", {"game": "Putto"}, "A Putto játékhoz"),
    ],
)
def test_a_capital_marker_is_resolved(
    message: str, values: dict[str, object], expected: str
) -> None:
    with language("hu"):
        assert expected in _(message).format(**values)


def test_a_terminal_line_built_around_a_translation_has_its_article() -> None:
    """The Pontinho lines that showed "kirakja a(z) 1. kirakást": a line glued to its indent
    and its cards coloured by the terminal."""
    with language("hu"):
        line = styled("  " + _("{name} lays meld {n}: {meld}"), name="Gép 2", n=1, meld="9h Th Jh")
        assert line.plain == "  Gép 2 kirakja az 1. kirakást: 9h Th Jh"
        assert [line.plain[span.start : span.end] for span in line.spans] == ["9h", "Th", "Jh"]
        line = styled("  " + _("{name} lays meld {n}: {meld}"), name="Gép 2", n=2, meld="9h")
        assert "kirakja a 2. kirakást" in line.plain


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", ["punttu", "pontinho", "putto"])
def test_no_rules_sheet_shows_a_raw_marker(lang: str, game: str) -> None:
    page = render_rules_html(game, lang, {})
    assert not RAW.search(re.sub(r"<style.*?</style>|<script.*?</script>", "", page, flags=re.S))
