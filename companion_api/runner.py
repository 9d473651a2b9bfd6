"""Feeds the table from its observation source: a recorded events.jsonl (replayed at its own pace) or the live
camera pipeline (`feed.vision_observations`, run in a thread). Problems are shown on the page, never raised."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion_api import feed
from companion_api.decks import DeckUnavailable, PileCrops, deck_reading
from companion_api.errors import ApiError
from companion_api.schemas import GameCreate
from companion_api.settings import Settings

if TYPE_CHECKING:
    from companion_api.service import TableService

log = logging.getLogger("nainjaune.companion")
DEMO_PAUSE_S = 8.0


def is_recording(source: str) -> bool:
    return source.endswith((".jsonl", ".json")) and "://" not in source


async def run_source(service: TableService, settings: Settings) -> None:
    source = str(settings.source)
    try:
        if is_recording(source):
            await _replay(service, Path(source), settings)
        elif settings.loop_demo:  # the bundled recorded deal, through the pipeline at its own pace
            from companion_api.demo import play_recorded_demo

            await play_recorded_demo(service, settings)
        else:
            await _live(service, source, settings)
    except feed.SourceUnavailable as exc:
        service.set_source(running=False, error=str(exc))
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # noqa: BLE001 - a broken source must not take the table down with it
        log.warning("observation source stopped: %s", exc)
        service.set_source(running=False, error=str(exc) or type(exc).__name__)


async def _wait_for_game(service: TableService) -> None:
    if service.table is None:
        service.set_source(error="set up a game on the page: the source starts feeding it then")
        while service.table is None:
            await asyncio.sleep(0.5)
        service.set_source(error=None)


async def _feed(service: TableService, observations: AsyncIterator[feed.Observation], source: str,
                crops: PileCrops | None = None) -> None:
    """`crops`: the pile pictures the pipeline read, each played card's kept with its event for corrections."""
    async for obs in observations:
        if isinstance(obs, feed.GameSetupSeen):
            await service.new_game(GameCreate(players=list(obs.players), dealer=obs.dealer, chips=obs.chips,
                                              rules=obs.rules, options=obs.options))
            continue
        await _wait_for_game(service)
        crop = crops.take(obs.card) if crops is not None and isinstance(obs, feed.CardPlayed) else None
        try:
            await service.observe(obs, source, crop)
        except ApiError as exc:
            service.feed_notices.append({"kind": "observation_refused", "message": exc.detail})
            service.changed()


async def _replay(service: TableService, path: Path, settings: Settings) -> None:
    observations = feed.read_jsonl(path)
    kind = "demo" if settings.loop_demo else "replay"
    while True:
        service.set_source(kind=kind, label=f"{kind}: {path.name}", running=True, error=None)
        await _feed(service, feed.paced(observations, settings.replay_speed), "replay")
        service.set_source(running=False)
        if not settings.loop_demo:
            return
        await asyncio.sleep(DEMO_PAUSE_S)


async def _thread_iter(iterator: Any) -> AsyncIterator[feed.Observation]:
    """Pull a blocking generator (the camera pipeline) from a worker thread, one observation at a time."""
    done = object()
    while True:
        item = await asyncio.to_thread(next, iterator, done)
        if item is done:
            return
        try:
            yield feed.parse_observation(item)
        except feed.ObservationError as exc:
            log.warning("ignored a malformed observation from the pipeline: %s", exc)


def _status_sink(service: TableService, loop: asyncio.AbstractEventLoop) -> Callable[[str], None]:
    """The pipeline's status lines (called from its thread) shown as the source's error on the event loop."""

    def status(message: str) -> None:
        loop.call_soon_threadsafe(lambda: service.set_source(error=message))

    return status


def _live_view(service: TableService, settings: Settings, loop: asyncio.AbstractEventLoop,
               max_fps: float = 5.0) -> Any:
    """Frames for the phone: at most `max_fps`, the calibrated zones drawn over them."""
    import cv2
    import numpy as np

    zones: list[Any] = []
    if settings.calibration_path.is_file():
        data = json.loads(settings.calibration_path.read_text(encoding="utf-8"))
        polygons = [data.get("pile", []), *data.get("boxes", {}).values(), *data.get("seats", {}).values()]
        zones = [np.array(p, dtype=np.int32).reshape(-1, 1, 2) for p in polygons if len(p) >= 3]
    last = 0.0

    def show(image: Any) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last < 1.0 / max_fps:
            return
        last = now
        if zones:
            image = cv2.polylines(image.copy(), zones, isClosed=True, color=(0, 194, 242), thickness=3)
        first = not service.frames.active
        service.frames.put_image(image)
        if first:  # the pages learn that a live view exists
            loop.call_soon_threadsafe(service.changed)

    return show


async def _live(service: TableService, source: str, settings: Settings) -> None:
    await _wait_for_game(service)
    table = service.table
    assert table is not None
    loop = asyncio.get_running_loop()
    calibration = settings.calibration_path if settings.calibration_path.is_file() else None
    readers, crops = await _deck_readers(service)
    iterator = await asyncio.to_thread(
        feed.vision_observations, source, calibration=calibration, players=table.setup.players,
        dealer=table.setup.dealer, chips=next(iter(table.setup.chips.values())), rules=table.setup.rules,
        options=table.options, on_frame=_live_view(service, settings, loop),
        on_status=_status_sink(service, loop), readers=readers)
    service.set_source(kind="camera", label=f"camera: {source}", running=True, error=None)
    await _feed(service, _thread_iter(iter(iterator)), "camera", crops)
    service.set_source(running=False, error="the camera source ended")


async def _deck_readers(service: TableService) -> tuple[dict[str, Any], PileCrops | None]:
    """The game's deck's readers (as `watch --deck` reads) and the pile pictures they keep; the shipped recogniser
    when the game has no deck or its deck cannot be loaded (said on the page)."""
    if service.deck is None:
        return {}, None
    crops = PileCrops()
    try:
        readers = await asyncio.to_thread(deck_reading, service.deck_store(), service.deck, crops)
    except DeckUnavailable as exc:
        service.set_source(error=f"{exc}: the shipped recogniser reads instead")
        return {}, None
    return readers, crops
