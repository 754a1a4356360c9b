"""Passkeys over HTTP (docs/people.md "Passkeys"), with a software authenticator (an ES256 key
pair, the WebAuthn bytes built here as a browser and a phone would): register, sign in on
another device (merged like a sign-in link), and every way it can go wrong answered alike —
unknown passkey, forged signature, replayed or stale challenge, a cloned key's sign count —
with nothing changed. On SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import json
import secrets
import struct
from typing import Any

import cbor2
import httpx
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import text
from tests.helpers.server import RunningServer
from tests.server.test_people_signin import quick
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

from cardtable.server.people.identity import COOKIE

UP_UV_AT = 0x01 | 0x04 | 0x40  # user present, user verified, attested credential data


class SoftKey:
    """One discoverable passkey on a software authenticator."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.rp_id = origin.split("//", 1)[1].split(":")[0]
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.id = secrets.token_bytes(32)
        self.count = 0

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin,
                           "crossOrigin": False}).encode()

    def _cose(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                            -3: numbers.y.to_bytes(32, "big")})

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        rp_hash = hashlib.sha256(self.rp_id.encode()).digest()
        data = (rp_hash + bytes([UP_UV_AT]) + struct.pack(">I", self.count) + bytes(16)
                + struct.pack(">H", len(self.id)) + self.id + self._cose())
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": data})
        client = self._client_data("webauthn.create", options["challenge"])
        return {"id": bytes_to_base64url(self.id), "rawId": bytes_to_base64url(self.id),
                "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": bytes_to_base64url(client),
                             "attestationObject": bytes_to_base64url(attestation)}}

    def get(self, options: dict[str, Any], count: int | None = None,
            signer: ec.EllipticCurvePrivateKey | None = None) -> dict[str, Any]:
        self.count += 1
        rp_hash = hashlib.sha256(self.rp_id.encode()).digest()
        data = rp_hash + bytes([0x05]) + struct.pack(">I", self.count if count is None else count)
        client = self._client_data("webauthn.get", options["challenge"])
        signature = (signer or self.key).sign(data + hashlib.sha256(client).digest(),
                                              ec.ECDSA(hashes.SHA256()))
        return {"id": bytes_to_base64url(self.id), "rawId": bytes_to_base64url(self.id),
                "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": bytes_to_base64url(client),
                             "authenticatorData": bytes_to_base64url(data),
                             "signature": bytes_to_base64url(signature),
                             "userHandle": None}}


def register(server: RunningServer, http: httpx.Client) -> SoftKey:
    key = SoftKey(server.url)
    options = http.post("/api/me/passkeys/options")
    assert options.status_code == 200, options.text
    made = http.post("/api/me/passkeys",
                     json={"credential": key.create(options.json()["publicKey"])})
    assert made.status_code == 201, made.text
    return key


def sign_in(http: httpx.Client, key: SoftKey, **how: Any) -> httpx.Response:
    options = http.post("/api/passkeys/options").json()["publicKey"]
    return http.post("/api/passkeys/signin", json={"credential": key.get(options, **how)})


def count(server: RunningServer, sql: str) -> int:
    return int(server.lobby.services.writer.read(lambda db: db.execute(text(sql)).scalar()))


def test_a_passkey_signs_the_player_in_on_another_device(server: RunningServer) -> None:
    with server.http() as phone, server.http() as laptop:
        at_home = quick(phone, "Ana")
        player = phone.get("/api/me").json()
        key = register(server, phone)
        listed = phone.get("/api/me/passkeys").json()["passkeys"]
        assert len(listed) == 1 and listed[0]["used_at"] is None
        on_laptop = quick(laptop, "Guest")
        visitor = laptop.get("/api/me").json()["id"]
        signed = sign_in(laptop, key)
        assert signed.status_code == 200, signed.text
        assert signed.json()["id"] == player["id"]
        assert "HttpOnly" in signed.headers["set-cookie"]
        for device in (phone, laptop):
            assert device.get("/api/me").json()["id"] == player["id"]
            codes = {g["code"] for g in device.get("/api/me/games").json()["games"]}
            assert codes == {at_home, on_laptop}
        assert phone.get("/api/me/passkeys").json()["passkeys"][0]["used_at"] is not None
    assert count(server, f"SELECT count(*) FROM players WHERE id = '{visitor}'") == 0
    stored = server.lobby.services.writer.read(lambda db: db.execute(
        text("SELECT credential_id, sign_count FROM passkeys")).one())
    assert base64url_to_bytes(stored.credential_id) == key.id and stored.sign_count == 1


