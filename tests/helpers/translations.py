"""The browser tests' check that a page has no English left in another language.

A text leaks when it is an English msgid of the catalogs whose translation into the page's
language differs, either exactly or, for a msgid with placeholders, with the placeholders filled
in (``leaks``). ``assert_translated`` reads every text a person may see or hear on a page;
``seated_page`` opens a table in a language, holding a seat. Used by ``tests/web/test_languages.py``
(which also tests the checker itself) and ``tests/web/test_friends_languages.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from babel.messages.pofile import read_po
from tests.helpers.browser import LAPTOP, hold_seat

from cardtable.i18n import DOMAIN, LOCALE_DIR
from cardtable.web.language import LANGUAGES

#: Browser locales, so that each page picks its language from Accept-Language.
LOCALES = {"en": "en-GB", "pt_BR": "pt-BR", "eu": "eu-ES", "hu": "hu-HU"}
#: Texts that are the same in every language: the brand and the picker's language names.
PROPER = {"cardtable", *LANGUAGES.values()}

#: Every text node of the page (script and style aside) and every attribute a person may hear
#: or see: title, aria-label, placeholder, alt; whitespace collapsed.
TEXTS_JS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript')) continue;
    const text = node.textContent.replace(/\\s+/g, ' ').trim();
    if (text) found.push(text);
  }
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      const value = (el.getAttribute(name) || '').replace(/\\s+/g, ' ').trim();
      if (value) found.push(value);
    }
  }
  return found;
}"""

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class English:
    """What English left in a page of one language looks like."""

    exact: frozenset[str]  # msgids translated differently
    pattern: re.Pattern[str]  # the same with placeholders, filled in (one alternation)
    translations: frozenset[str]  # the language's own texts (never a leak)


def _forms(ident: str | tuple[str, ...], string: str | tuple[str, ...]) -> list[tuple[str, str]]:
    """(English, translation) pairs of one catalog entry, plural forms included."""
    if isinstance(ident, tuple):
        strings = string if isinstance(string, tuple) else (string,)
        return [(english, form) for english in ident for form in strings]
    return [(ident, string if isinstance(string, str) else "")]


@cache
def english_in(lang: str) -> English:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as source:
        catalog = read_po(source, locale=lang)
    exact: set[str] = set()
    patterns: list[str] = []
    translations: set[str] = set()
    for message in catalog:
        if not message.id or not message.string:
            continue
        pairs = _forms(message.id, message.string)
        translations.update(" ".join(form.split()) for _english, form in pairs)
        for english, form in pairs:
            text = " ".join(english.split())
            if " ".join(form.split()) == text or text in PROPER:
                continue
            literal = PLACEHOLDER.sub(" ", text)
            if not re.search(r"[^\W\d_]{3,}", literal):
                continue  # nothing but placeholders, numbers and signs: the same everywhere
            exact.add(text)
            if PLACEHOLDER.search(text):
                parts = PLACEHOLDER.split(text)
                patterns.append(".+?".join(re.escape(part) for part in parts))
    pattern = re.compile("|".join(f"(?:{p})" for p in sorted(set(patterns))) or "(?!)")
    return English(frozenset(exact), pattern, frozenset(translations))


def leaks(texts: list[str], lang: str) -> list[str]:
    """The texts of a page in ``lang`` that are English left untranslated."""
    english = english_in(lang)
    found = []
    for text in texts:
        if text in english.translations or text in PROPER:
            continue
        if text in english.exact or english.pattern.fullmatch(text):
            found.append(text)
    return sorted(set(found))


def assert_translated(page: Any, lang: str, where: str) -> None:
    texts = page.evaluate(TEXTS_JS)
    assert texts, f"{where}: no text at all"
    if lang != "en":
        left = leaks(texts, lang)
        assert not left, f"{where} in {lang}: English left untranslated: {left}"
    assert page.js_errors == [], f"{where} in {lang}: {page.js_errors}"


def page_in(new_page: Any, lang: str, **options: Any) -> Any:
    page = new_page(LAPTOP, locale=LOCALES[lang], **options)
    return page


def seated_page(new_page: Any, lang: str, joined: dict[str, Any]) -> Any:
    """A page in ``lang`` at the table ``joined`` (``/api/play``'s answer), holding its seat."""
    return hold_seat(page_in(new_page, lang), joined["code"], joined)
