"""The language of a page: ``?lang=``, else the ``lang`` cookie the picker sets, else the
browser's ``Accept-Language``, else English; and the client's strings translated into it.

Translations are looked up with a ``gettext`` translation object per language (kept by
``cardtable.i18n``) rather than the process-wide ``set_language``, so one person's choice never
changes another's page. Reading a request's language is ``cardtable.i18n.requested_language``,
shared with the game server's HTTP API and WebSocket.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from typing import Any

from babel.numbers import get_decimal_symbol, get_group_symbol, get_minus_sign_symbol

from cardtable.art.deck import deck_cards
from cardtable.art.names import FRENCH_NAMES, ITALIAN, ITALIAN_FIGURES, LATIN, LATIN_NAMES
from cardtable.i18n import normalize_language, requested_language
from cardtable.i18n import translation as cached_translation
from cardtable.web.strings import CLIENT_PLURALS, CLIENT_STRINGS

#: The languages offered by the picker, by code, each named in itself.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "pt_BR": "Português (Brasil)",
    "eu": "Euskara",
    "hu": "Magyar",
}
DEFAULT = "en"


def normalize(code: str | None) -> str | None:
    """The offered language a tag names (``pt-br`` → ``pt_BR``, ``hu-HU`` → ``hu``), or None."""
    return normalize_language(code)


def choose(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language from the request's three sources, in that order of precedence
    (``cardtable.i18n.requested_language``, which the game server uses too), else English."""
    return requested_language(query, cookie, accept) or DEFAULT


def translation(language: str) -> gettext.NullTranslations:
    return cached_translation(language)


#: English's rule, for a language without a compiled catalog.
ENGLISH_PLURAL = "(n != 1)"


def plural_rule(found: gettext.NullTranslations) -> tuple[int, str]:
    """The number of plural forms and gettext's C expression choosing one for ``n``, from the
    catalog's ``Plural-Forms`` header (``nplurals=2; plural=(n != 1);``)."""
    header = found.info().get("plural-forms", "")
    fields = dict(
        part.strip().split("=", 1) for part in header.split(";") if "=" in part
    )
    try:
        return int(fields["nplurals"]), fields["plural"].strip()
    except (KeyError, ValueError):
        return 2, ENGLISH_PLURAL


def plural_forms(found: gettext.NullTranslations, singular: str, plural: str) -> list[str]:
    """Every form of a plural text in ``found``'s language, in the catalog's order (English's
    two when the catalog lacks it)."""
    count, _rule = plural_rule(found)
    # GNUTranslations keeps the forms of a plural entry under (msgid, index).
    entries: dict[object, str] = getattr(found, "_catalog", {})
    forms = [entries.get((singular, index)) for index in range(count)]
    if all(forms):
        return [form for form in forms if form]
    return [singular, plural]


@lru_cache(maxsize=len(LANGUAGES))
def catalog(language: str) -> dict[str, Any]:
    """Everything the scripts show in ``language``: their strings (keyed by the English text),
    the texts with plural forms (keyed by the English singular: every form, and the language's
    rule choosing one), the signs its numbers are written with (for browsers without the
    language's number data) and every card's name for screen readers."""
    found = translation(language)
    count, rule = plural_rule(found)
    return {
        "lang": language,
        "languages": LANGUAGES,
        "strings": {text: found.gettext(text) for text in CLIENT_STRINGS},
        "plural": {"count": count, "rule": rule},
        "numbers": {
            "decimal": get_decimal_symbol(language),
            "group": get_group_symbol(language),
            "minus": get_minus_sign_symbol(language),
        },
        "plurals": {
            singular: plural_forms(found, singular, plural) for singular, plural in CLIENT_PLURALS
        },
        "cards": {
            "latin": {c: found.pgettext(LATIN, LATIN_NAMES[c]) for c in deck_cards("latin")},
            "french": {c: found.gettext(FRENCH_NAMES[c]) for c in deck_cards("french")},
            # Putto's: the Latin cards with the Italian deck's figures (jack, queen, king).
            "italian": {
                c: found.pgettext(ITALIAN, ITALIAN_FIGURES[c])
                if c in ITALIAN_FIGURES
                else found.pgettext(LATIN, LATIN_NAMES[c])
                for c in deck_cards("italian")
            },
        },
    }
