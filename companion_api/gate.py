"""The gate every change request passes before its body is read: the join code first, then the body's size and type.

A phone without the code is refused before a byte of its body is read; one sending 200 MB, once 1 MB has come in
(at once when it says so in `Content-Length`). Nothing is parsed until the gate lets it through.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion_api.access import READ_ONLY, CodeGuard, given_code
from companion_api.errors import ApiError, error_response

MAX_BODY = 1_000_000
CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})  # of the routes that take them: all need the code
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
TOO_BIG = "the request body is over the 1 MB limit"


class Gate:
    """ASGI middleware: requests that change something need the join code and a JSON body of at most 1 MB."""

    def __init__(self, app: ASGIApp, guard: CodeGuard, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.guard = guard
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in CHANGES or \
                scope["method"] not in allowed_methods(scope["app"], scope["path"]):
            await self.app(scope, receive, send)  # reads, and what the router answers with 404 or 405
            return
        request = Request(scope)
        try:
            if not self.guard.check(client_of(request), given_code(request)):
                raise ApiError(403, READ_ONLY)
            body = await self._body(request, receive)
        except ApiError as exc:
            await error_response(exc.status, exc.detail, exc.headers)(scope, receive, send)
            return
        if body is None:
            return  # the client went away before sending it all: nobody to answer
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # after the body, only the disconnect is left to wait for
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _body(self, request: Request, receive: Receive) -> bytes | None:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            raise ApiError(413, TOO_BIG)
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                raise ApiError(413, TOO_BIG)
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if body.strip():
            media = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if media != "application/json" and not media.endswith("+json"):
                raise ApiError(415, f"the body must be JSON (Content-Type: application/json), not {media or 'untyped'}")
            try:
                body.decode("utf-8")
            except UnicodeDecodeError:
                raise ApiError(422, "the body is not valid JSON: it is not UTF-8 text") from None
        return body


def allowed_methods(app: Any, path: str) -> list[str]:
    """Every method some route takes at `path` (Starlette's own 405 names only the first route's: GET for
    /api/games, which also takes POST)."""
    def takes(method: str) -> bool:
        scope = {"type": "http", "path": path, "root_path": "", "method": method}
        return any(route.matches(scope)[0] == Match.FULL for route in app.router.routes)

    return [m for m in METHODS if takes(m)]


def client_of(request: Request) -> str:
    """Who is asking, for counting wrong codes: the peer's address (a LAN has no proxies in between)."""
    return request.client.host if request.client else "unknown"
