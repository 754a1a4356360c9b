"""Translation of every user-facing string (gettext, catalogs managed by Babel).

Strings are looked up when they are shown, not when the module is imported, so that a change of
language takes effect everywhere at once.

There are two levels. ``set_language`` sets the **process-wide default**: the CLI's ``--lang``,
``CARDTABLE_LANG``, or the usual environment variables. ``language(code)`` overrides it for a
block, in the current **context** only (a ``contextvars.ContextVar``): each asyncio task, each
thread and whatever ``run_in_threadpool`` / ``anyio.to_thread`` runs for it (they copy the
context) sees its own language, so the server can answer two people in two languages at once
without one request's language leaking into another's, or into a bot's thread. ``_``,
``ngettext``, ``pgettext`` and ``current_language`` read the block's language first, then the
default. Translation objects are made once per language and kept.
"""

from __future__ import annotations

import gettext as _gettext
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import Context, ContextVar, copy_context
from pathlib import Path
from typing import Any

from cardtable.hungarian import fix_articles, has_marker

DOMAIN = "cardtable"
LOCALE_DIR = Path(__file__).parent / "locale"

#: The languages cardtable speaks: English, the source, and one catalog for each other.
LANGUAGES: tuple[str, ...] = ("en", "eu", "hu", "pt_BR")

#: The process-wide default (``set_language``).
_default: _gettext.NullTranslations = _gettext.NullTranslations()
#: The language of the current ``language()`` block, if any (per context: task, thread).
_override: ContextVar[_gettext.NullTranslations | None] = ContextVar(
    "cardtable_language", default=None
)
#: One translation object per language code asked for (the catalogs are read once).
_cache: dict[str, _gettext.NullTranslations] = {}
_cache_lock = threading.Lock()


def known_language(code: str) -> str:
    """``code`` as cardtable names it (``pt-br`` → ``pt_BR``); ``ValueError`` if it has no
    catalog, naming the languages there are."""
    wanted = code.strip().replace("-", "_").lower()
    for name in LANGUAGES:
        if name.lower() == wanted:
            return name
    raise ValueError(
        _("unknown language {code!r}; cardtable speaks {languages}").format(
            code=code, languages=", ".join(LANGUAGES)
        )
    )


def normalize_language(code: str | None) -> str | None:
    """The language cardtable speaks that a tag names (``pt-br`` → ``pt_BR``, ``hu-HU`` →
    ``hu``, ``eu_ES.UTF-8`` → ``eu``), or ``None``."""
    if not code:
        return None
    tag = code.strip().split(".")[0].replace("-", "_")
    for known in LANGUAGES:
        if tag.lower() == known.lower():
            return known
    base = tag.split("_")[0].lower()
    for known in LANGUAGES:
        if known.split("_")[0].lower() == base:
            return known
    return None


def requested_language(
    query: str | None, cookie: str | None, accept: str | None
) -> str | None:
    """The language a request asks for: ``?lang=``, else the ``lang`` cookie, else the best
    language of ``Accept-Language`` (by ``q`` weight, then order) that cardtable speaks;
    ``None`` when none of them names one."""
    for source in (query, cookie):
        found = normalize_language(source)
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
            if weight > 0:
                weighted.append((-weight, index, tag))
        for _weight, _index, tag in sorted(weighted):
            found = normalize_language(tag)
            if found:
                return found
    return None


def _load(languages: list[str] | None) -> _gettext.NullTranslations:
    found = _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True)
    code = languages[0] if languages else None
    if code in LANGUAGES and not found.info().get("language"):
        # No catalog (English, or catalogs not compiled): numbers still follow the language.
        found.info()["language"] = code
    return found


def translation(code: str) -> _gettext.NullTranslations:
    """The translation object of ``code`` (English, the source, if it has no catalog); for the
    languages cardtable speaks it is made once and kept (thread-safe)."""
    found = _cache.get(code)
    if found is None:
        if code not in LANGUAGES:
            return _load([code])  # a locale name such as hu_HU: not kept, the cache stays small
        with _cache_lock:
            found = _cache.get(code)
            if found is None:
                found = _cache[code] = _load([code])
    return found


def set_language(language: str | None = None) -> None:
    """Make ``language`` (``eu``, ``pt_BR``, ``hu``…), or the usual environment variables if
    None, the process-wide default: the language of everything outside a ``language()`` block.

    A language without a catalog falls back to English, the source language.
    """
    global _default
    # The environment may change between calls (tests, the CLI's runner): never cached.
    _default = translation(language) if language else _load(None)


def _current() -> _gettext.NullTranslations:
    found = _override.get()
    return _default if found is None else found


def current_language() -> str:
    """The language in use, as its catalog names it (``eu``, ``pt_BR``…), ``en`` for English."""
    return str(_current().info().get("language") or "en")


@contextmanager
def language(code: str) -> Iterator[None]:
    """Speak ``code`` inside the ``with`` block, then go back to the language used before.

    Only the current context is affected (this task or thread, and what it hands its context
    to); the process-wide default and every other request keep their language.
    """
    token = _override.set(translation(code))
    try:
        yield
    finally:
        _override.reset(token)


def outside_language_blocks() -> Context:
    """A copy of the current context with no ``language()`` block in force: for work that
    outlives the request that starts it (a table's bots and timers), which must not go on
    speaking that request's language. Run it with ``loop.create_task(coro, context=…)``."""
    context = copy_context()
    context.run(_override.set, None)
    return context


class _ArticleChosen(str):
    """A translation that writes Hungarian's article as ``a(z)`` (or ``A(z)`` at a sentence's
    start) before a placeholder: "a" or "az" is chosen once ``format`` has filled the value in
    (``cardtable.hungarian``), so the reader sees "a 100 pontot", "az 1. hely", never "a(z)".

    Glued to other text (``"  " + _(…)``, ``_(…) + " "``) it stays one, so a line built around
    a translation still has its article chosen when it is filled in; ``%`` fills it in too.
    """

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        return fix_articles(str.format(self, *args, **kwargs))

    def format_map(self, mapping: Any) -> str:  # typeshed's private protocol: any mapping
        return fix_articles(str.format_map(self, mapping))

    def __mod__(self, values: Any) -> str:
        return fix_articles(str.__mod__(self, values))

    def __add__(self, other: str) -> str:
        return _ArticleChosen(str.__add__(self, other))

    def __radd__(self, other: str) -> str:
        # Called before str.__add__ for ``"  " + chosen`` (a subclass's reflected method wins).
        return _ArticleChosen(str.__add__(other, self))


def _chosen(text: str) -> str:
    return _ArticleChosen(text) if has_marker(text) else text


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _chosen(_current().gettext(message))


#: Languages whose speakers count zero with the plural ("Monte: 0 cartas") although CLDR's
#: rule, which each catalog's ``Plural-Forms`` follows, gives 0 the form of 1.
_ZERO_TAKES_THE_PLURAL = frozenset({"pt_BR"})


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the number ``n``."""
    found = _current()
    if n == 0 and found.info().get("language") in _ZERO_TAKES_THE_PLURAL:
        n = 2  # the form of "2 cartas": the plural, whatever the language's rule says of 0
    return _chosen(found.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as meant in ``context`` (the same English words, different senses)."""
    return _chosen(_current().pgettext(context, message))


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (module-level constants)."""
    return message


def NC_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for extraction; translate later with ``pgettext``."""
    return message


if os.environ.get("CARDTABLE_LANG"):
    set_language(os.environ["CARDTABLE_LANG"])
