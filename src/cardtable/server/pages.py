"""The small lobby page at ``/`` (and the share link ``/t/CODE``): open tables and a "play
against bots" form. The browser client of the next issue replaces it; every text is escaped."""

from __future__ import annotations

from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

import cardtable
from cardtable.i18n import _
from cardtable.server.bots import level_names
from cardtable.server.lobby import Lobby

router = APIRouter()

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;
color:#222}h1{font-size:1.6rem}table{border-collapse:collapse;width:100%}
td,th{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left}
form{margin:1rem 0;padding:1rem;background:#f4f4f0;border-radius:.5rem}
label{margin-right:1rem}code{background:#eee;padding:0 .2rem}
"""

_SCRIPT = """
document.getElementById('play').addEventListener('submit', async (e) => {
  e.preventDefault();
  const f = new FormData(e.target);
  const r = await fetch('/api/play', {method: 'POST', headers: {'content-type':
    'application/json'}, body: JSON.stringify({game: f.get('game'), level: f.get('level'),
    name: f.get('name') || 'player'})});
  const data = await r.json();
  const out = document.getElementById('out');
  out.textContent = r.ok ? JSON.stringify({code: data.code, seat: data.seat, token: data.token,
    websocket: data.websocket}, null, 2) : data.error.message;
});
"""


def _page(title: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<style>{_STYLE}</style></head><body>{body}</body></html>"
    )


@router.get("/", include_in_schema=False)
def lobby_page(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    rows = []
    for table in lobby.open_tables():
        seats = ", ".join(
            escape(str(s["name"] or _("free"))) for s in table["seats"]
        )
        rows.append(
            f"<tr><td><a href='/t/{escape(table['code'])}'><code>{escape(table['code'])}</code>"
            f"</a></td><td>{escape(table['game'])}</td><td>{escape(table['status'])}</td>"
            f"<td>{seats}</td></tr>"
        )
    listing = (
        "<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>{}</table>".format(
            escape(_("code")), escape(_("game")), escape(_("status")), escape(_("seats")),
            "".join(rows),
        )
        if rows
        else f"<p>{escape(_('No open tables right now.'))}</p>"
    )
    games = "".join(
        f"<option value='{escape(name)}'>{escape(name)}</option>" for name in cardtable.available()
    )
    levels = "".join(
        f"<option value='{lvl}'{' selected' if lvl == 'medium' else ''}>{lvl}</option>"
        for lvl in level_names("punttu")
    )
    body = (
        f"<h1>cardtable</h1><p>{escape(_('Punttu, Pontinho and Putto, online.'))}</p>"
        f"<h2>{escape(_('Play against bots'))}</h2>"
        f"<form id='play'><label>{escape(_('Game'))} <select name='game'>{games}</select></label>"
        f"<label>{escape(_('Bots'))} <select name='level'>{levels}</select></label>"
        f"<label>{escape(_('Name'))} <input name='name' maxlength='40'></label>"
        f"<button>{escape(_('Play'))}</button></form><pre id='out'></pre>"
        f"<h2>{escape(_('Open tables'))}</h2>{listing}"
        f"<p><a href='/docs'>{escape(_('HTTP API'))}</a> · "
        f"<a href='/openapi.json'>OpenAPI</a></p><script>{_SCRIPT}</script>"
    )
    return _page("cardtable", body)


@router.get("/t/{code}", include_in_schema=False)
def table_page(code: str, request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    try:
        table = lobby.get(code).summary()
    except Exception:
        return _page("cardtable", f"<p>{escape(_('There is no table with this code.'))}</p>")
    seats = "".join(
        f"<li>{s['seat']}: {escape(str(s['name'] or _('free')))} ({escape(s['kind'])})</li>"
        for s in table["seats"]
    )
    body = (
        f"<h1>{escape(table['game'])} <code>{escape(table['code'])}</code></h1>"
        f"<p>{escape(table['status'])}</p><ul>{seats}</ul>"
        f"<p>{escape(_('Join with POST /api/tables/{code}/join').format(code=table['code']))}</p>"
        f"<p><a href='/'>{escape(_('Back to the lobby'))}</a></p>"
    )
    return _page("cardtable " + table["code"], body)
