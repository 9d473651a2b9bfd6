"""Camera endpoints: the still and MJPEG view when a pipeline sends frames, and the tap-to-place calibration."""

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from companion_api.testing import EDIT, make_app, new_game_body

ZONES = {"pile": [[100, 100], [300, 100], [300, 250]],
         "boxes": {b: [[10 + 70 * i, 10], [60 + 70 * i, 10], [60 + 70 * i, 60]]
                   for i, b in enumerate(("10D", "JC", "QS", "KH", "7D"))},
         "seats": {"Anne": [[0, 300], [100, 300], [100, 360]]}, "image_size": [640, 360]}


def test_without_a_camera_the_views_say_so(client: TestClient) -> None:
    for path in ("/api/camera.jpg", "/api/camera.mjpg"):
        answer = client.get(path)
        assert answer.status_code == 404 and "--camera" in answer.json()["detail"]
    assert client.get("/api/state").json()["source"]["camera_view"] is False


def test_a_frame_from_the_pipeline_is_served_as_jpeg(client: TestClient) -> None:
    image = np.zeros((90, 160, 3), dtype=np.uint8)
    image[:, :80] = (0, 200, 255)
    client.app.state.service.frames.put_image(image)
    answer = client.get("/api/camera.jpg")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/jpeg"
    assert answer.content[:2] == b"\xff\xd8"
    assert client.get("/api/state").json()["source"]["camera_view"] is True
    with client.stream("GET", "/api/camera.mjpg") as stream:
        assert stream.headers["content-type"].startswith("multipart/x-mixed-replace")
        part = b""
        for chunk in stream.iter_bytes():
            part += chunk
            if b"\xff\xd9" in part:
                break
    assert part.startswith(b"--nainjauneframe\r\nContent-Type: image/jpeg") and b"\xff\xd8" in part


def test_calibration_is_saved_as_calib_json(client: TestClient, tmp_path: Path) -> None:
    assert client.get("/api/calibration").status_code == 404
    assert client.put("/api/calibration", json=ZONES).status_code == 403
    saved = client.put("/api/calibration", json=ZONES, headers=EDIT)
    assert saved.status_code == 200
    on_disk = json.loads((tmp_path / "calib.json").read_text())
    assert on_disk["pile"] == ZONES["pile"] and on_disk["boxes"]["QS"] == ZONES["boxes"]["QS"]
    assert client.get("/api/calibration").json()["seats"]["Anne"] == ZONES["seats"]["Anne"]
    assert client.get("/api/state").json()["calibrated"] is True


@pytest.mark.parametrize(("zones", "words"), [
    ({**ZONES, "pile": [[0, 0], [1, 1]]}, "at least 3"),
    ({**ZONES, "boxes": {"9C": [[0, 0], [1, 1], [2, 0]]}}, "boxes"),
    ({**ZONES, "seats": {"Anne": [[0, 0]]}}, "at least 3"),
    ({**ZONES, "pile": [[0, "x"], [1, 1], [2, 2]]}, "pile"),
])
def test_bad_zones_are_refused(client: TestClient, zones: dict, words: str) -> None:
    answer = client.put("/api/calibration", json=zones, headers=EDIT)
    assert answer.status_code == 422 and words in answer.json()["detail"]


def test_a_camera_source_feeds_the_game_and_the_live_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve --camera 0` with the pipeline replaced by a script: it waits for a game, then feeds it, with the
    house rules chosen at set-up (a stop tells the camera what a hand lacks only where one stops when unable)."""
    from companion_api import feed

    def fake_pipeline(source: str, *, on_frame: Any, **kwargs: Any) -> Iterator[dict]:
        assert source == "0" and kwargs["players"] == ("Anne", "Bruno", "Chloé") and kwargs["dealer"] == "Anne"
        assert kwargs["rules"] == "lindor" and kwargs["options"]["stop_at_will"] is False
        on_frame(np.full((90, 160, 3), 128, dtype=np.uint8))
        yield {"type": "card_played", "card": "AS", "player": "Bruno", "confidence": 0.93}
        yield {"type": "card_played", "card": "2D", "player": "Bruno", "confidence": 0.88}

    monkeypatch.setattr(feed, "vision_observations", fake_pipeline)
    with TestClient(make_app(tmp_path, source="0")) as client:
        assert "set up a game" in client.get("/api/state").json()["source"]["error"]
        client.post("/api/games", json=new_game_body(options={"stop_at_will": False}), headers=EDIT)
        deadline = time.monotonic() + 20
        state = client.get("/api/state").json()
        while state["source"]["running"] or len(state["game"]["played"]) < 2:
            assert time.monotonic() < deadline, state["source"]
            time.sleep(0.1)
            state = client.get("/api/state").json()
        assert client.get("/api/camera.jpg").status_code == 200
    assert state["source"]["kind"] == "camera" and state["source"]["camera_view"] is True
    assert state["game"]["played"] == ["AS", "2D"]
    assert state["game"]["last_play"]["confidence"] == 0.88
    assert {e["source"] for e in state["game"]["events"] if e["kind"] == "play"} == {"camera"}


BOARD = [[200, 120], [440, 120], [520, 300], [120, 300]]  # a board seen from a camera tilted towards the top
"""The board's corners in turn, as a user taps them on the picture of ZONES."""


def test_the_board_s_corners_and_size_are_saved_and_give_a_top_down_view(client: TestClient, tmp_path: Path) -> None:
    plain = client.put("/api/calibration", json=ZONES, headers=EDIT).json()
    assert plain["view"] == {"source": "file", "size": [640, 360], "from_board": False}  # boxes in no known layout
    saved = client.put("/api/calibration", json={**ZONES, "board": BOARD, "board_size": [40, 30]}, headers=EDIT)
    assert saved.status_code == 200, saved.json()
    view = saved.json()["view"]
    assert view["source"] == "plane" and view["from_board"] is True
    on_disk = json.loads((tmp_path / "calib.json").read_text())
    assert on_disk["board"] == BOARD and on_disk["board_size"] == [40, 30] and "view" not in on_disk
    again = client.get("/api/calibration").json()
    assert again["board"] == BOARD and again["board_size"] == [40, 30] and again["view"] == view


@pytest.mark.parametrize(("change", "words"), [
    ({"board": BOARD[:3]}, "board: expected its 4 corners, got 3 points"),
    ({"board": [BOARD[0], BOARD[2], BOARD[1], BOARD[3]]}, "board: its sides cross"),
    ({"board": BOARD, "board_size": [40, 0]}, "board_size: expected [width, height], two positive numbers"),
    ({"board": BOARD, "board_size": [-40, 30]}, "board_size: expected [width, height], two positive numbers"),
    ({"board": BOARD, "board_size": [40]}, "board_size: expected [width, height]"),
    ({"board": [[200, 120], [440, 120], [700, 300], [120, 300]]}, "board: point [700.0, 300.0] is not inside"),
])
def test_a_bad_board_is_refused_and_the_saved_calibration_stays(client: TestClient, tmp_path: Path, change: dict,
                                                                 words: str) -> None:
    assert client.put("/api/calibration", json={**ZONES, "board": BOARD}, headers=EDIT).status_code == 200
    before = (tmp_path / "calib.json").read_bytes()
    answer = client.put("/api/calibration", json={**ZONES, **change}, headers=EDIT)
    assert answer.status_code == 422 and words in answer.json()["detail"], answer.json()
    assert (tmp_path / "calib.json").read_bytes() == before
