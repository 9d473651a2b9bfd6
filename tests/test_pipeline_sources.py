"""Frame sources: a video file read with its own timestamps, clear errors, a dropped camera reopened."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.sources import CameraSettings, SourceError, VideoSource, classify, open_source


def _video(path, n: int = 12, fps: float = 25.0) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, (160, 120))
    for i in range(n):
        frame = np.full((120, 160, 3), 20 * i % 255, np.uint8)
        writer.write(frame)
    writer.release()


def test_file_frames_come_with_file_timestamps(tmp_path) -> None:
    path = tmp_path / "clip.mp4"
    _video(path)
    frames = list(open_source(str(path)))
    assert [f.index for f in frames] == list(range(12))
    assert frames[5].t_seconds == pytest.approx(5 / 25.0)
    assert frames[0].image.shape == (120, 160, 3)


def test_classify_sources() -> None:
    assert classify(0) == classify("1") == "camera"
    assert classify("http://192.168.1.20:8080/video") == "url"
    assert classify("rtsp://phone/stream") == "url"
    assert classify("games/deal.mp4") == "file"


def test_unreadable_sources_say_why(tmp_path) -> None:
    with pytest.raises(SourceError, match="does not exist"):
        open_source(str(tmp_path / "none.mp4"))
    junk = tmp_path / "junk.mp4"
    junk.write_bytes(b"this is not a video")
    with pytest.raises(SourceError, match="cannot open video file"):
        list(open_source(str(junk)))
    with pytest.raises(SourceError, match="is not a file"):
        open_source(str(tmp_path))


class _FlakyCapture:
    """A camera that gives `n` frames and then drops out (read fails)."""

    def __init__(self, n: int, start: int) -> None:
        self.left, self.value = n, start

    def read(self):
        if self.left <= 0:
            return False, None
        self.left -= 1
        self.value += 1
        return True, np.full((4, 4, 3), self.value, np.uint8)

    def get(self, prop: int) -> float:
        return 30.0

    def release(self) -> None:
        self.left = 0


def test_dropped_camera_is_reopened_and_frames_continue() -> None:
    opens: list[int] = []

    def opener(spec, settings):
        opens.append(1)
        if len(opens) == 2:
            raise SourceError("cannot open camera 0")  # first retry fails, second works
        return _FlakyCapture(3, start=10 * len(opens))

    reopened: list[int] = []
    src = VideoSource(0, CameraSettings(), reopen_tries=3, reopen_wait_s=0.0, opener=opener, on_reopen=reopened.append)
    frames = []
    for frame in src:
        frames.append(frame)
        if len(frames) == 5:
            break
    assert [int(f.image[0, 0, 0]) for f in frames] == [11, 12, 13, 31, 32]
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]  # the count goes on: the game state is not reset
    assert reopened == [2]


def test_camera_lost_for_good_gives_a_clear_error() -> None:
    def opener(spec, settings):
        if opener.calls:
            raise SourceError("cannot open camera 0")
        opener.calls += 1
        return _FlakyCapture(2, 0)

    opener.calls = 0
    src = VideoSource(0, reopen_tries=2, reopen_wait_s=0.0, opener=opener)
    with pytest.raises(SourceError, match="lost camera 0 and could not reopen it after 2 tries"):
        list(src)
