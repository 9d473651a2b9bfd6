"""`nainjaune identify` and `nainjaune train`: output format and the error paths."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "tests" / "data" / "identify"
MODEL = ROOT / "models" / "card-index-cls.onnx"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune", *args], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


@pytest.mark.skipif(not MODEL.is_file(), reason="shipped model not present")
def test_identify_reports_bad_files_and_still_reads_the_others(tmp_path: Path) -> None:
    good = sorted((IMAGES / "images").glob("*.jpg"))[0]
    junk = tmp_path / "junk.jpg"
    junk.write_text("not an image")
    result = _run("identify", str(tmp_path / "missing.jpg"), str(good), str(junk))
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["image"] for line in lines] == [str(good)]
    for card in lines[0]["cards"]:
        assert set(card) == {"card", "confidence", "box"}
        x1, y1, x2, y2 = card["box"]
        assert x1 < x2 and y1 < y2 and 0 <= card["confidence"] <= 1
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2
    assert "missing.jpg: no such file" in errors[0]
    assert "junk.jpg: not a readable image" in errors[1]
    assert "Traceback" not in result.stderr


def test_identify_without_model_says_how_to_train_it(tmp_path: Path) -> None:
    result = _run("identify", "--model", str(tmp_path / "absent.onnx"), str(tmp_path / "x.jpg"))
    assert result.returncode == 2
    assert "nainjaune train" in result.stderr
    assert "Traceback" not in result.stderr


def test_train_without_scenes_says_how_to_make_them(tmp_path: Path) -> None:
    result = _run("train", "--data", str(tmp_path / "nothing"))
    assert result.returncode == 2
    assert "nainjaune synth" in result.stderr
    assert "Traceback" not in result.stderr


def test_train_refuses_an_image_size_ultralytics_would_round(tmp_path: Path) -> None:
    result = _run("train", "--data", str(tmp_path), "--imgsz", "50")
    assert result.returncode == 2
    assert "multiple of 32" in result.stderr


def test_train_refuses_a_model_name_that_is_a_path_before_training(tmp_path: Path) -> None:
    result = _run("train", "--data", str(tmp_path / "nothing"), "--model-name", "../elsewhere.onnx")
    assert result.returncode == 2
    assert "--model-name" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args, message", [
    (("--workers", "-1"), "--workers"), (("--hours", "0"), "--hours"), (("--lr0", "0"), "--lr0"),
    (("--cache", "gpu"), "--cache"),
])
def test_train_refuses_bad_loader_and_schedule_options(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    result = _run("train", "--data", str(tmp_path / "nothing"), *args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_gpu_training_script_prints_its_usage_when_arguments_are_missing() -> None:
    result = subprocess.run(["bash", str(ROOT / "scripts" / "train-gpu.sh"), "/tmp/work", "16"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert "usage: scripts/train-gpu.sh WORK JOBS" in result.stderr and "HOURS" in result.stderr


def test_train_refuses_a_device_that_is_not_a_gpu_number(tmp_path: Path) -> None:
    (tmp_path / "scenes" / "labels").mkdir(parents=True)
    result = _run("train", "--data", str(tmp_path / "scenes"), "--device", "gpu")
    assert result.returncode == 2
    assert "--device takes cpu or CUDA device numbers" in result.stderr and "Traceback" not in result.stderr


def test_train_refuses_a_gpu_this_machine_lacks_before_cutting_crops(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has a CUDA GPU")
    (tmp_path / "scenes" / "labels").mkdir(parents=True)
    result = _run("train", "--data", str(tmp_path / "scenes"), "--crops", str(tmp_path / "crops"), "--device", "0")
    assert result.returncode == 2
    assert "torch sees 0 CUDA GPU(s) here" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "crops").exists()
