"""Passkeys: how a player signs in on any device with the phone or computer's own lock
(WebAuthn, checked by the ``webauthn`` package), with no password, no e-mail and no user name.

A signed-in player registers a passkey (``begin_register`` → the browser makes a key pair →
``register``): the credential id, its public key and the authenticator's sign count are kept
(``passkeys``). Passkeys are *discoverable*: on another device the browser itself offers the
passkeys it holds for this site, so signing in (``begin_signin`` → ``signin``) names nobody
before the signature is checked, and the server learns which player only from a valid one.

Every ceremony starts with a challenge from this server: 32 random bytes, kept as their hash
with its purpose (and, to register, the player), good for ``CHALLENGE_SECONDS`` and taken in
the same statement that checks it, so it works once. Whatever goes wrong — an unknown
passkey, a bad signature, a stale or replayed challenge, a sign count that went backwards (a
cloned key) — the answer is one and the same (``people/bad_passkey``): nobody learns which
passkeys or players exist. A failed check still uses its challenge up: ``register`` and
``signin`` return ``None`` rather than raise, so the writer commits the challenge's removal.

This module holds the storage and the checks; ``passkeys_http`` the routes.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Connection, Table, delete, insert, select, update
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    options_to_json_dict,
    parse_authentication_credential_json,
    parse_client_data_json,
    parse_registration_credential_json,
)
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from cardtable.server.people.players import Player, aware
from cardtable.server.storage.db import Base, PasskeyChallengeRow, PasskeyRow, utcnow
from cardtable.server.tables.tokens import hash_token

PASSKEYS: Table = Base.metadata.tables[PasskeyRow.__tablename__]
CHALLENGES: Table = Base.metadata.tables[PasskeyChallengeRow.__tablename__]

#: How long a challenge may wait for the person to touch their key or unlock their phone.
CHALLENGE_SECONDS = 300
#: The most passkeys one player keeps (a phone, a laptop, a key: a few, never hundreds).
MAX_PASSKEYS = 20
#: What the browser shows as the site asking.
RP_NAME = "cardtable"


@dataclass(frozen=True)
class RelyingParty:
    """Who the passkeys belong to: the site's host name (``id``) and the origin the browser
    must report (scheme, host and port)."""

    id: str
    origin: str

    @classmethod
    def of(cls, base_url: str) -> RelyingParty:
        """From the server's public address (or the one the request came to)."""
        parts = urlsplit(base_url)
        return cls(id=parts.hostname or "localhost", origin=f"{parts.scheme}://{parts.netloc}")


class _Bad(Exception):
    """Any failed check (the callers answer ``None``)."""


def _new_challenge(db: Connection, purpose: str, player_id: str | None,
                   now: dt.datetime) -> bytes:
    db.execute(delete(CHALLENGES).where(CHALLENGES.c.expires_at <= now))
    challenge = secrets.token_bytes(32)
    db.execute(insert(CHALLENGES).values(
        challenge_hash=hash_token(bytes_to_base64url(challenge)), purpose=purpose,
        player_id=player_id, expires_at=now + dt.timedelta(seconds=CHALLENGE_SECONDS)))
    return challenge


def _take_challenge(db: Connection, client_data: bytes, purpose: str, player_id: str | None,
                    now: dt.datetime) -> bytes:
    """The challenge the browser signed, used up now; ``people/bad_passkey`` if this server did
    not hand it out for ``purpose`` (and ``player_id``), or it was used or is stale."""
    challenge = parse_client_data_json(client_data).challenge
    owner = (CHALLENGES.c.player_id == player_id if player_id is not None
             else CHALLENGES.c.player_id.is_(None))
    taken = db.execute(delete(CHALLENGES).where(
        CHALLENGES.c.challenge_hash == hash_token(bytes_to_base64url(challenge)),
        CHALLENGES.c.purpose == purpose, owner, CHALLENGES.c.expires_at > now))
    if taken.rowcount != 1:
        raise _Bad
    return challenge


def begin_register(db: Connection, player: Player, rp: RelyingParty,
                   now: dt.datetime | None = None) -> dict[str, Any]:
    """The options ``navigator.credentials.create`` takes (JSON-ready): a discoverable key for
    this player, none of the passkeys they have already."""
    mine = db.execute(select(PASSKEYS.c.credential_id)
                      .where(PASSKEYS.c.player_id == player.id)).scalars().all()
    challenge = _new_challenge(db, "register", player.id, now or utcnow())
    options = generate_registration_options(
        rp_id=rp.id, rp_name=RP_NAME, user_id=player.id.encode(),
        user_name=player.name or RP_NAME, user_display_name=player.name or RP_NAME,
        challenge=challenge,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, require_resident_key=True,
            user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(known))
                             for known in mine])
    return options_to_json_dict(options)


