"""Live push to every open page: each WebSocket gets the newest state, never a backlog.

A slow phone must not hold up the writer, so each client has a one-slot mailbox: a newer state replaces an
unsent older one (the state is complete, so skipping one loses nothing).
"""

from __future__ import annotations

import asyncio
from typing import Any


class Hub:
    def __init__(self) -> None:
        self._mailboxes: set[asyncio.Queue[dict[str, Any]]] = set()

    def subscribe(self) -> asyncio.Queue[dict[str, Any]]:
        box: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=1)
        self._mailboxes.add(box)
        return box

    def unsubscribe(self, box: asyncio.Queue[dict[str, Any]]) -> None:
        self._mailboxes.discard(box)

    @property
    def clients(self) -> int:
        return len(self._mailboxes)

    def publish(self, state: dict[str, Any]) -> None:
        for box in self._mailboxes:
            if box.full():
                box.get_nowait()
            box.put_nowait(state)
