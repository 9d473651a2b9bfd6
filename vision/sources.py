"""Frame sources behind one interface: an iterator of `Frame(image, t_seconds, index)`.

A webcam index, a network stream URL (a phone as a webcam: MJPEG or RTSP) or a video file. Files are read as
fast as possible with timestamps from the file; live sources are timestamped on arrival and reopened (with
bounded retries) when they drop out, so the game state held by the caller survives a loose USB cable.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

import cv2
import numpy as np


class SourceError(RuntimeError):
    """A source that cannot be opened or was lost for good, worded for the user."""


@dataclass(frozen=True)
class Frame:
    image: np.ndarray
    t_seconds: float
    index: int


@dataclass(frozen=True)
class CameraSettings:
    width: int | None = 1280
    height: int | None = 720
    fps: float | None = 30.0
    lock_exposure: bool = True
    lock_white_balance: bool = True


def describe(spec: str | int) -> str:
    kind = classify(spec)
    return {"camera": f"camera {spec}", "url": f"stream {spec}", "file": f"video file {spec}"}[kind]


def classify(spec: str | int) -> str:
    """camera (an integer), url (has a scheme) or file."""
    if isinstance(spec, int) or (isinstance(spec, str) and spec.strip().isdigit()):
        return "camera"
    if "://" in str(spec):
        return "url"
    return "file"


def _apply_camera_settings(cap: cv2.VideoCapture, s: CameraSettings) -> None:
    """Best effort: drivers ignore what they do not support, and that is fine."""
    if s.width and s.height:
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, s.width)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, s.height)
    if s.fps:
        cap.set(cv2.CAP_PROP_FPS, s.fps)
    # Let auto-exposure and auto white balance settle, then freeze them so that a hand entering the view
    # does not change the brightness of the cards (which would look like motion and spoil recognition).
    for _ in range(5):
        cap.read()
    if s.lock_exposure:
        exposure = cap.get(cv2.CAP_PROP_EXPOSURE)
        cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, 1)  # V4L2: 1 = manual
        if exposure:
            cap.set(cv2.CAP_PROP_EXPOSURE, exposure)
    if s.lock_white_balance:
        temperature = cap.get(cv2.CAP_PROP_WB_TEMPERATURE)
        cap.set(cv2.CAP_PROP_AUTO_WB, 0)
        if temperature:
            cap.set(cv2.CAP_PROP_WB_TEMPERATURE, temperature)


def _open(spec: str | int, settings: CameraSettings) -> cv2.VideoCapture:
    kind = classify(spec)
    if kind == "file":
        path = Path(str(spec))
        if not path.exists():
            raise SourceError(f"video file {path} does not exist")
        if not path.is_file():
            raise SourceError(f"{path} is not a file")
        cap = cv2.VideoCapture(str(path))
    elif kind == "camera":
        cap = cv2.VideoCapture(int(spec))
    else:
        cap = cv2.VideoCapture(str(spec))
    if not cap.isOpened():
        cap.release()
        hint = {"camera": " (is it plugged in, and not used by another program?)",
                "url": " (is the phone app streaming, on the same Wi-Fi, and the address right?)",
                "file": " (not a video OpenCV can read)"}[kind]
        raise SourceError(f"cannot open {describe(spec)}{hint}")
    if kind == "camera":
        _apply_camera_settings(cap, settings)
    return cap


class VideoSource:
    """Iterate frames; `reopen_tries` bounded reconnections for live sources, none for files."""

    def __init__(self, spec: str | int, settings: CameraSettings | None = None, reopen_tries: int = 5,
                 reopen_wait_s: float = 1.0, opener: Callable[[str | int, CameraSettings], cv2.VideoCapture] = _open,
                 on_reopen: Callable[[int], None] | None = None) -> None:
        self.spec = spec
        self.kind = classify(spec)
        self.settings = settings or CameraSettings()
        self.reopen_tries = reopen_tries
        self.reopen_wait_s = reopen_wait_s
        self._opener = opener
        self._on_reopen = on_reopen
        self._cap = opener(spec, self.settings)
        fps = self._cap.get(cv2.CAP_PROP_FPS)
        self.fps = float(fps) if fps and fps > 0 and np.isfinite(fps) else 30.0
        self.reopens = 0

    def close(self) -> None:
        self._cap.release()

    def __iter__(self) -> Iterator[Frame]:
        index = 0
        start = time.monotonic()
        try:
            while True:
                ok, image = self._cap.read()
                if not ok or image is None:
                    if self.kind == "file":
                        if index == 0:
                            raise SourceError(f"video file {self.spec} holds no readable frame")
                        return
                    self._reopen()
                    continue
                if self.kind == "file":
                    t = index / self.fps
                else:
                    t = time.monotonic() - start
                yield Frame(image, t, index)
                index += 1
        finally:
            self.close()

    def _reopen(self) -> None:
        """A live source dropped out: retry a bounded number of times, then give up with a clear message."""
        self._cap.release()
        for attempt in range(1, self.reopen_tries + 1):
            time.sleep(self.reopen_wait_s)
            try:
                self._cap = self._opener(self.spec, self.settings)
            except SourceError:
                continue
            self.reopens += 1
            if self._on_reopen:
                self._on_reopen(attempt)
            return
        raise SourceError(f"lost {describe(self.spec)} and could not reopen it after {self.reopen_tries} tries")


def open_source(spec: str | int, settings: CameraSettings | None = None, **kwargs) -> VideoSource:
    return VideoSource(spec, settings, **kwargs)