def test_every_failed_passkey_gets_one_answer_and_changes_nothing(
        server: RunningServer) -> None:
    with server.http() as phone, server.http() as thief:
        phone.get("/api/me")
        key = register(server, phone)
        assert sign_in(phone, key).status_code == 200
        before = thief.get("/api/me").json()
        stranger = SoftKey(server.url)  # a passkey this server never saw
        options = thief.post("/api/passkeys/options").json()["publicKey"]
        good = key.get(options)
        answers = [
            sign_in(thief, stranger),
            sign_in(thief, key, signer=ec.generate_private_key(ec.SECP256R1())),  # forged
            sign_in(thief, key, count=1),  # the count went backwards: a cloned key
            thief.post("/api/passkeys/signin", json={"credential": {"id": "x"}}),
            thief.post("/api/passkeys/signin", json={"credential": {
                **good, "response": {**good["response"], "clientDataJSON": "%%"}}}),
        ]
        assert thief.post("/api/passkeys/signin", json={"credential": good}).status_code == 200
        replayed = thief.post("/api/passkeys/signin", json={"credential": good})
        answers.append(replayed)  # the challenge was used: a second use fails
        assert {(a.status_code, a.json()["error"]["code"], a.json()["error"]["message"])
                for a in answers} == {(400, "people/bad_passkey",
                                       answers[0].json()["error"]["message"])}
        assert before["id"] != phone.get("/api/me").json()["id"]


def test_a_failed_sign_in_uses_its_challenge_up(server: RunningServer) -> None:
    with server.http() as phone:
        phone.get("/api/me")
        key = register(server, phone)
        options = phone.post("/api/passkeys/options").json()["publicKey"]
        forged = key.get(options, signer=ec.generate_private_key(ec.SECP256R1()))
        assert phone.post("/api/passkeys/signin",
                          json={"credential": forged}).status_code == 400
        again = key.get(options)  # the right key, the same (now used) challenge
        assert phone.post("/api/passkeys/signin", json={"credential": again}).status_code == 400


def test_a_stale_challenge_and_anothers_registration_challenge_fail(
        server: RunningServer) -> None:
    with server.http() as ana, server.http() as bea:
        ana.get("/api/me")
        bea.get("/api/me")
        options = ana.post("/api/me/passkeys/options").json()["publicKey"]
        key = SoftKey(server.url)
        stolen = bea.post("/api/me/passkeys", json={"credential": key.create(options)})
        assert stolen.status_code == 400  # Ana's challenge is not Bea's
        options = ana.post("/api/me/passkeys/options").json()["publicKey"]
        server.lobby.services.writer.read(lambda db: (db.execute(text(
            "UPDATE passkey_challenges SET expires_at = :past"),
            {"past": "2000-01-01 00:00:00+00:00"}), db.commit()))
        stale = ana.post("/api/me/passkeys", json={"credential": key.create(options)})
        assert stale.status_code == 400
    assert count(server, "SELECT count(*) FROM passkeys") == 0


def test_passkey_sign_in_is_rate_limited_per_address(server: RunningServer) -> None:
    with server.http() as guesser:
        codes = [guesser.post("/api/passkeys/options").status_code for _ in range(21)]
    assert codes[:20] == [200] * 20 and codes[20] == 429


def test_signing_in_sets_no_cookie_when_it_fails(server: RunningServer) -> None:
    with server.http() as device:
        refused = device.post("/api/passkeys/signin", json={"credential": {}})
        assert refused.status_code == 400
        assert COOKIE not in device.cookies
    assert count(server, "SELECT count(*) FROM players") == 0


def test_a_merged_players_passkeys_sign_in_the_player_it_joined(server: RunningServer) -> None:
    """A device whose own player has a passkey signs in with a link: the passkey now signs in
    the link's player (nothing is left pointing at the merged one)."""
    with server.http() as phone, server.http() as laptop, server.http() as third:
        player = phone.get("/api/me").json()["id"]
        laptop.get("/api/me")
        key = register(server, laptop)  # the laptop's own player's passkey
        laptop.post("/api/me/passkeys/options")  # a pending challenge of that player
        link = phone.post("/api/me/link").json()["link"]
        merged = laptop.post("/api/signin", json={"secret": link.split("#", 1)[1]})
        assert merged.status_code == 200, merged.text
        signed = sign_in(third, key)
        assert signed.status_code == 200 and signed.json()["id"] == player
