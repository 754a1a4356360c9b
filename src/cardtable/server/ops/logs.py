"""Structured logs: one JSON object per line on stderr (time, level, logger, message and any
``extra`` fields such as ``table`` and ``seat``), for machines to read and people to grep."""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "color_message"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                data[key] = value
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


class AccessAtDebug(logging.Filter):
    """uvicorn logs every request at info: one line per request (a WebSocket move, each card
    image) buried what the server had to say. Its access lines are logged at debug instead,
    so they show only with ``--log-level debug``."""

    def __init__(self, level: str) -> None:
        super().__init__()
        self.shown: bool = logging.getLevelNamesMapping().get(level.upper(), 0) <= logging.DEBUG

    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        return self.shown


def setup(level: str = "info") -> None:
    """Send the server's and uvicorn's logs to stderr as JSON lines; requests at debug."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name in ("cardtable.server", "uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
        logger.setLevel(level.upper())
    access = logging.getLogger("uvicorn.access")
    access.filters[:] = [AccessAtDebug(level)]
