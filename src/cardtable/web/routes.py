"""The client's routes: HTML shells, rules pages, card pictures, translated strings and replay
steps.

Pages are thin shells (title, language, the script to load) because the scripts draw everything
from the server's messages; each shell names its language in ``<html lang>`` and loads the
strings of that language from ``/api/i18n/{lang}``. The rules pages are whole pages, built on
the server by ``cardtable.rules`` from a table's game, player count and options.
"""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

import cardtable
from cardtable.art.cards import LATIN_INDICES, back_svg, card_svg
from cardtable.art.deck import deck_cards
from cardtable.engine.game import Game
from cardtable.errors import CardtableError, UnknownGame
from cardtable.games import descriptor, descriptors
from cardtable.i18n import N_, _, language
from cardtable.rules import table_rules_html
from cardtable.server.features.daily import sealed
from cardtable.server.people.deletion_mark import shown
from cardtable.server.transport.deps import LobbyDep, lobby_of
from cardtable.server.transport.errors import ServerError
from cardtable.server.transport.refusals import refusals
from cardtable.web.language import LANGUAGES, catalog, choose, translation
from cardtable.web.strings import HOW_TO_PLAY

router = APIRouter()

#: Pictures never change for a given build; let browsers keep them for a day.
CACHE = "public, max-age=86400"


@lru_cache(maxsize=1)
def _games_json() -> str:
    """What every page's script may need of each registered game (title, deck, turn, and
    whether the lowest total wins, for the placings), as the shells' ``data-games``:
    ``cards.js`` reads it at once, without a request."""
    return json.dumps(
        {
            game.name: {**game.front_end(), "lowest_wins": game.game_class.lowest_wins}
            for game in descriptors()
        },
        sort_keys=True,
    )


def page_language(request: Request) -> str:
    """The language a page is drawn in: `?lang=`, the `lang` cookie, then the browser's."""
    return choose(
        request.query_params.get("lang"),
        request.cookies.get("lang"),
        request.headers.get("accept-language"),
    )


def _shell(request: Request, page: str, title: str, **data: str | int) -> HTMLResponse:
    """The HTML of one page: its script draws the rest."""
    lang = page_language(request)
    gettext = translation(lang).gettext
    attributes = "".join(
        f' data-{escape(key)}="{escape(str(value))}"' for key, value in data.items()
    )
    html = (
        f'<!doctype html><html lang="{escape(lang.replace("_", "-"))}"><head>'
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(gettext(title))} · cardtable</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<link rel="icon" href="/cards/back.svg">'
        '<link rel="manifest" href="/manifest.webmanifest">'  # the installable app (pwa.py)
        '<meta name="theme-color" content="#1f5f3b"></head>'
        f'<body data-page="{escape(page)}" data-lang="{escape(lang)}"{attributes}'
        f' data-games="{escape(_games_json())}">'
        '<a class="skip" href="#app">' + escape(gettext("Skip to the game")) + "</a>"
        '<header class="top"><a class="brand" href="/">cardtable</a>'
        '<nav id="nav"></nav></header>'
        f'<main id="app" tabindex="-1"><p>{escape(gettext("Loading…"))}</p>'
        f"<noscript>{escape(gettext('This page needs JavaScript.'))}</noscript></main>"
        f'<script type="module" src="/static/js/{escape(page)}.js"></script>'
        '<script type="module" src="/static/js/pwa.js"></script>'
        "</body></html>"
    )
    return HTMLResponse(html)


@router.get("/", include_in_schema=False)
def lobby_page(request: Request) -> HTMLResponse:
    return _shell(request, "lobby", "Lobby")


@router.get("/t/{code}", include_in_schema=False)
def table_page(code: str, request: Request) -> HTMLResponse:
    return _shell(request, "table", "Table", code=code.upper())


@router.get("/replay/{code}/{deal}", include_in_schema=False)
def replay_page(code: str, deal: int, request: Request) -> HTMLResponse:
    return _shell(request, "replay", "Replay", code=code.upper(), deal=deal)


