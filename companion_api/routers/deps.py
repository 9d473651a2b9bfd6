"""Shared route dependencies: the table service of the running app, and the errors any change may answer."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from companion_api.schemas import ErrorOut
from companion_api.service import TableService

CHANGE_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut} for code in (403, 404, 409, 413, 415, 422, 429)
}
"""403 no join code, 404 no such thing, 409 not now, 413 body over 1 MB, 415 not JSON, 422 bad input, 429 wait."""


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc
