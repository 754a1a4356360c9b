"""Every catalog translates every string of the code, keeping each placeholder (issue 8)."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from cardtable.i18n import DOMAIN, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "NC_": ((1, "c"), 2), "N_plural": (1, 2)}
#: str.format fields, printf-style placeholders and rich markup tags: what a translation keeps.
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sdif]|%[sdif]|\[/?[a-z ]+\]")


def template() -> Catalog:
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as source:
        return read_po(source)


def catalog(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        return read_po(source, locale=lang)


def key(message: Message) -> tuple[str | None, str]:
    ident = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.context, ident


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def test_the_template_holds_every_string_of_the_code() -> None:
    """`make messages` was run after the last string was added or changed."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = {
        (context, message[0] if isinstance(message, tuple) else message)
        for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / "src", method_map, options_map, keywords=KEYWORDS
        )
    }
    known = {key(m) for m in template() if m.id}
    missing = sorted(found - known, key=str)
    assert not missing, f"run `make messages`: the template lacks {missing[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_string_is_translated(lang: str) -> None:
    translations = catalog(lang)
    untranslated = []
    for message in template():
        if not message.id:
            continue
        entry = translations.get(message.id, context=message.context)
        strings = entry.string if entry is not None else None
        forms = strings if isinstance(strings, tuple) else (strings,)
        if entry is None or entry.fuzzy or not all(forms):
            untranslated.append(key(message)[1])
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang: str) -> None:
    problems = []
    for entry in catalog(lang):
        if not entry.id or not entry.string:
            continue
        if isinstance(entry.id, tuple):
            singular, plural = entry.id
            allowed = set(placeholders(singular) + placeholders(plural))
            for index, form in enumerate(entry.string):
                needed = set(placeholders(plural))
                got = set(placeholders(form))
                # A singular form may name its number or leave it out ("once"), as English does.
                ok = got <= allowed and (needed <= got or index == 0 and
                                         set(placeholders(singular)) <= got)
                if not ok:
                    problems.append((form, sorted(needed)))
        elif placeholders(entry.string) != placeholders(entry.id):
            problems.append((entry.string, placeholders(entry.id)))
    assert not problems, f"{lang}: {problems[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_forms_are_the_languages_own(lang: str) -> None:
    expected = get_plural(lang)
    translations = catalog(lang)
    assert translations.num_plurals == expected.num_plurals
    assert translations.plural_expr == expected.plural_expr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogs_are_installed(lang: str) -> None:
    translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])
    assert translation.info()["language"] == lang
    assert translation.gettext("Players") != "Players"


def test_placeholders_are_recognised() -> None:
    assert placeholders("[bold]Your move[/bold] {n:,} %(n)d {card!r}") == sorted(
        ["[bold]", "[/bold]", "{n:,}", "%(n)d", "{card!r}"]
    )