@router.get("/how/{game}", include_in_schema=False)
def how_page(game: str, request: Request) -> Response:
    if game not in HOW_TO_PLAY:
        return JSONResponse(
            {"error": {"code": "http/not_found", "message": _("not found")}}, status_code=404
        )
    lang = page_language(request)
    gettext = translation(lang).gettext
    title, paragraphs = HOW_TO_PLAY[game]
    body = "".join(f"<p>{escape(gettext(p))}</p>" for p in paragraphs)
    rules = f'<p><a href="/rules/{escape(game)}">{escape(gettext(FULL_RULES))}</a></p>'
    html = (
        f'<!doctype html><html lang="{escape(lang.replace("_", "-"))}"><head>'
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(gettext(title))} · cardtable</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<link rel="icon" href="/cards/back.svg"></head><body class="prose">'
        '<header class="top"><a class="brand" href="/">cardtable</a></header>'
        f"<main><h1>{escape(gettext(title))}</h1>{body}{rules}"
        f'<p><a href="/">{escape(gettext("Back to the lobby"))}</a></p></main></body></html>'
    )
    return HTMLResponse(html)


#: The how-to page's link to the whole rules sheet, and the rules page's error page.
FULL_RULES = N_("The full rules, to read or print")
NO_RULES = N_("These rules cannot be shown")
#: Query parameters of a rules page that are not table options (``preset``: a house-rule
#: preset whose options the others change).
RULES_PARAMETERS = ("lang", "players", "preset")


def _rules_links(request: Request, lang: str, back: tuple[str, str]) -> list[tuple[str, str, bool]]:
    """The rules page's links (on screen only): back to the lobby or table, and the same page
    in each other language (the query kept, ``lang`` changed)."""
    query = {k: v for k, v in request.query_params.items() if k != "lang"}
    links = [(back[0], translation(lang).gettext(back[1]), False)]
    for code, name in LANGUAGES.items():
        address = f"{request.url.path}?{urlencode({**query, 'lang': code})}"
        links.append((address, name, code == lang))
    return links


def _rules_error(lang: str, status: int, code: str, message: str) -> HTMLResponse:
    """A rules page that cannot be made: the reason, in the page's language, and the way back.
    (Scripts get the same reason as JSON from the HTTP API when they make the table.)"""
    gettext = translation(lang).gettext
    html = (
        f'<!doctype html><html lang="{escape(lang.replace("_", "-"))}"><head>'
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(gettext(NO_RULES))} · cardtable</title>"
        '<link rel="stylesheet" href="/static/app.css">'
        '<link rel="icon" href="/cards/back.svg"></head><body class="prose">'
        '<header class="top"><a class="brand" href="/">cardtable</a></header>'
        f'<main><h1>{escape(gettext(NO_RULES))}</h1>'
        f'<p class="error" role="alert" data-code="{escape(code)}">{escape(message)}</p>'
        f'<p><a href="/">{escape(gettext("Back to the lobby"))}</a></p></main></body></html>'
    )
    return HTMLResponse(html, status_code=status)


def _rules_page(table: Game, request: Request, lang: str, back: tuple[str, str]) -> HTMLResponse:
    return HTMLResponse(table_rules_html(table, lang, _rules_links(request, lang, back)))


@router.get("/rules/{game}", include_in_schema=False)
def rules_page(game: str, request: Request) -> Response:
    """The rules sheet of a table that is not made yet: ``game`` with ``players`` and each
    option as a query parameter (``/rules/pontinho?players=5&bust=150``), validated as the
    HTTP API and the CLI validate them, after a house-rule ``preset``'s options where one is
    named (``/rules/putto?preset=scopa``); ``lang`` as on every page."""
    lang = page_language(request)
    # Text as typed, like the options: the engine reads "5" and refuses "five" by name.
    players: Any = request.query_params.get("players")
    options = {k: v for k, v in request.query_params.items() if k not in RULES_PARAMETERS}
    # The table is made in the page's language, so a refusal names the problem in it.
    with language(lang):
        try:
            preset = request.query_params.get("preset")
            if preset is not None:
                options = descriptor(game).with_preset(preset, options)
            table = cardtable.game(game, players, **options)
        except UnknownGame as error:
            return _rules_error(lang, 404, "rules/unknown_game", str(error))
        except CardtableError as error:
            return _rules_error(lang, 422, "rules/bad_option", str(error))
    return _rules_page(table, request, lang, ("/", "Back to the lobby"))


