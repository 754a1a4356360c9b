"""docs/protocol.md against the code: a client author reads the document, not the source, so
everything a client can meet must be in it — every error code (with its HTTP status), every
route, every client message and its fields, every server message type, and every key of each
game's views, events and outcomes as real deals produce them (issue 14 §6)."""

from __future__ import annotations

import random
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.engine.match import Match
from cardtable.games import game_class, match_class
from cardtable.server.app import create_app
from cardtable.server.config import ServerConfig
from cardtable.server.transport import protocol
from cardtable.server.transport.errors import MESSAGES
from cardtable.server.transport.http import STATUS

ROOT = Path(__file__).parents[2]
DOC = ROOT / "docs" / "protocol.md"
#: The section titles of each game's view in the document.
GAME_SECTIONS = {"punttu": "Punttu", "putto": "Putto", "pontinho": "Pontinho"}


def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def section(title: str, text: str | None = None) -> str:
    """The text under the heading ``title`` (any level), up to the next heading of the same
    or a higher level."""
    text = doc() if text is None else text
    lines = text.splitlines()
    for index, line in enumerate(lines):
        found = re.match(r"(#+) (.*)$", line)
        if found and found.group(2).strip() == title:
            level = len(found.group(1))
            body = []
            for rest in lines[index + 1:]:
                heading = re.match(r"(#+) ", rest)
                if heading and len(heading.group(1)) <= level:
                    break
                body.append(rest)
            return "\n".join(body)
    raise AssertionError(f"docs/protocol.md has no section {title!r}")


def named(key: str) -> str:
    return f"`{key}`"


# -- errors ------------------------------------------------------------------------------------


def test_every_error_code_is_documented_in_the_errors_table() -> None:
    errors = section("Errors")
    missing = [code for code in MESSAGES if named(code) not in errors]
    assert not missing, f"error codes missing from docs/protocol.md § Errors: {missing}"


@pytest.mark.parametrize("code", sorted(STATUS))
def test_every_http_status_is_documented_with_its_code(code: str) -> None:
    """The row of the Errors table that names the code gives its HTTP status."""
    rows = [line for line in section("Errors").splitlines()
            if line.startswith("|") and named(code) in line.split("|")[1]]
    assert rows, f"no row for {code} in § Errors"
    assert any(str(STATUS[code]) in row.split("|")[2] for row in rows), (code, rows)


# -- routes ------------------------------------------------------------------------------------


def app_routes(routes: list[Any], prefix: str = "") -> Iterator[tuple[str, str, list[str]]]:
    """(kind, path, methods) of every route, routers included (FastAPI keeps an included router
    as one entry holding its routes)."""
    for route in routes:
        included = getattr(route, "original_router", None)
        if included is not None:
            yield from app_routes(included.routes, prefix + route.include_context.prefix)
            continue
        methods = sorted(set(getattr(route, "methods", None) or ()) - {"HEAD"})
        yield type(route).__name__, prefix + route.path, methods


def test_every_route_of_the_app_is_documented(tmp_path: Path) -> None:
    app = create_app(ServerConfig(data_dir=tmp_path))
    text = doc()
    routes = list(app_routes(app.routes))
    assert any(path == "/readyz" for _kind, path, _methods in routes)
    missing = []
    for kind, path, methods in routes:
        if kind == "Mount":
            wanted = [f"`GET {path}/"]
        elif methods:
            wanted = [f"`{method} {path}`" for method in methods]
        else:  # the WebSocket
            wanted = [named(path)]
        missing += [w for w in wanted if w not in text]
    assert not missing, f"routes missing from docs/protocol.md: {missing}"


# -- messages ----------------------------------------------------------------------------------


def client_messages() -> list[type[Any]]:
    union = typing.get_args(protocol.ClientMessage)[0]
    return list(typing.get_args(union))


def test_every_client_message_and_field_is_documented() -> None:
    table = section("Client messages")
    for model in client_messages():
        (kind,) = typing.get_args(model.model_fields["type"].annotation)
        rows = [line for line in table.splitlines() if line.startswith(f"| {named(kind)} |")]
        assert rows, f"client message {kind!r} has no row in § Client messages"
        for field in model.model_fields:
            if field in ("type", "ref"):
                continue
            assert named(field) in rows[0], f"{kind}: field {field!r} is not documented"
    assert named("ref") in table


def test_every_server_message_type_has_its_section() -> None:
    """Every ``"type": "…"`` the server builds has a heading under § Server messages."""
    server = section("Server messages")
    headings = set(re.findall(r"^### `(\w+)`", server, re.MULTILINE))
    clients = {typing.get_args(m.model_fields["type"].annotation)[0] for m in client_messages()}
    built: set[str] = set()
    for source in (ROOT / "src" / "cardtable" / "server").rglob("*.py"):
        built |= set(re.findall(r'"type": "(\w+)"', source.read_text(encoding="utf-8")))
    built -= clients
    assert {"ack", "status", "state"} <= built
    assert not built - headings, f"server messages without a section: {built - headings}"


