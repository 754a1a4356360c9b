"""Each language's glossary (docs/glossary/<lang>.md) is kept: no translation uses a word its
"Words kept out" table rules out, and the catalog uses the word chosen instead. The catalog is
what every rules sheet, terminal line and page reads, so this covers them all."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("eu", "hu", "pt_BR")
#: A row of the "Words kept out" table: a pattern in backticks (``\|`` for a pipe), the word
#: used instead, the reason.
ROW = re.compile(r"^\| `(?P<pattern>.+?)` \| (?P<instead>.+?) \| (?P<why>.+?) \|$")


def kept_out(lang: str) -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "glossary" / f"{lang}.md").read_text(encoding="utf-8")
    section = text.partition("## Words kept out")[2]
    return [
        (match["pattern"].replace("\\|", "|"), match["instead"])
        for match in map(ROW.match, section.splitlines())
        if match
    ]


@cache
def translations(lang: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of every translated form."""
    path = ROOT / "src" / "cardtable" / "locale" / lang / "LC_MESSAGES" / "cardtable.po"
    with path.open("rb") as file:
        catalog = read_po(file, locale=lang)
    out = []
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(msgid, text) for text in strings]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_lists_words_kept_out(lang: str) -> None:
    assert len(kept_out(lang)) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_uses_a_word_the_glossary_keeps_out(lang: str) -> None:
    found = [
        (pattern, msgid, text)
        for pattern, _instead in kept_out(lang)
        for msgid, text in translations(lang)
        if re.search(pattern, text, re.MULTILINE)
    ]
    assert not found, found[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalog_uses_the_words_the_glossary_chose(lang: str) -> None:
    """The first word of each "instead" cell is in use: the row names a real choice."""
    texts = "\n".join(text for _msgid, text in translations(lang)).lower()
    missing = [
        instead
        for _pattern, instead in kept_out(lang)
        if instead.split(",")[0].split()[0].lower() not in texts
    ]
    assert not missing
