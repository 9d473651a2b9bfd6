"""`create_app(settings)`: the FastAPI application — thin routers over `TableService`, the page, the WebSocket."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from companion_api.access import CodeGuard
from companion_api.errors import ApiError, ErrorResponse, error_response
from companion_api.gate import Gate, allowed_methods
from companion_api.routers import camera, decks, export, history, live, table, taps
from companion_api.service import TableService
from companion_api.settings import Settings
from companion_api.store import Store

STATIC_DIR = resources.files("companion_api") / "static"
log = logging.getLogger("nainjaune.companion")


def create_app(settings: Settings) -> FastAPI:
    """One app per table. The store opens here; the observation feed (if any) runs for the app's lifetime."""
    store = Store(settings.db_path)
    service = TableService(store, settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await service.start()
        try:
            yield
        finally:
            await service.stop()
            store.close()

    app = FastAPI(
        title="Nain Jaune companion",
        version="1.0",
        description="Runs a game of Nain Jaune fed by the camera pipeline, by taps, or by a replayed file. "
        "Reads are open to the table's Wi-Fi; every change needs the table's join code "
        "(header `X-Join-Code` or query `code`).",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.join_code = settings.join_code or store.join_code()
    app.state.guard = CodeGuard(app.state.join_code)
    app.state.settings = settings
    app.add_middleware(Gate, guard=app.state.guard)

    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> ErrorResponse:
        return error_response(exc.status, exc.detail, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> ErrorResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path", "header"))
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return error_response(422, "; ".join(parts) or "invalid request")

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> ErrorResponse:
        if exc.status_code == 400:  # FastAPI's only 400: a body json.loads could not take (nested too deep...)
            return error_response(422, "the body is not valid JSON")
        headers = exc.headers
        if exc.status_code == 405:
            headers = {"Allow": ", ".join(allowed_methods(app, request.url.path))}
        return error_response(exc.status_code, str(exc.detail), headers)

    @app.exception_handler(Exception)
    async def _fault(request: Request, exc: Exception) -> ErrorResponse:
        log.error("%s %s failed: %r", request.method, request.url.path, exc)
        return error_response(500, "internal error: the server could not answer this (it is in the server's log)")

    for router in (table.router, table.changes, taps.router, history.router, export.router, camera.router,
                   live.router, decks.router, decks.changes):
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(str(STATIC_DIR / "index.html"))

    app.mount("/static", StaticFiles(directory=str(STATIC_DIR)), name="static")
    return app
