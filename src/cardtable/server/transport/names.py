"""Names that only imitate others: a person may not call themselves what the table shows for
a bot ("Bot 2", "Bot 2 (hard)") or for the viewer ("You"), in any language cardtable speaks,
nor hide invisible characters in a name (zero-width spaces and joiners, a byte order mark), which
would make two names look alike or "You" look like something else.

``imitation`` says why a name is refused (``None``: it is fine); ``inputs.check_name`` raises it
as the name's ``ValueError``, so the refusal is the usual 422 ``request/invalid`` naming the
field, with this reason. A name is compared after Unicode compatibility folding (NFKC) and
case folding, so "ＹＯＵ" or "bot 2" are caught as well.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from cardtable.i18n import LANGUAGES, N_, _, translation

#: Invisible characters no name needs: zero-width space, non-joiner and joiner, word joiner,
#: the Mongolian vowel separator, the byte order mark, the soft hyphen, left/right marks.
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\u180e\ufeff\u00ad\u200e\u200f")
#: How the table shows the viewer and the bots (the client's strings and the terminal's).
YOU = (N_("You"), N_("you"))
BOT = (N_("Bot {n}"), N_("Bot {n} ({level})"))


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


@lru_cache(maxsize=1)
def _reserved() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The folded forms of "You" and the patterns of a bot's name, in every language."""
    you: set[str] = set()
    bots: set[str] = set()
    for code in LANGUAGES:
        gettext = translation(code).gettext
        you.update(_fold(gettext(word)) for word in YOU)
        bots.update(_fold(gettext(form)) for form in BOT)
    patterns = []
    for form in sorted(bots):
        escaped = re.escape(form).replace(r"\{n\}", r"\d+").replace(r"\{level\}", r".+")
        patterns.append(re.compile(escaped))
    return frozenset(you), tuple(patterns)


def imitation(name: str) -> str | None:
    """Why ``name`` is refused as an imitation (see the module docstring), or ``None``."""
    if any(c in INVISIBLE for c in name):
        return _("a name cannot hold invisible characters (zero-width or a byte order mark)")
    folded = _fold(name)
    you, bots = _reserved()
    if folded in you:
        return _("a name cannot be what the table calls you")
    if any(pattern.fullmatch(folded) for pattern in bots):
        return _("a name cannot look like a bot's")
    return None
