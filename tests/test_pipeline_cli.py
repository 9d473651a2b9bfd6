"""`nainjaune mat` writes a real PDF of the right size; `nainjaune watch` fails clearly on bad input."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from nainjaune.cli import main
from vision.watch import recogniser_model

PLAYERS = ["--players", "Anne,Bruno,Chloé", "--dealer", "Anne"]


def _pdfinfo(path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler-utils (pdfinfo) not installed")
@pytest.mark.parametrize("size, points", [("A3", (1190.55, 841.89)), ("A2", (1683.78, 1190.55))])
def test_mat_is_a_valid_pdf_of_the_chosen_size(tmp_path, size: str, points: tuple[float, float]) -> None:
    out = tmp_path / f"mat-{size}.pdf"
    assert main(["mat", "--size", size, "--out", str(out)]) == 0
    info = _pdfinfo(out)
    assert info["Pages"].strip() == "1"
    w, h = map(float, re.findall(r"[\d.]+", info["Page size"])[:2])
    assert (w, h) == pytest.approx(points, abs=0.5)


def test_mat_markers_are_detected_on_the_printed_page(tmp_path) -> None:
    """Rasterise the PDF as a printer would and find all 8 markers on it."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils not installed")
    import cv2

    from vision.calibration import MarkerCalibrator

    out = tmp_path / "mat.pdf"
    assert main(["mat", "--board", "outline", "--out", str(out)]) == 0
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(out), str(tmp_path / "page")], check=True)
    page = cv2.imread(str(next(tmp_path.glob("page*.png"))))
    src, _ = MarkerCalibrator(("Anne", "Bruno", "Chloé")).detect(page)
    assert len(src) == 8 * 4


def test_mat_refuses_a_missing_folder(tmp_path, capsys) -> None:
    assert main(["mat", "--out", str(tmp_path / "no" / "mat.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["missing.mp4", *PLAYERS], "video file missing.mp4 does not exist"),
    (["x.mp4", "--players", "Anne,Bruno", "--dealer", "Anne"], "3 to 8 players"),
    (["x.mp4", "--players", "Anne,Bruno,Anne", "--dealer", "Anne"], "must be different"),
    (["x.mp4", "--players", "Anne,Bruno,Chloé", "--dealer", "Zoé"], "not one of the players"),
    (["x.mp4", *PLAYERS, "--chips", "0"], "--chips"),
    (["x.mp4", *PLAYERS, "--rules", "poker"], "--rules"),
    (["x.mp4", *PLAYERS, "--option", "stop_at_will"], "expected NAME=VALUE"),
    (["x.mp4", *PLAYERS, "--option", "stop_at_wil=false"], "unknown option 'stop_at_wil'"),
    (["x.mp4", *PLAYERS, "--option", "stop_at_will=maybe"], "stop_at_will"),
    (["x.mp4", *PLAYERS, "--calibration", "nope.json"], "nope.json does not exist"),
])
def test_watch_errors_are_one_clear_line(tmp_path, monkeypatch, capsys, args: list[str], message: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["watch", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_watch_plays_the_house_rules_it_is_given(tmp_path, monkeypatch, capsys) -> None:
    """`--option` reaches the live rules typed: under `stop_at_will=false` a stop tells what a hand lacks."""
    import vision.watch

    seen: dict = {}

    def fake_observe(source, calibration, **kwargs):
        seen.update(kwargs)
        return iter(())

    monkeypatch.setattr(vision.watch, "observe", fake_observe)
    assert main(["watch", "x.mp4", *PLAYERS, "--quiet", "--option", "stop_at_will=false"]) == 0
    assert seen["options"] == {"stop_at_will": False} and seen["rules"] == "lindor"
    assert main(["watch", "x.mp4", *PLAYERS, "--quiet"]) == 0
    assert seen["options"] == {}


def test_watch_bad_calibration_file_and_unreadable_video(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "calib.json").write_text(json.dumps({"pile": [[0, 0], [5, 0], [5, 5]], "boxes": {}}), "utf-8")
    (tmp_path / "x.mp4").write_bytes(b"not a video")
    assert main(["watch", "x.mp4", *PLAYERS, "--calibration", "calib.json"]) == 2
    assert "missing key(s) seats" in capsys.readouterr().err
    assert main(["watch", "x.mp4", *PLAYERS]) == 2
    assert "cannot open video file x.mp4" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.skipif(recogniser_model() is None, reason="the recogniser's ONNX model is not installed")
def test_watch_reads_the_demo_video_without_torch(tmp_path) -> None:
    """The real command on the bundled video, in a fresh process: events come out, torch never loads."""
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    out = tmp_path / "events.jsonl"
    code = ("import sys; from nainjaune.cli import main; "
            f"rc = main(['watch', {str(repo / 'demo' / 'demo_deal.mp4')!r}, '--players', 'Anne,Bruno,Chloé', "
            f"'--dealer', 'Anne', '--quiet', '--events-out', {str(out)!r}]); "
            "heavy = [m for m in ('torch', 'ultralytics') if m in sys.modules]; "
            "print('HEAVY', heavy); sys.exit(rc)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=repo, timeout=600)
    assert run.returncode == 0, run.stderr[-500:]
    assert "HEAVY []" in run.stdout
    events = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    plays = [e for e in events if e["type"] == "card_played"]
    truth = [json.loads(line) for line in (repo / "demo" / "demo_deal.truth.jsonl").read_text("utf-8").splitlines()]
    expected = [e for e in truth if e["type"] == "card_played"]
    assert len(expected) - 3 <= len(plays) <= len(expected) + 2
    assert all(p["t"] >= 0 and set(p) >= {"card", "player", "candidates", "confidence"} for p in plays)
