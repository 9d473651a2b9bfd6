"""The table: read the state and the rules; set up a game; play by taps; feed observations; correct."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Depends, Request

from companion_api.access import require_join_code
from companion_api.feed import __doc__ as FEED_DOC
from companion_api.gate import client_of
from companion_api.routers.deps import CHANGE_ERRORS, service
from companion_api.schemas import (
    Access,
    AnswerRequest,
    BoxRequest,
    CorrectionRequest,
    ErrorOut,
    GameCreate,
    RowId,
    GameSummary,
    PassRequest,
    PlayRequest,
    RuleSetOut,
    ShowdownRequest,
    StateView,
)
from companion_api.service import TableService

router = APIRouter(prefix="/api")
changes = APIRouter(prefix="/api", dependencies=[Depends(require_join_code)], responses=CHANGE_ERRORS)
OBSERVATIONS_DOC = (FEED_DOC or "").split("Sources:")[0]


@router.get("/state", response_model=StateView, tags=["read"])
async def state(svc: TableService = Depends(service)) -> dict[str, Any]:
    """The whole table as the page shows it (the WebSocket `/ws` pushes the same object on every change)."""
    return svc.view()


@router.get("/access", response_model=Access, tags=["read"], responses={429: {"model": ErrorOut}})
async def access(request: Request, code: str | None = None) -> Access:
    """Whether `code` is the table's join code, i.e. whether this page may change anything (429 after too many
    wrong codes from this device)."""
    if request.app.state.guard.check(client_of(request), code):
        return Access(can_edit=True, message="join code accepted")
    return Access(can_edit=False, message="read-only: open the link from the QR code to change anything")


@router.get("/rules", response_model=list[RuleSetOut], tags=["read"])
async def rules(svc: TableService = Depends(service)) -> list[dict[str, Any]]:
    """Every rule set with its options in plain words, for the setup form."""
    return svc.rules_catalogue()


@router.get("/games", response_model=list[GameSummary], tags=["read"])
async def games(svc: TableService = Depends(service)) -> list[dict[str, Any]]:
    """Every game stored on this machine, newest first."""
    return svc.store.list_games()


@changes.post("/games", response_model=StateView, status_code=201, tags=["setup"])
async def new_game(body: GameCreate, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Start a new game (the current one is kept in the database) and deal its first deal."""
    return await svc.new_game(body)


@changes.post("/deals", response_model=StateView, tags=["play"])
async def next_deal(svc: TableService = Depends(service)) -> dict[str, Any]:
    """Ante and deal the next deal once the last one is settled."""
    return await svc.next_deal()


@changes.post("/play", response_model=StateView, tags=["play"])
async def play(body: PlayRequest, svc: TableService = Depends(service)) -> dict[str, Any]:
    """A card laid on the pile (by default by the player whose turn it is). Illegal plays are refused (409)."""
    return await svc.play(body.card, body.player, call=body.call)


@changes.post("/pass", response_model=StateView, tags=["play"])
async def pass_(body: PassRequest | None = Body(None), svc: TableService = Depends(service)) -> dict[str, Any]:
    """A player passes (or, right after playing, stops)."""
    return await svc.pass_(body.player if body else None)


@changes.post("/call", response_model=StateView, tags=["play"])
async def call(body: BoxRequest, svc: TableService = Depends(service)) -> dict[str, Any]:
    """The honour just laid is announced ("Dame qui prend !"): its player takes the box."""
    return await svc.call(body.box, body.player)


@changes.post("/sweep", response_model=StateView, tags=["play"])
async def sweep(body: BoxRequest, svc: TableService = Depends(service)) -> dict[str, Any]:
    """A box was emptied on the table (as the camera reports it)."""
    return await svc.sweep(body.box, body.player)


@changes.post("/showdown", response_model=StateView, tags=["play"])
async def showdown(body: ShowdownRequest, svc: TableService = Depends(service)) -> dict[str, Any]:
    """The losers' remaining cards; the deal is then settled."""
    return await svc.showdown(body.hands)


@changes.post("/undo", response_model=StateView, tags=["corrections"])
async def undo(svc: TableService = Depends(service)) -> dict[str, Any]:
    """Undo the last play, pass, call or sweep of the current deal (kept as a correction)."""
    return await svc.undo()


@changes.post("/corrections", response_model=StateView, tags=["corrections"])
async def correct(body: CorrectionRequest, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Fix an earlier event (wrong card, wrong player) or delete it; kept as a future training label."""
    return await svc.correct(body)


@changes.post("/questions/{question_id}", response_model=StateView, tags=["corrections"])
async def answer(question_id: RowId, body: AnswerRequest, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Answer "who played the 7♥?" (or dismiss it with `player: null`)."""
    return await svc.answer(question_id, body.player)


@changes.post("/observations", response_model=StateView, tags=["feed"],
             description="Feed one observation of the camera pipeline, as a live source would.\n\n" + OBSERVATIONS_DOC)
async def observe(observation: dict[str, Any] = Body(examples=[{"type": "card_played", "card": "7H",
                                                                 "player": None, "candidates": ["Bruno", "Chloé"],
                                                                 "confidence": 0.62}]),
                  svc: TableService = Depends(service)) -> dict[str, Any]:
    """Feed one observation (see the description)."""
    return await svc.observe_json(observation, source="api")