@router.get("/t/{code}/rules", include_in_schema=False)
def table_rules_page(code: str, request: Request) -> Response:
    """The rules sheet of a table that exists: its own game, player count and options."""
    lang = page_language(request)
    try:
        table = lobby_of(request).get(code.upper(), archived=True)
    except ServerError:  # a page, not the JSON refusal of the API's routes
        message = translation(lang).gettext("There is no table with this code.")
        return _rules_error(lang, 404, "table/not_found", message)
    return _rules_page(table.game, request, lang, (f"/t/{table.code}", "Back to the table"))


@router.get("/api/i18n/{lang}", tags=["client"])
def strings(lang: str) -> Any:
    """The browser client's strings and card names in ``lang`` (English if not offered)."""
    return catalog(lang if lang in LANGUAGES else "en")


@lru_cache(maxsize=512)
def _picture(deck: str, name: str, index: str | None = None) -> str | None:
    if name == "back":
        return back_svg()
    if deck not in ("latin", "french"):
        return None
    card = "*" if name == "joker" else name
    if card not in deck_cards(deck):  # type: ignore[arg-type]
        return None
    return card_svg(card, deck, index if index in LATIN_INDICES else None)  # type: ignore[arg-type]


@router.get("/cards/{deck}/{name}.svg", include_in_schema=False)
def card_picture(deck: str, name: str, index: str | None = None) -> Response:
    """A card's picture; ``?index=numbers`` or ``letters`` picks the Latin pack's indices."""
    svg = _picture(deck, name, index)
    if svg is None:
        return JSONResponse(
            {"error": {"code": "http/not_found", "message": _("there is no such card")}},
            status_code=404,
        )
    return Response(svg, media_type="image/svg+xml", headers={"cache-control": CACHE})


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    """Browsers ask for /favicon.ico whatever a page links: the project's card back (SVG)."""
    return Response(back_svg(), media_type="image/svg+xml", headers={"cache-control": CACHE})


@router.get("/cards/back.svg", include_in_schema=False)
def card_back() -> Response:
    return Response(back_svg(), media_type="image/svg+xml", headers={"cache-control": CACHE})


@router.get("/api/tables/{code}/deals/{number}/replay", tags=["records"],
            responses=refusals(403, 404))
def replay_steps(code: str, number: int, lobby: LobbyDep) -> Any:
    """A finished deal step by step for the replay viewer: before each action and after the
    last, the public view and every hand (the deal is over, so nothing is secret any more; but
    a daily deal stays ``daily/sealed`` until its day is over: others may still play it), with
    the events each action caused as a spectator saw them (which cards a capture took), and the
    deal's outcome for the final score."""
    sealed(lobby, code)  # a refusal has the status its code has on every route (409, 503…)
    table = lobby.get(code, archived=True)
    record = table.record(number)
    if record is None or table.match is None:
        return JSONResponse(
            {"error": {"code": "record/none",
                       "message": _("deal {n} is not finished").format(n=number)}},
            status_code=404,
        )
    try:
        game = cardtable.game(record["game"], record["players"], **record.get("options", {}))
        if "setup" in record:
            state = game.deal(setup=record["setup"], dealer=record.get("dealer", 0))
        else:
            state = game.deal(seed=record["seed"], dealer=record.get("dealer", 0))
        steps: list[dict[str, Any]] = []
        for text in [*record["actions"], None]:
            step = {
                "view": state.view(None),
                "hands": [state.view(s)["hand"] for s in range(game.players)],
                "to_move": state.to_move,
                "action": text,
                "events": None,
            }
            if text is not None:
                step["events"] = [event.view(None) for event in state.apply(text)]
            steps.append(step)
    except CardtableError as error:
        return JSONResponse(
            {"error": {"code": "record/bad", "message": str(error)}}, status_code=422
        )
    seats = table.match.seats_of_deal(number - 1)
    names = [
        {"seat": s, "kind": table.seats[s].plan.kind, "level": table.seats[s].plan.level,
         "name": shown(table.seats[s].name)}  # a deleted player's seat: "a former player"
        for s in seats
    ]
    return {
        "code": table.code,
        "deal": number,
        "deals": sum(1 for d in table.match.deals if d.is_over),
        "game": game.name,
        "players": game.players,
        "names": names,
        "steps": steps,
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
        "lowest_wins": game.lowest_wins,  # Pontinho: penalty points, the fewest win
        "record": f"/api/tables/{table.code}/deals/{number}/record",
    }
