"""Camera: the annotated live view (MJPEG), a still for calibration, and the calibration zones (calib.json)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import ValidationError

from companion_api import calibration
from companion_api.access import require_join_code
from companion_api.errors import ApiError
from companion_api.frames import FrameBuffer
from companion_api.routers.deps import CHANGE_ERRORS
from companion_api.schemas import Calibration, CalibrationSaved, ErrorOut

router = APIRouter(prefix="/api", tags=["camera"], responses={404: {"model": ErrorOut}})
BOUNDARY = "nainjauneframe"
NO_CAMERA = "no camera picture: start the server with --camera N or --source URL"


def _frames(request: Request) -> FrameBuffer:
    frames: FrameBuffer = request.app.state.service.frames
    return frames


@router.get("/camera.jpg", response_class=Response, responses={200: {"content": {"image/jpeg": {}}}})
async def snapshot(request: Request) -> Response:
    """The latest camera frame (for tap-to-place calibration)."""
    _, jpeg = _frames(request).latest()
    if jpeg is None:
        raise ApiError(404, NO_CAMERA)
    return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "no-store"})


@router.get("/camera.mjpg", response_class=StreamingResponse,
            responses={200: {"content": {"multipart/x-mixed-replace": {}}}})
async def mjpeg(request: Request) -> StreamingResponse:
    """The annotated live view as MJPEG (an `<img>` shows it without any script)."""
    frames = _frames(request)
    if not frames.active:
        raise ApiError(404, NO_CAMERA)

    async def stream() -> AsyncIterator[bytes]:
        number = 0
        while not await request.is_disconnected():
            number, jpeg = await frames.next_after(number)
            if jpeg is not None:
                yield (f"--{BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: {len(jpeg)}\r\n\r\n"
                       .encode() + jpeg + b"\r\n")

    return StreamingResponse(stream(), media_type=f"multipart/x-mixed-replace; boundary={BOUNDARY}")


@router.get("/calibration", response_model=CalibrationSaved, responses={409: {"model": ErrorOut}})
async def get_calibration(request: Request) -> dict[str, Any]:
    """The saved zones and the view they give (404 until some are saved; 409 when the file on disk is not a
    calibration)."""
    from vision.calibration import CalibrationError

    path = request.app.state.settings.calibration_path
    if not path.is_file():
        raise ApiError(404, "no calibration saved yet")
    try:
        saved = Calibration.model_validate_json(path.read_bytes()).model_dump(mode="json", exclude_none=True)
        return {**saved, "view": calibration.view_of(saved)}
    except (OSError, ValidationError, CalibrationError) as exc:
        reason = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
        raise ApiError(409, f"the saved calibration cannot be read ({reason}); save a new one") from None


@router.put("/calibration", response_model=CalibrationSaved, dependencies=[Depends(require_join_code)],
            responses=CHANGE_ERRORS)
async def put_calibration(body: Calibration, request: Request) -> dict[str, Any]:
    """Save the zones tapped on the phone as calib.json, once the reader of `nainjaune watch --calibration` has
    accepted them, with a seat for each player of the game on the table (a zone with no area, a missing seat, a
    board that is not 4 corners in turn, is refused here rather than when the camera starts); the answer says
    whether they give a top-down view."""
    from vision.calibration import CalibrationError

    table = request.app.state.service.table
    try:
        saved = calibration.save(request.app.state.settings.calibration_path,
                                 body.model_dump(mode="json", exclude_none=True),
                                 None if table is None else table.setup.players)
    except CalibrationError as exc:
        raise ApiError(422, str(exc)) from None
    request.app.state.service.changed()
    return saved
