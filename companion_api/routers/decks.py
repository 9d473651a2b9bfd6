"""Decks: the enrolled ones, and enrolling one from the phone (a pass of the pack through the pile zone)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends
from fastapi.responses import Response

from companion_api.access import require_join_code
from companion_api.decks import deck_list
from companion_api.routers.deps import CHANGE_ERRORS, service
from companion_api.schemas import DeckOut, EnrolmentStart, EnrolmentView, ErrorOut, EventIndex, SightingFix
from companion_api.service import TableService

router = APIRouter(prefix="/api", tags=["decks"])
changes = APIRouter(prefix="/api", dependencies=[Depends(require_join_code)], responses=CHANGE_ERRORS,
                    tags=["decks"])


@router.get("/decks", response_model=list[DeckOut])
async def decks(svc: TableService = Depends(service)) -> list[dict[str, Any]]:
    """The enrolled decks (`default`: the last one a game used, the set-up's default)."""
    return deck_list(svc.deck_store())


@router.get("/enrolment", response_model=EnrolmentView, responses={404: {"model": ErrorOut}})
async def enrolment(svc: TableService = Depends(service)) -> dict[str, Any]:
    """The pass being read: each card as read, with its confidence, what to check, the cards not seen yet."""
    return svc.enrolments.view()


@router.get("/enrolment/pictures/{index}.jpg", response_class=Response, responses={
    200: {"content": {"image/jpeg": {}}}, 404: {"model": ErrorOut}, 422: {"model": ErrorOut}})
async def sighting_picture(index: EventIndex, svc: TableService = Depends(service)) -> Response:
    """The card as the camera saw it, upright: what the user looks at to fix a read."""
    return Response(svc.enrolments.picture(index), media_type="image/jpeg", headers={"Cache-Control": "no-store"})


@changes.post("/enrolment", response_model=EnrolmentView, status_code=201)
async def start_enrolment(body: EnrolmentStart, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Start watching the pile for a pass of the pack: deal it face up onto the pile, one card at a time."""
    return svc.enrolments.start(body.name, body.pack)


@changes.put("/enrolment/sightings/{index}", response_model=EnrolmentView)
async def fix_sighting(index: EventIndex, body: SightingFix, svc: TableService = Depends(service)) -> dict[str, Any]:
    """Say which card sighting `index` really is (one tap on an unsure read)."""
    return svc.enrolments.fix(index, body.card)


@changes.post("/enrolment/stop", response_model=EnrolmentView)
async def stop_enrolment(svc: TableService = Depends(service)) -> dict[str, Any]:
    """The whole pack has been dealt: stop watching (a video source also stops at its end)."""
    return await _off_loop(svc.enrolments.stop)


@changes.post("/enrolment/save", response_model=EnrolmentView)
async def save_enrolment(svc: TableService = Depends(service)) -> dict[str, Any]:
    """Store the cards read surely and once (or fixed) in the deck; the others are left out and listed."""
    return await _off_loop(svc.enrolments.save)


@changes.delete("/enrolment", status_code=204, response_class=Response)
async def cancel_enrolment(svc: TableService = Depends(service)) -> Response:
    """Forget the pass without storing anything."""
    await _off_loop(svc.enrolments.cancel)
    return Response(status_code=204)


async def _off_loop(call: Any) -> Any:
    """Waiting for the pass's thread and writing crops take a moment: not on the event loop."""
    return await asyncio.to_thread(call)
