"""Players who are remembered (docs/people.md): a person is a player from their first visit,
named by a random device credential in a cookie (``identity``), stored with their name, avatar
colour and language (``players``); the seats they take are linked to them, so "My games" comes
from the server on every device (``http``).
"""
