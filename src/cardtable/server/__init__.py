"""The online game server (front-end layer): lobby over HTTP, play over one WebSocket per seat.

``app`` puts the server together (FastAPI, its lifespan: migrate, take the lock or join the
cluster, rebuild, flush on shutdown) from ``config``'s settings and these sub-packages, each a
part of the architecture (docs/architecture.md):

- ``transport``: how clients reach the server — the HTTP routes (``http``), the WebSocket handler
  (``ws``) and each client's send queue (``connection``), the messages clients may send
  (``protocol``, ``inputs``), error codes and the shape of every refusal (``errors``,
  ``refusals``, ``invalid``), the body limit, each request's language, and uvicorn's serving.
- ``tables``: one table at run time — ``table``'s ``Table`` is the guard and a composition of
  parts sharing one state (``tablestate``: the match, seats, version, status, lock, whose turn):
  who is present (``presence``), what is sent to whom (``messages``), what runs later
  (``scheduling``, ``bots`` and the fair ``pool`` of hard bots and hints), how it is stored
  (``persistence``), hints and chat (``talk``, ``hints``, ``chat``); what it announces to the
  people away from it (``announce``), rematch and leaving, its stored configuration
  (``tableconfig``) and seat tokens.
- ``lobby``: every table by its share code (``lobby``), the sweep that expires tables
  (``expiry``), the cluster-wide caps on waiting tables and the rate limits.
- ``storage``: the schema (``db``, with ``migrations/`` beside this package), the event store
  (``store``), the one group-commit writer (``writer``) and archival.
- ``cluster``: who owns a table — the one-server lock (``instance``), leases and fencing tokens
  (``leases``), the cluster's processes (``cluster``), the Redis bus and ``make cluster``.
- ``features``: the daily deal, the coach's review and the home-network address.
- ``ops``: metrics, structured logs, the garbage collector on the clock and the load benchmark.
"""
