"""What each push message says, in the player's language: a title and a line, and the page a
click opens. The payload holds no hidden information (no cards): only what the person's own
"My games" shows."""

from __future__ import annotations

from typing import Any

from cardtable.i18n import LANGUAGES, _, language


def payload(kind: str, lang: str | None, code: str, game: str, by: str = "") -> dict[str, Any]:
    """The message of ``kind`` (``turn``, ``invite``, ``match_over``) about table ``code``."""
    name = game.capitalize()  # the games' own names: Punttu, Pontinho, Putto
    with language(lang if lang in LANGUAGES else "en"):
        if kind == "turn":
            title = _("Your turn at {game}").format(game=name)
            body = _("Table {code} is waiting for your move.").format(code=code)
        elif kind == "invite":
            title = _("{name} invited you to a table").format(name=by)
            body = _("Join them at {game}, table {code}.").format(game=name, code=code)
        else:
            title = _("The match is over")
            body = _("The {game} match at table {code} has ended.").format(game=name, code=code)
    return {"kind": kind, "title": title, "body": body, "url": f"/t/{code}",
            "tag": f"{kind}-{code}"}
