"""The language of a page: ``?lang=``, else the ``lang`` cookie the picker sets, else the
browser's ``Accept-Language``, else English; and the client's strings translated into it.

Translations are looked up with a ``gettext`` translation object per language rather than the
process-wide ``set_language``, so one person's choice never changes another's page.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from typing import Any

from cardtable.art.deck import deck_cards
from cardtable.art.names import FRENCH_NAMES, LATIN, LATIN_NAMES
from cardtable.i18n import DOMAIN, LOCALE_DIR
from cardtable.web.strings import CLIENT_STRINGS

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
    if not code:
        return None
    tag = code.strip().replace("-", "_")
    for known in LANGUAGES:
        if tag.lower() == known.lower():
            return known
    base = tag.split("_")[0].lower()
    for known in LANGUAGES:
        if known.split("_")[0].lower() == base:
            return known
    return None


def choose(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language from the request's three sources, in that order of precedence."""
    for source in (query, cookie):
        found = normalize(source)
        if found:
            return found
    if accept:
        weighted = []
        for index, part in enumerate(accept.split(",")):
            tag, _sep, rest = part.strip().partition(";")
            weight = 1.0
            if rest.strip().startswith("q="):
                try:
                    weight = float(rest.strip()[2:])
                except ValueError:
                    weight = 0.0
            weighted.append((-weight, index, tag))
        for _weight, _index, tag in sorted(weighted):
            found = normalize(tag)
            if found:
                return found
    return DEFAULT


def translation(language: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language], fallback=True)


@lru_cache(maxsize=len(LANGUAGES))
def catalog(language: str) -> dict[str, Any]:
    """Everything the scripts show in ``language``: their strings (keyed by the English text)
    and every card's name for screen readers."""
    found = translation(language)
    return {
        "lang": language,
        "languages": LANGUAGES,
        "strings": {text: found.gettext(text) for text in CLIENT_STRINGS},
        "cards": {
            "latin": {c: found.pgettext(LATIN, LATIN_NAMES[c]) for c in deck_cards("latin")},
            "french": {c: found.gettext(FRENCH_NAMES[c]) for c in deck_cards("french")},
        },
    }
