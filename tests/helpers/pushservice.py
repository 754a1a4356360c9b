"""A real Web Push service for the tests, on 127.0.0.1: it stands where Mozilla's or Google's
would, receives the server's push requests over HTTP, and checks them as one must:

- the VAPID header (RFC 8292) ``Authorization: vapid t=<JWT>, k=<key>``: the key is the
  server's public key (``/api/push/key``), and the JWT's ES256 signature verifies against it,
  with ``aud`` this service's origin and an ``exp`` in the future;
- the body (RFC 8291, ``Content-Encoding: aes128gcm``) decrypts with the browser's private key
  and auth secret, which only this helper holds (it plays the browser too: ``subscribe``).

Each endpoint answers as its ``mode`` says: ``ok`` (201), ``gone`` (410), ``missing`` (404), or
``stall`` (no answer until ``release``). What it received is on ``received`` (a thread-safe
queue; ``next`` waits for one, bounded).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import queue
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import http_ece
from aiohttp import web
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

WAIT = 20.0


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """One browser's subscription: the keys only it knows, and how its endpoint answers."""

    name: str
    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))
    mode: str = "ok"

    def subscription(self, **kinds: bool) -> dict[str, Any]:
        """The body of ``POST /api/push/subscription``, as the page sends it."""
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
                **({"kinds": kinds} if kinds else {})}


@dataclass
class Received:
    browser: str
    status: int
    message: dict[str, Any]
    claims: dict[str, Any]
    ttl: int


class PushService:
    """The service in a thread of its own (module docstring). ``server_key``: the server's
    VAPID public key (base64url), which every request must be signed by."""

    def __init__(self) -> None:
        self.server_key = ""
        self.browsers: dict[str, Browser] = {}
        self.received: queue.Queue[Received] = queue.Queue()
        self.problems: list[str] = []
        self.stalled = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._release: asyncio.Event | None = None
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, args=(sock,), daemon=True)
        self._thread.start()
        assert self._ready.wait(WAIT), "the push service did not start"

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def browser(self, name: str, mode: str = "ok") -> Browser:
        made = Browser(name, f"{self.origin}/push/{name}", mode=mode)
        self.browsers[name] = made
        return made

    def next(self) -> Received:
        """The next request received, or a failure after ``WAIT`` seconds."""
        try:
            return self.received.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no push request came; problems: {self.problems}") from None

    def release(self) -> None:
        """Let the stalled requests be answered (201)."""
        release = self._release
        assert release is not None
        self._loop.call_soon_threadsafe(release.set)

    def close(self) -> None:
        self.release()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(WAIT)

    def _serve(self, sock: socket.socket) -> None:
        asyncio.set_event_loop(self._loop)
        app = web.Application()
        app.router.add_post("/push/{name}", self._push)
        runner = web.AppRunner(app)
        self._loop.run_until_complete(runner.setup())
        self._loop.run_until_complete(web.SockSite(runner, sock).start())
        self._release = asyncio.Event()
        self._ready.set()
        self._loop.run_forever()
        self._loop.run_until_complete(runner.cleanup())

    async def _push(self, request: web.Request) -> web.Response:
        browser = self.browsers.get(request.match_info["name"])
        if browser is None:
            return web.Response(status=404)
        body = await request.read()
        try:
            claims = self._checked_vapid(request.headers.get("Authorization", ""))
            assert request.headers.get("Content-Encoding") == "aes128gcm", "not aes128gcm"
            plain = http_ece.decrypt(body, private_key=browser.key, auth_secret=browser.auth,
                                     version="aes128gcm")
            message = json.loads(plain)
        except (AssertionError, ValueError, KeyError, InvalidSignature) as error:
            self.problems.append(f"{browser.name}: {error!r}")
            return web.Response(status=400)
        if browser.mode == "stall":
            self.stalled.set()
            assert self._release is not None
            await self._release.wait()
        status = {"gone": 410, "missing": 404}.get(browser.mode, 201)
        self.received.put(Received(browser.name, status, message, claims,
                                   int(request.headers.get("TTL", "-1"))))
        return web.Response(status=status)

    def _checked_vapid(self, header: str) -> dict[str, Any]:
        """The JWT's claims, once its signature is checked against the server's key."""
        scheme, _, rest = header.partition(" ")
        assert scheme == "vapid", f"scheme {scheme!r}"
        parts = dict(item.strip().split("=", 1) for item in rest.split(","))
        assert parts["k"] == self.server_key, "signed with another key than the server's"
        head, payload, signature = parts["t"].split(".")
        raw = unb64(signature)
        assert len(raw) == 64, "ES256 signature is r||s, 64 bytes"
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(),
                                                              unb64(self.server_key))
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                           int.from_bytes(raw[32:], "big")),
                      f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
        assert json.loads(unb64(head))["alg"] == "ES256"
        claims: dict[str, Any] = json.loads(unb64(payload))
        assert claims["aud"] == self.origin, f"aud {claims['aud']!r}"
        assert claims["exp"] > time.time(), "expired"
        assert claims["sub"].startswith(("mailto:", "https://")), "no sub"
        return claims
