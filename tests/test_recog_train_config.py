"""What `train` asks of ultralytics: the CPU defaults of these machines, and a lent GPU's settings passed through."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from vision.training import train as train_module
from vision.training.train import TrainConfig


class FakeYOLO:
    calls: list[tuple[str, dict[str, Any]]] = []

    def __init__(self, source: str, task: str | None = None) -> None:
        self.source = source

    def train(self, **kwargs: Any) -> None:
        FakeYOLO.calls.append((self.source, kwargs))


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    FakeYOLO.calls = []
    monkeypatch.setattr(train_module, "import_ultralytics", lambda threads=1: SimpleNamespace(YOLO=FakeYOLO))
    return FakeYOLO.calls


def test_defaults_train_on_the_cpu_with_crops_in_ram(tmp_path: Path, recorded: list) -> None:
    train_module.train(TrainConfig(data=tmp_path / "crops", project=tmp_path / "runs"))
    (source, kwargs), = recorded
    assert source == "yolov8n-cls.yaml"
    assert kwargs["device"] == "cpu" and kwargs["workers"] == 0 and kwargs["cache"] == "ram"
    assert kwargs["time"] is None and kwargs["epochs"] == 12


def test_gpu_settings_reach_ultralytics(tmp_path: Path, recorded: list) -> None:
    init = tmp_path / "v7.pt"
    train_module.train(TrainConfig(data=tmp_path / "crops", project=tmp_path / "runs", device="0", workers=16,
                                   cache=None, hours=0.14, batch=512, lr0=0.004, init=init))
    (source, kwargs), = recorded
    assert source == str(init)
    assert kwargs["device"] == "0" and kwargs["workers"] == 16 and kwargs["batch"] == 512
    # None would leave ultralytics' own default; False reads every crop from disk.
    assert kwargs["cache"] is False
    assert kwargs["time"] == 0.14 and kwargs["lr0"] == 0.004


def test_an_existing_run_is_resumed_with_the_loader_settings(tmp_path: Path, recorded: list) -> None:
    config = TrainConfig(data=tmp_path / "crops", project=tmp_path / "runs", name="r", workers=4)
    last = train_module.last_checkpoint(config)
    last.parent.mkdir(parents=True)
    last.write_bytes(b"checkpoint")
    train_module.train(config)
    (source, kwargs), = recorded
    assert source == str(last) and kwargs["resume"] is True and kwargs["workers"] == 4
