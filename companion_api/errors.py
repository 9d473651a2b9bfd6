"""Errors the API reports as a clear 4xx `{"detail": "..."}` instead of a 500."""

from __future__ import annotations

import json

from starlette.responses import JSONResponse


class ApiError(Exception):
    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers


class ErrorResponse(JSONResponse):
    """`{"detail": ...}` in ASCII: a message quoting the client's own bad text (a lone surrogate...) still encodes."""

    def render(self, content: object) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def error_response(status: int, detail: str, headers: dict[str, str] | None = None) -> ErrorResponse:
    return ErrorResponse({"detail": detail}, status_code=status, headers=headers)