def register(db: Connection, player_id: str, credential: dict[str, Any], rp: RelyingParty,
             now: dt.datetime | None = None) -> dict[str, Any] | None:
    """Check the browser's new credential against this player's challenge and keep it;
    ``None`` if it fails (the challenge is used up all the same)."""
    now = now or utcnow()
    try:
        parsed = parse_registration_credential_json(credential)
        challenge = _take_challenge(db, parsed.response.client_data_json, "register",
                                    player_id, now)
        verified = verify_registration_response(
            credential=parsed, expected_challenge=challenge, expected_rp_id=rp.id,
            expected_origin=rp.origin)
    except Exception:  # noqa: BLE001 - any malformed or failing credential gets one answer
        return None
    count = db.execute(select(PASSKEYS.c.id).where(PASSKEYS.c.player_id == player_id)).all()
    known = db.execute(select(PASSKEYS.c.id).where(
        PASSKEYS.c.credential_id == bytes_to_base64url(verified.credential_id))).first()
    if len(count) >= MAX_PASSKEYS or known is not None:
        return None
    db.execute(insert(PASSKEYS).values(
        player_id=player_id, credential_id=bytes_to_base64url(verified.credential_id),
        public_key=verified.credential_public_key, sign_count=verified.sign_count,
        created_at=now, used_at=None))
    return {"created_at": now.isoformat(), "used_at": None}


def listed(db: Connection, player_id: str) -> list[dict[str, Any]]:
    """The player's passkeys, oldest first: when each was added and last used."""
    rows = db.execute(select(PASSKEYS.c.created_at, PASSKEYS.c.used_at)
                      .where(PASSKEYS.c.player_id == player_id).order_by(PASSKEYS.c.id)).all()
    return [{"created_at": aware(row.created_at).isoformat(),
             "used_at": aware(row.used_at).isoformat() if row.used_at else None}
            for row in rows]


def begin_signin(db: Connection, rp: RelyingParty,
                 now: dt.datetime | None = None) -> dict[str, Any]:
    """The options ``navigator.credentials.get`` takes: no credentials listed (the browser
    offers the discoverable passkeys it holds for this site)."""
    challenge = _new_challenge(db, "signin", None, now or utcnow())
    return options_to_json_dict(generate_authentication_options(
        rp_id=rp.id, challenge=challenge,
        user_verification=UserVerificationRequirement.PREFERRED))


def signin(db: Connection, credential: dict[str, Any], rp: RelyingParty,
           now: dt.datetime | None = None) -> str | None:
    """The id of the player whose passkey signed this sign-in challenge (its sign count and
    last use written); ``None`` for anything else (the challenge is used up all the same)."""
    now = now or utcnow()
    try:
        parsed = parse_authentication_credential_json(credential)
        challenge = _take_challenge(db, parsed.response.client_data_json, "signin", None, now)
        row = db.execute(select(PASSKEYS).where(
            PASSKEYS.c.credential_id == bytes_to_base64url(parsed.raw_id))).first()
        if row is None:
            raise _Bad
        verified = verify_authentication_response(
            credential=parsed, expected_challenge=challenge, expected_rp_id=rp.id,
            expected_origin=rp.origin, credential_public_key=bytes(row.public_key),
            credential_current_sign_count=int(row.sign_count))
    except Exception:  # noqa: BLE001 - any malformed or failing assertion gets one answer
        return None
    db.execute(update(PASSKEYS).where(PASSKEYS.c.id == row.id)
               .values(sign_count=verified.new_sign_count, used_at=now))
    return str(row.player_id)


def hand_over(db: Connection, source: str, target: str) -> None:
    """Player ``source`` is being merged into ``target``: its passkeys become ``target``'s
    (they sign in the merged player), its pending challenges are dropped."""
    db.execute(update(PASSKEYS).where(PASSKEYS.c.player_id == source).values(player_id=target))
    db.execute(delete(CHALLENGES).where(CHALLENGES.c.player_id == source))


def forget_player(db: Connection, player_id: str) -> None:
    """Remove the player's passkeys and pending challenges (their account is being deleted)."""
    db.execute(delete(PASSKEYS).where(PASSKEYS.c.player_id == player_id))
    db.execute(delete(CHALLENGES).where(CHALLENGES.c.player_id == player_id))

