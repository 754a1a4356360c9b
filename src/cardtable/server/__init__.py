"""The online game server (front-end layer): lobby over HTTP, play over one WebSocket per seat.

Modules, each small and about one thing:

- ``config``: the server's settings, from flags or ``CARDTABLE_*`` environment variables.
- ``errors``: namespaced error codes (``action/not_your_turn``…) with a human message.
- ``db``, ``migrations/``, ``store``, ``writer``: the event store (SQLAlchemy 2, Alembic) and the
  group-commit writer that persists every accepted action before anyone is told.
- ``protocol``: the versioned JSON messages of ``docs/protocol.md`` (pydantic models).
- ``table``: one table at run time — the match, its seats, the guard every action goes through.
- ``bots``: bots moving for bot seats, absent people and timed-out turns (hard bots off the loop).
- ``lobby``: every table by code; creating, joining, starting, rebuilding after a restart.
- ``chat``, ``tokens``, ``logs``: chat limits, seat tokens (stored hashed), structured logs.
- ``http``, ``ws``, ``pages``, ``app``: the FastAPI routes, the WebSocket handler, the lobby
  page and the application with its lifespan (migrate, rebuild, flush on shutdown).
"""