def test_the_waiting_state_and_the_new_messages_are_described() -> None:
    state = section("`state`")
    assert "**A waiting table**" in state
    assert '"ref"' in section("`ack`") and named("version") in section("`ack`")
    status = section("`status`")
    for word in ("server/storage_unavailable", "server/storage_ok", '"storage"'):
        assert word in status, word


# -- views, events and outcomes of real deals --------------------------------------------------


def option_variants(name: str) -> list[dict[str, Any]]:
    """The default options, and each yes/no option switched (some add view keys)."""
    variants: list[dict[str, Any]] = [{}]
    for option in game_class(name).option_specs:
        if option.kind is bool:
            variants.append({option.name: not option.default})
    return variants


def played_deal(name: str, options: dict[str, Any]) -> dict[str, set[str]]:
    """The keys a real deal shows: every view the server sends during it (each deal seat's and a
    spectator's, ``Match.deal_views``), every event as each viewer sees it, the outcome and its
    details, and (between deals) the decision view."""
    game = cardtable.game(name, game_class(name).default_players, **options)
    match: Match = match_class(game)(game, seed=1, dealer=0)
    rng = random.Random(1)
    viewers: list[int | None] = [None, *range(game.players)]
    found: dict[str, set[str]] = {"view": set(), "outcome": set(), "details": set(),
                                  "decision": set()}
    state = match.current
    for _ in range(getattr(game, "playout_cap_actions", None) or 3000):
        for view in match.deal_views(viewers).values():
            found["view"] |= set(view)
        if state.is_over:
            break
        legal = state.legal_actions()
        # prefer melds and captures, so that the rarer keys (melds, sweeps) show up
        rich = [a for a in legal if a.kind in ("meld", "take", "advance", "layoff", "capture")]
        events = state.apply(rng.choice(rich) if rich and rng.random() < 0.7
                             else rng.choice(legal))
        for event in events:
            for viewer in viewers:
                found.setdefault(f"event:{event.kind}", set()).update(event.view(viewer))
    assert state.is_over, f"{name}: the deal did not end"
    outcome = state.outcome
    assert outcome is not None
    found["outcome"] = set(outcome.to_dict())
    found["details"] = set(outcome.details)
    found["decision"] = set(match.decision_view(0)) if name == "pontinho" else set()
    return found


@pytest.mark.parametrize("name", sorted(GAME_SECTIONS))
def test_every_view_key_of_a_real_deal_is_in_its_games_section(name: str) -> None:
    text = section(GAME_SECTIONS[name], section("Views of each game"))
    keys: set[str] = set()
    for options in option_variants(name):
        keys |= played_deal(name, options)["view"]
    assert "hand" in keys
    missing = sorted(k for k in keys if named(k) not in text)
    assert not missing, f"{name}: view keys missing from § {GAME_SECTIONS[name]}: {missing}"


@pytest.mark.parametrize("name", sorted(GAME_SECTIONS))
def test_every_event_outcome_and_decision_key_is_documented(name: str) -> None:
    found = played_deal(name, {})
    events = section("Events")
    rows = {}
    for line in events.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 3 and (name in cells[1] or cells[1] == "all"):
            for kind in re.findall(r"`(\w+)`", cells[2]):
                rows.setdefault(kind, []).append(cells[3])
    for key, seen in found.items():
        if not key.startswith("event:"):
            continue
        kind = key.split(":", 1)[1]
        assert kind in rows, f"{name}: event kind {kind!r} is not in § Events"
        described = " ".join(rows[kind])
        for field in seen - {"kind", "seat"}:
            assert named(field) in described or kind == "deal_end", (name, kind, field)
    deal_end = section("`deal_end`")
    for key in found["outcome"] | found["details"]:
        assert named(key) in deal_end, f"{name}: outcome key {key!r} not in § deal_end"
    pontinho = section("Pontinho", section("Views of each game"))
    for key in found["decision"]:
        assert named(key) in pontinho, f"decision_view key {key!r} not in § Pontinho"


def test_every_state_field_is_in_the_state_table() -> None:
    """The fields of a ``state`` message (``TableMessages.state_message``) each have a row."""
    messages = ROOT / "src" / "cardtable" / "server" / "tables" / "messages.py"
    source = messages.read_text(encoding="utf-8")
    fields = set(re.findall(r'common\["(\w+)"\]', source))
    fields |= set(re.findall(r'message\["(\w+)"\]', source))
    fields |= {"table", "version", "status", "phase", "seat", "to_move", "deadline", "last"}
    rows = section("`state`")
    assert {"deal_seat", "view", "legal", "log", "decision_view"} <= fields
    missing = sorted(f for f in fields if f"| {named(f)} |" not in rows)
    assert not missing, f"state fields without a row in § state: {missing}"


def test_the_limits_sections_stay_at_the_end() -> None:
    """Two other sections are appended after this marker (see the marker's comment)."""
    assert "<!-- limits sections follow -->" in doc()
