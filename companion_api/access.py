"""The table's join code: anyone on the Wi-Fi may watch, only holders of the code (from the QR link) may change.

Wrong codes are counted per client: after `FREE_TRIES` of them each further try waits twice as long as the last,
so guessing even a short code takes longer than a game night, while a typo costs nothing.
"""

from __future__ import annotations

import hmac
import math
import time
from collections.abc import Callable

from fastapi import Header, Query, Request

from companion_api.errors import ApiError

JOIN_HEADER = "X-Join-Code"
FREE_TRIES = 10
MAX_WAIT_S = 3600.0
MAX_CLIENTS = 4096
READ_ONLY = "this page is read-only: open the link from the QR code (it carries the join code)"


def code_matches(expected: str, given: str | None) -> bool:
    """Constant-time comparison that takes any text (a header or query may hold any character)."""
    if given is None:
        return False
    return hmac.compare_digest(expected.upper().encode("utf-8", "surrogatepass"),
                               given.strip().upper().encode("utf-8", "surrogatepass"))


class CodeGuard:
    """Checks join codes and slows down a client that keeps giving wrong ones."""

    def __init__(self, expected: str, *, free_tries: int = FREE_TRIES, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.expected = expected
        self.free_tries = free_tries
        self.clock = clock
        self._wrong: dict[str, int] = {}
        self._held_until: dict[str, float] = {}

    def check(self, client: str, given: str | None) -> bool:
        """Whether `given` is the code; a missing code is simply read-only. Raises 429 while `client` waits."""
        now = self.clock()
        held = self._held_until.get(client, 0.0) - now
        if held > 0:
            raise ApiError(429, f"too many wrong join codes from this device: wait {math.ceil(held)} s",
                           headers={"Retry-After": str(math.ceil(held))})
        if given is None:
            return False
        if code_matches(self.expected, given):
            self._wrong.pop(client, None)
            self._held_until.pop(client, None)
            return True
        if len(self._wrong) >= MAX_CLIENTS and client not in self._wrong:
            self._forget_idle(now)
        wrong = self._wrong[client] = self._wrong.get(client, 0) + 1
        if wrong >= self.free_tries:
            self._held_until[client] = now + min(MAX_WAIT_S, 2.0 ** (wrong - self.free_tries))
        return False

    def _forget_idle(self, now: float) -> None:
        """Keep memory bounded: drop the clients that are not waiting."""
        for client in [c for c in self._wrong if self._held_until.get(c, 0.0) <= now]:
            self._wrong.pop(client)
            self._held_until.pop(client, None)


def given_code(request: Request) -> str | None:
    """The code a request carries: the `X-Join-Code` header, else the `code` query parameter."""
    return request.headers.get(JOIN_HEADER) or request.query_params.get("code")


def require_join_code(
    request: Request,
    x_join_code: str | None = Header(None, description="the table's join code (from the QR link)"),
    code: str | None = Query(None, description="the table's join code, when a header cannot be set"),
) -> None:
    """Dependency for every endpoint that changes something (the gate already checked it before the body was
    read; this declares the parameters in the schema and checks again)."""
    if not code_matches(request.app.state.join_code, x_join_code or code):
        raise ApiError(403, READ_ONLY)
