"""Seat tokens and share codes.

A token is 32 random bytes (URL-safe text) handed to whoever takes a seat; the database keeps only
its SHA-256, so a leaked database gives no seat away. Plain SHA-256 suffices for random secrets
of this length (no password stretching is needed). Share codes are short, without look-alike
letters, for reading aloud.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(hash_token(token), stored_hash)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: str) -> str:
    return code.strip().upper()
