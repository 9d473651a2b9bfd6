"""`/ws`: the page's live feed. The full state on connect, then again on every change (the page never polls)."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from companion_api.service import TableService

router = APIRouter()


@router.websocket("/ws")
async def live_state(websocket: WebSocket) -> None:
    service: TableService = websocket.app.state.service
    await websocket.accept()
    mailbox = service.hub.subscribe()
    receiver = asyncio.create_task(_drain(websocket))
    try:
        await websocket.send_json(service.view())
        while not receiver.done():
            getter = asyncio.create_task(mailbox.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if getter in done:
                await websocket.send_json(getter.result())
            else:
                getter.cancel()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        service.hub.unsubscribe(mailbox)
        receiver.cancel()


async def _drain(websocket: WebSocket) -> None:
    """The page sends nothing; reading still notices when it goes away."""
    try:
        while True:
            await websocket.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        return
