"""The language is per context (issue 8): ``language(code)`` affects only the task or thread
that enters it, nests, and leaves the process-wide default (``set_language``) alone."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from babel.messages.pofile import read_po

from cardtable import i18n
from cardtable.i18n import (
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    _,
    current_language,
    language,
    ngettext,
    outside_language_blocks,
    pgettext,
    requested_language,
    set_language,
    translation,
)

#: A message every catalog translates.
MESSAGE = "the match at this table is over"


def _said() -> dict[str, str]:
    """MESSAGE in each language, read from the catalogs' sources (not through cardtable.i18n)."""
    said = {"en": MESSAGE}
    for code in LANGUAGES[1:]:
        with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
            entry = read_po(source, locale=code).get(MESSAGE)
        assert entry is not None and isinstance(entry.string, str)
        said[code] = entry.string
    return said


SAID = _said()


@pytest.fixture(autouse=True)
def english_default() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def test_the_catalogs_say_it() -> None:
    for code, said in SAID.items():
        assert translation(code).gettext(MESSAGE) == said, code
    assert len(set(SAID.values())) == len(SAID)


def test_nested_blocks_restore_the_language_around_them() -> None:
    assert current_language() == "en" and _(MESSAGE) == SAID["en"]
    with language("hu"):
        assert current_language() == "hu" and _(MESSAGE) == SAID["hu"]
        with language("pt_BR"):
            assert current_language() == "pt_BR" and _(MESSAGE) == SAID["pt_BR"]
        assert current_language() == "hu" and _(MESSAGE) == SAID["hu"]
        with pytest.raises(RuntimeError), language("eu"):
            raise RuntimeError("the block is left by an exception")
        assert current_language() == "hu"
    assert current_language() == "en" and _(MESSAGE) == SAID["en"]


def test_set_language_changes_the_default_outside_blocks_only() -> None:
    set_language("eu")
    assert current_language() == "eu" and _(MESSAGE) == SAID["eu"]
    with language("hu"):
        assert _(MESSAGE) == SAID["hu"]  # a block wins over the default
        set_language("pt_BR")
        assert _(MESSAGE) == SAID["hu"]
    assert current_language() == "pt_BR" and _(MESSAGE) == SAID["pt_BR"]


def test_plural_and_context_lookups_follow_the_block() -> None:
    singular, plural = "({n} card; d to see it)", "({n} cards; d to see them all)"
    english = ngettext(singular, plural, 2)
    with language("hu"):
        assert ngettext(singular, plural, 2) == translation("hu").ngettext(singular, plural, 2)
        assert ngettext(singular, plural, 2) != english
        ace = pgettext("Latin deck", "ace of cups")
        assert ace == translation("hu").pgettext("Latin deck", "ace of cups") != "ace of cups"


def test_two_threads_each_speak_their_own_language_at_once() -> None:
    """Both threads are inside their blocks at the same time (a barrier holds them there): with
    one process-wide language the second block would overwrite the first's."""
    inside = threading.Barrier(3, timeout=10)
    looked = threading.Barrier(3, timeout=10)
    seen: dict[str, tuple[str, str]] = {}

    def speak(code: str) -> None:
        with language(code):
            inside.wait()
            seen[code] = (current_language(), _(MESSAGE))
            looked.wait()

    threads = [threading.Thread(target=speak, args=(code,)) for code in ("hu", "pt_BR")]
    for thread in threads:
        thread.start()
    inside.wait()
    assert current_language() == "en" and _(MESSAGE) == SAID["en"]  # this thread: untouched
    looked.wait()
    for thread in threads:
        thread.join(10)
    assert seen == {"hu": ("hu", SAID["hu"]), "pt_BR": ("pt_BR", SAID["pt_BR"])}
    assert current_language() == "en"


def test_two_tasks_each_speak_their_own_language_at_once() -> None:
    async def scenario() -> dict[str, list[str]]:
        both_inside = asyncio.Barrier(2)
        seen: dict[str, list[str]] = {}

        async def speak(code: str) -> None:
            with language(code):
                await both_inside.wait()
                seen[code] = [_(MESSAGE)]
                await asyncio.sleep(0)  # the other task runs inside its block meanwhile
                seen[code].append(_(MESSAGE))
                # work handed to a thread with the context (to_thread, run_in_threadpool)
                seen[code].append(await asyncio.to_thread(_, MESSAGE))

        await asyncio.gather(speak("eu"), speak("hu"))
        return seen

    seen = asyncio.run(scenario())
    assert seen == {"eu": [SAID["eu"]] * 3, "hu": [SAID["hu"]] * 3}
    assert current_language() == "en"


def test_threads_and_tasks_that_do_not_take_the_context_speak_the_default() -> None:
    """A new thread, a pool that is not handed the context, and a task started outside the
    block's language all speak the process default, not the block's."""
    seen: list[str] = []
    with language("hu"):
        thread = threading.Thread(target=lambda: seen.append(_(MESSAGE)))
        thread.start()
        thread.join(10)
        with ThreadPoolExecutor(1) as pool:
            seen.append(pool.submit(_, MESSAGE).result(10))

        async def task_language() -> str:
            async def speak() -> str:
                return _(MESSAGE)

            loop = asyncio.get_running_loop()
            inherited = await loop.create_task(speak())
            neutral = await loop.create_task(speak(), context=outside_language_blocks())
            return f"{inherited}|{neutral}"

        inherited, neutral = asyncio.run(task_language()).split("|")
        assert _(MESSAGE) == SAID["hu"]
    assert seen == [SAID["en"], SAID["en"]]
    assert inherited == SAID["hu"] and neutral == SAID["en"]


def test_translations_are_made_once_per_language() -> None:
    assert translation("hu") is translation("hu")
    with language("hu"):
        first = i18n._current()
    with language("hu"):
        assert i18n._current() is first


@pytest.mark.parametrize(
    ("query", "cookie", "accept", "expected"),
    [
        (None, None, None, None),
        ("xx", None, "de-DE,de;q=0.9", None),
        (None, None, "fr-FR,hu;q=0.8,en;q=0.5", "hu"),
        (None, None, "en;q=0.2,pt-BR;q=0.9", "pt_BR"),
        (None, None, "hu;q=0,eu;q=0.1", "eu"),  # q=0: not acceptable
        (None, "eu", "hu", "eu"),
        ("pt-br", "eu", "hu", "pt_BR"),
        ("eu_ES.UTF-8", None, None, "eu"),
    ],
)
def test_requested_language(
    query: str | None, cookie: str | None, accept: str | None, expected: str | None
) -> None:
    assert requested_language(query, cookie, accept) == expected
