"""The online game server (front-end layer): lobby over HTTP, play over one WebSocket per seat.

Modules, each small and about one thing:

- ``config``: the server's settings, from flags or ``CARDTABLE_*`` environment variables.
- ``errors``: namespaced error codes (``action/not_your_turn``…) with a human message.
- ``db``, ``migrations/``, ``store``, ``writer``: the event store (SQLAlchemy 2, Alembic) and the
  group-commit writer that persists every accepted action before anyone is told.
- ``protocol``: the versioned JSON messages of ``docs/protocol.md`` (pydantic models).
- ``table``: one table at run time — the match, its seats, the guard every action goes through.
- ``bots``: bots moving for bot seats, absent people and timed-out turns (hard bots off the loop).
- ``lobby``: every table by code; creating, joining, starting, rebuilding after a restart, the
  caps on waiting tables, the open list by pages, the sweep that expires tables (``expiry``).
- ``ratelimit``: the limits for anonymous clients, per address and per seat (``limits``).
- ``pool``: the fair pool of the hard bots and hints of every table (a lane per client).
- ``chat``, ``hints``: chat lines (checked, escaped); the hard bot's hints.
- ``tokens``, ``logs``: seat tokens (stored hashed) and share codes; structured JSON logs.
- ``loadtest``: the load benchmark behind ``cardtable loadtest``.
- ``http``, ``ws``, ``pages``, ``app``: the FastAPI routes, the WebSocket handler, the lobby
  page and the application with its lifespan (migrate, rebuild, flush on shutdown).
"""
