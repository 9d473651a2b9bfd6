"""Errors the API reports as a clear 4xx `{"detail": "..."}` instead of a 500."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
