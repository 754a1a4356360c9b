"""Web Push (docs/notifications.md): telling a person whose page is closed that it is their
turn, that a friend invited them to a table, or that a match is over.

``keys``: the server's VAPID key pair, made on the first start and kept in the database (a host
configures nothing). ``subscriptions``: each browser's subscription, owned by a player, with the
kinds of message it wants. ``texts``: the messages, in the player's language. ``sender``: a
queue and a task that encrypt (RFC 8291) and post (RFC 8030, VAPID RFC 8292) each message, off
the move path. ``notify``: what the tables and the friends feature call. ``http``: the routes.
"""
