"""Shared route dependencies: the table service of the running app."""

from __future__ import annotations

from fastapi import Request

from companion_api.service import TableService


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc
