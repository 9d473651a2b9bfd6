"""Camera endpoints: the still and MJPEG view when a pipeline sends frames, and the tap-to-place calibration."""

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient

from companion_api.testing import EDIT, make_app

ZONES = {"pile": [[100, 100], [300, 100], [300, 250]], "boxes": {"QS": [[10, 10], [60, 10], [60, 60]]},
         "seats": {"Anne": [[0, 300], [100, 300], [100, 360]]}, "image_size": [640, 360]}


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(tmp_path)) as c:
        yield c


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
    ({**ZONES, "seats": {"Anne": [[0, 0]]}}, "at least 3 points"),
    ({**ZONES, "pile": [[0, "x"], [1, 1], [2, 2]]}, "pile"),
])
def test_bad_zones_are_refused(client: TestClient, zones: dict, words: str) -> None:
    answer = client.put("/api/calibration", json=zones, headers=EDIT)
    assert answer.status_code == 422 and words in answer.json()["detail"]
