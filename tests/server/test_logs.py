"""The server's logs (issue 16 §7): JSON lines, and uvicorn's one line per request only at
debug level, so that `make run` does not flood the terminal."""

from __future__ import annotations

import json
import logging

import pytest

from cardtable.server.ops import logs


def _access_line() -> None:
    logging.getLogger("uvicorn.access").info(
        '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", "/cards/back.svg", "1.1", 200)


@pytest.fixture
def restore_loggers() -> object:
    names = ("cardtable.server", "uvicorn", "uvicorn.error", "uvicorn.access")
    saved = {n: (logging.getLogger(n).handlers[:], logging.getLogger(n).filters[:],
                 logging.getLogger(n).level, logging.getLogger(n).propagate) for n in names}
    yield None
    for name, (handlers, filters, level, propagate) in saved.items():
        logger = logging.getLogger(name)
        logger.handlers[:], logger.filters[:] = handlers, filters
        logger.setLevel(level)
        logger.propagate = propagate


def test_requests_are_not_logged_at_info(capsys: pytest.CaptureFixture[str],
                                        restore_loggers: object) -> None:
    logs.setup("info")
    _access_line()
    logging.getLogger("cardtable.server.tables.table").info("table started", extra={"table": "X"})
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert [line["message"] for line in lines] == ["table started"]
    assert lines[0]["table"] == "X" and lines[0]["level"] == "info"


def test_requests_are_logged_at_debug(capsys: pytest.CaptureFixture[str],
                                      restore_loggers: object) -> None:
    logs.setup("debug")
    _access_line()
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert len(lines) == 1 and lines[0]["level"] == "debug"
    assert "GET /cards/back.svg" in lines[0]["message"]
