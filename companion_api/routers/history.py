"""Taking a step back: resume a game a new one replaced, revert a correction, correct the hands shown."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from companion_api.access import require_join_code
from companion_api.routers.deps import CHANGE_ERRORS, service
from companion_api.schemas import EventIndex, RowId, ShowdownRequest, StateView
from companion_api.service import TableService

router = APIRouter(prefix="/api", responses=CHANGE_ERRORS, dependencies=[Depends(require_join_code)],
                   tags=["history"])


@router.post("/games/{game_id}/resume", response_model=StateView)
async def resume_game(game_id: RowId, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Make a stored game the table's game again, where it was left (the running one is kept in the database)."""
    return await svc.resume_game(game_id)


@router.post("/corrections/{index}/revert", response_model=StateView)
async def revert_correction(index: EventIndex, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Take back the correction at event `index`: the corrected event is put back as it was before it."""
    return await svc.revert_correction(index)


@router.post("/showdown/correct", response_model=StateView)
async def correct_showdown(body: ShowdownRequest, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Change the cards a player showed at the end of this deal (only the players given); the deal is settled
    again from the corrected hands."""
    return await svc.correct_showdown(body.hands)
