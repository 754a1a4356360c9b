"""The server's VAPID key pair (RFC 8292): a P-256 key that signs the JWT each push request
carries, so that a push service knows the request comes from the server the browser subscribed
to. Made on the first start and stored in the database (``push_keys``, one row), so every
process of a cluster and every restart signs with the same key: a new key would orphan every
subscription, since the browser bound each one to the public key it was given."""

from __future__ import annotations

import base64
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid
from sqlalchemy import Connection, Table, insert, select
from sqlalchemy.exc import IntegrityError

from cardtable.server.storage.db import Base, PushKeyRow, utcnow

KEYS: Table = Base.metadata.tables[PushKeyRow.__tablename__]


@dataclass(frozen=True)
class VapidKeys:
    private_pem: str
    #: The uncompressed public point, base64url without padding: the browser's
    #: ``applicationServerKey``.
    public_key: str

    def signer(self) -> Vapid:
        return Vapid.from_pem(self.private_pem.encode())


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _made() -> VapidKeys:
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption()).decode()
    point = key.public_key().public_bytes(serialization.Encoding.X962,
                                          serialization.PublicFormat.UncompressedPoint)
    return VapidKeys(private_pem=pem, public_key=b64url(point))


def _stored(db: Connection) -> VapidKeys | None:
    row = db.execute(select(KEYS).where(KEYS.c.id == 1)).first()
    return VapidKeys(row.private_pem, row.public_key) if row is not None else None


def load_or_make(db: Connection) -> VapidKeys:
    """The stored key pair, made and stored now if there is none. Two processes starting
    together may both make one: the second insert fails and both use the one stored."""
    found = _stored(db)
    if found is not None:
        return found
    made = _made()
    try:
        with db.begin_nested():
            db.execute(insert(KEYS).values(id=1, private_pem=made.private_pem,
                                           public_key=made.public_key, created_at=utcnow()))
    except IntegrityError:
        stored = _stored(db)
        assert stored is not None
        return stored
    return made
