"""The gate every change request passes before its body is read: the join code first, then the body's size and type.

A phone without the code, or one sending 200 MB, is refused without the server parsing (or even buffering) a
byte of what it sent.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion_api.access import READ_ONLY, CodeGuard, given_code
from companion_api.errors import ApiError, error_response

MAX_BODY = 1_000_000
CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
TOO_BIG = "the request body is over the 1 MB limit"


class Gate:
    """ASGI middleware: requests that change something need the join code and a JSON body of at most 1 MB."""

    def __init__(self, app: ASGIApp, guard: CodeGuard, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.guard = guard
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in CHANGES or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        try:
            if not self.guard.check(client_of(request), given_code(request)):
                raise ApiError(403, READ_ONLY)
            body = await self._body(request, receive)
        except ApiError as exc:
            await error_response(exc.status, exc.detail, exc.headers)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # after the body, only the disconnect is left to wait for
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _body(self, request: Request, receive: Receive) -> bytes:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body:
            raise ApiError(413, TOO_BIG)
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                raise ApiError(400, "the client went away")
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


def client_of(request: Request) -> str:
    """Who is asking, for counting wrong codes: the peer's address (a LAN has no proxies in between)."""
    return request.client.host if request.client else "unknown"
