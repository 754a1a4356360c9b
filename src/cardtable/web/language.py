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

from cardtable.art.deck import deck_cards
from cardtable.art.names import FRENCH_NAMES, LATIN, LATIN_NAMES
from cardtable.i18n import normalize_language, requested_language
from cardtable.i18n import translation as cached_translation
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
    return normalize_language(code)


def choose(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language from the request's three sources, in that order of precedence
    (``cardtable.i18n.requested_language``, which the game server uses too), else English."""
    return requested_language(query, cookie, accept) or DEFAULT


def translation(language: str) -> gettext.NullTranslations:
    return cached_translation(language)


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
