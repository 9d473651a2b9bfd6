"""`POST /api/taps/{action}`: a game's own taps (Nap: bid, tricks, trumps, floater, peek, widow, purchase)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Depends

from companion_api.access import require_join_code
from companion_api.routers.deps import CHANGE_ERRORS, service
from companion_api.schemas import StateView
from companion_api.service import TableService

router = APIRouter(prefix="/api", responses=CHANGE_ERRORS, dependencies=[Depends(require_join_code)])


@router.post("/taps/{action}", response_model=StateView, tags=["play"])
async def tap(action: str, body: dict[str, Any] = Body(default_factory=dict, examples=[{"bid": "nap"}]),
              svc: TableService = Depends(service)) -> dict[str, Any]:
    """One tap of the game being played, checked by that game: for Nap `bid` {bid, player?, with_floater?},
    `tricks` {count} (a quick table: the bidder's tricks instead of the cards), `trumps` {suit}, `floater`
    {discard?}, `peek` {player?}, `widow` {player?}, `purchase` {player, count}. Cards go to `/api/play`."""
    return await svc.tap(action, body)
