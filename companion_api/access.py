"""The table's join code: anyone on the Wi-Fi may watch, only holders of the code (from the QR link) may change."""

from __future__ import annotations

import hmac

from fastapi import Header, Query, Request

from companion_api.errors import ApiError

JOIN_HEADER = "X-Join-Code"


def code_matches(expected: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(expected.upper(), given.strip().upper())


def require_join_code(
    request: Request,
    x_join_code: str | None = Header(None, description="the table's join code (from the QR link)"),
    code: str | None = Query(None, description="the table's join code, when a header cannot be set"),
) -> None:
    """Dependency for every endpoint that changes something."""
    expected: str = request.app.state.join_code
    if not code_matches(expected, x_join_code or code):
        raise ApiError(403, "this page is read-only: open the link from the QR code (it carries the join code)")
