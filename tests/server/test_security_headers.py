"""Security headers on every page and answer: a Content-Security-Policy that runs no inline
script and lets no other site frame a page, ``nosniff``; and no page carries inline script."""

from __future__ import annotations

import re
from typing import Any

PAGES = ("/", "/daily", "/mine", "/t/ABC-123", "/replay/ABC-123/1", "/how/punttu",
         "/rules/putto?players=4")
OTHERS = ("/api/tables", "/api/games", "/static/app.css", "/cards/back.svg", "/no/such/path")


def test_every_answer_has_the_security_headers(server: Any) -> None:
    with server.http() as http:
        for path in PAGES + OTHERS:
            answer = http.get(path)
            assert answer.status_code < 500, (path, answer.status_code)
            assert answer.headers["x-content-type-options"] == "nosniff", path
            policy = answer.headers["content-security-policy"]
            directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
            assert directives["script-src"] == "'self'", path  # no inline, no other origin
            assert directives["frame-ancestors"] == "'none'", path
            assert directives["object-src"] == "'none'", path


def test_no_page_carries_inline_script(server: Any) -> None:
    with server.http() as http:
        for path in PAGES:
            html = http.get(path).text
            for tag in re.findall(r"<script\b[^>]*>", html):
                assert " src=" in tag, (path, tag)
            assert not re.search(r"\son[a-z]+\s*=", html), path  # no inline event handlers
            assert "javascript:" not in html, path
