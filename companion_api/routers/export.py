"""Exports of a stored game: its events as JSON, its ledger as CSV."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse, Response

from companion_api.routers.deps import service
from companion_api.schemas import ErrorOut, RowId
from companion_api.service import TableService

router = APIRouter(prefix="/api/games", tags=["export"], responses={code: {"model": ErrorOut} for code in (404, 422)})


@router.get("/{game_id}/export.json")
async def export_json(game_id: RowId, svc: TableService = Depends(service)) -> JSONResponse:
    """Set-up, every event (engine format), corrections, settlements: enough to replay the game elsewhere."""
    data: dict[str, Any] = svc.export_game(game_id)
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="nainjaune-{game_id}.json"'})


@router.get("/{game_id}/ledger.csv", response_class=Response,
            responses={200: {"content": {"text/csv": {}}, "description": "deal_no,holder,kind,chips"}})
async def ledger_csv(game_id: RowId, svc: TableService = Depends(service)) -> Response:
    """Chips of every player and box after each deal (deal 0 = the start)."""
    return Response(svc.ledger_csv(game_id), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="nainjaune-{game_id}-ledger.csv"'})
