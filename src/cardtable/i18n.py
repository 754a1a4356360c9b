"""Translation of every user-facing string (gettext, catalogs managed by Babel).

Strings are looked up when they are shown, not when the module is imported, so that
``set_language`` takes effect everywhere at once (CLI ``--lang``, a server request's locale).
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "cardtable"
LOCALE_DIR = Path(__file__).parent / "locale"

_translation: _gettext.NullTranslations = _gettext.NullTranslations()


def set_language(language: str | None = None) -> None:
    """Use ``language`` (``eu``, ``pt_BR``, ``hu``…), or the usual environment variables if None.

    A language without a catalog falls back to English, the source language.
    """
    global _translation
    languages = [language] if language else None
    _translation = _gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True
    )


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the number ``n``."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as meant in ``context`` (the same English words, different senses)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (module-level constants)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction; translate later with ``pgettext``."""
    return message


if os.environ.get("CARDTABLE_LANG"):
    set_language(os.environ["CARDTABLE_LANG"])
