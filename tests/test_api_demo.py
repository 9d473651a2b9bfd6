"""The bundled recorded deal played by the companion through the real camera pipeline, as `make run` does with no
camera attached: the server's game receives the recording's card plays."""

import json
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from companion_api.demo import install_recorded_demo, paced_frames, play_recorded_demo, recorded_demo_problem
from companion_api.launch import camera_attached
from companion_api.settings import Settings
from companion_api.testing import make_app

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "models" / "card-index-cls.onnx"
TRUTH = ROOT / "demo" / "demo_deal.truth.jsonl"


@pytest.mark.skipif(not MODEL.is_file(), reason="the recogniser's model is not installed (models/card-index-cls.onnx)")
def test_the_recorded_deal_reaches_the_game_through_the_pipeline(tmp_path: Path) -> None:
    assert recorded_demo_problem() is None
    video = install_recorded_demo(tmp_path)
    settings = Settings(data_dir=tmp_path, source=str(video), replay_speed=1000.0, loop_demo=True)
    with TestClient(make_app(tmp_path)) as client:
        client.portal.call(lambda: play_recorded_demo(client.app.state.service, settings, rounds=1))
        game = client.get("/api/state").json()["game"]
    truth = [json.loads(line) for line in TRUTH.read_text(encoding="utf-8").splitlines() if line.strip()]
    plays = [e for e in game["events"] if e["kind"] == "play"]
    assert [p["card"] for p in plays] == [t["card"] for t in truth if t["type"] == "card_played"]
    assert all(p["source"] == "camera" for p in plays)
    assert [p["player"] for p in plays] == [t["player"] for t in truth if t["type"] == "card_played"]
    sweeps = [(e["box"], e["player"]) for e in game["events"] if e["kind"] == "sweep"]
    assert sweeps == [(t["box"], t["player"]) for t in truth if t["type"] == "box_swept"]
    assert [p["name"] for p in game["players"]] == ["Anne", "Bruno", "Chloé"]

def test_frames_are_held_back_to_their_timestamps() -> None:
    class Frame:
        def __init__(self, t: float) -> None:
            self.t_seconds = t

    now = [0.0]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(round(seconds, 3))
        now[0] += seconds

    frames = [Frame(i / 10) for i in range(5)]
    out = list(paced_frames(frames, speed=2.0, max_frames=4, clock=lambda: now[0], sleep=sleep))
    assert [f.t_seconds for f in out] == [0.0, 0.1, 0.2, 0.3]
    assert waits == [0.05, 0.05, 0.05]


def test_a_stopped_demo_reads_no_further_frame() -> None:
    stop = threading.Event()
    frames = iter(SimpleNamespace(t_seconds=i * 1000.0) for i in range(3))
    paced = paced_frames(frames, stop=stop)
    assert next(paced).t_seconds == 0.0
    threading.Timer(0.1, stop.set).start()  # the server stops while the next frame (1000 s away) is awaited
    started = time.monotonic()
    assert list(paced) == [] and time.monotonic() - started < 2.0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the /dev/video check is Linux's")
def test_no_video_device_means_no_camera_at_once() -> None:
    started = time.monotonic()
    assert camera_attached(97) is False
    assert time.monotonic() - started < 1.0


def test_without_the_model_the_demo_says_why_it_falls_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import vision.recognise.classifier as classifier

    monkeypatch.setattr(classifier, "DEFAULT_MODEL", tmp_path / "missing.onnx")
    problem = recorded_demo_problem()
    assert problem is not None and "model is missing" in problem and "missing.onnx" in problem
