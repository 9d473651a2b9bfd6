"""The latest annotated camera frame, shared between the pipeline thread and the MJPEG clients."""

from __future__ import annotations

import asyncio
import threading
from typing import Any


class FrameBuffer:
    """Holds one JPEG; the camera pipeline puts frames, the MJPEG endpoint waits for the next one."""

    def __init__(self) -> None:
        self._jpeg: bytes | None = None
        self._number = 0
        self._lock = threading.Lock()

    @property
    def active(self) -> bool:
        return self._jpeg is not None

    def put_jpeg(self, jpeg: bytes) -> None:
        with self._lock:
            self._jpeg = jpeg
            self._number += 1

    def put_image(self, image: Any) -> None:
        """A BGR image (numpy) from the pipeline, encoded once here rather than once per client."""
        import cv2

        ok, buffer = cv2.imencode(".jpg", image, [int(cv2.IMWRITE_JPEG_QUALITY), 70])
        if ok:
            self.put_jpeg(buffer.tobytes())

    def latest(self) -> tuple[int, bytes | None]:
        with self._lock:
            return self._number, self._jpeg

    async def next_after(self, number: int, poll_s: float = 0.05) -> tuple[int, bytes | None]:
        """Wait (briefly sleeping, the producer is another thread) for a frame newer than `number`."""
        while True:
            current, jpeg = self.latest()
            if current != number:
                return current, jpeg
            await asyncio.sleep(poll_s)
