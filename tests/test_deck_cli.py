"""`nainjaune deck add|list|remove` and `identify --deck`: labelled images in, bad input refused whole, one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from deck_support import LETTERS, table

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "models" / "card-index-cls.onnx"
pytestmark = pytest.mark.skipif(not MODEL.is_file(), reason="shipped model not present")


def _run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NAINJAUNE_DATA": str(data), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "nainjaune", *args], capture_output=True, text=True, timeout=180,
                          cwd=ROOT, env=env)


def _labels(folder: Path, name: str, lines: list[dict]) -> Path:
    path = folder / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.fixture()
def pictures(tmp_path: Path) -> list[dict]:
    """Two pictures of three cards each, as identify's JSON lines with the right cards."""
    cards = list(LETTERS)
    lines = []
    for k, group in enumerate((cards[:3], cards[3:6])):
        image, boxes = table(group, angle=6.0 * k, seed=k)
        path = tmp_path / f"pack{k}.png"
        cv2.imwrite(str(path), image)
        lines.append({"image": path.name, "cards": [{"card": c, "box": b} for c, b in zip(group, boxes)]})
    return lines


def _crops(data: Path) -> int:
    listed = _run(data, "deck", "list")
    assert listed.returncode == 0, listed.stderr
    return int(listed.stdout.split("\t")[2].split()[0]) if listed.stdout else 0


def test_add_list_remove(tmp_path: Path, pictures: list[dict]) -> None:
    data = tmp_path / "data"
    added = _run(data, "deck", "add", "family", str(_labels(tmp_path, "good.jsonl", pictures)))
    assert added.returncode == 0, added.stderr
    assert "6 card sightings from 2 images" in added.stderr
    listed = _run(data, "deck", "list")
    name, cards, *_ = listed.stdout.split("\t")
    assert (name, cards) == ("family", "6 cards")
    removed = _run(data, "deck", "remove", "family")
    assert removed.returncode == 0
    assert _run(data, "deck", "list").stdout == ""
    again = _run(data, "deck", "remove", "family")
    assert again.returncode == 2
    assert again.stderr.strip().splitlines() == ["nainjaune deck: error: unknown deck 'family' (no deck enrolled yet: "
                                                 "nainjaune deck learn or add)"]


@pytest.mark.parametrize("bad, message", [
    ({"image": "absent.png", "cards": [{"card": "AS"}]}, "absent.png: no such file"),
    ({"image": "junk.png", "cards": [{"card": "AS"}]}, "junk.png: not a readable image"),
    ({"image": "pack0.png", "cards": [{"card": "ZZ", "box": [1, 1, 50, 50]}]}, "'ZZ' is not a card"),
    ({"image": "pack0.png", "cards": [{"card": "AS", "box": [600, 10, 900, 200]}]},
     "box of AS [600, 10, 900, 200] lies outside the 640x300 image"),
])
def test_bad_labels_add_nothing_and_say_why_in_one_line(tmp_path: Path, pictures: list[dict], bad: dict,
                                                        message: str) -> None:
    data = tmp_path / "data"
    (tmp_path / "junk.png").write_text("not an image")
    assert _run(data, "deck", "add", "family", str(_labels(tmp_path, "first.jsonl", pictures[:1]))).returncode == 0
    before = _crops(data)
    result = _run(data, "deck", "add", "family", str(_labels(tmp_path, "bad.jsonl", [pictures[1], bad])))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "bad.jsonl line 2" in lines[0] and message in lines[0], lines
    assert "Traceback" not in result.stderr
    assert _crops(data) == before > 0


def test_identify_with_an_unknown_deck_is_refused(tmp_path: Path, pictures: list[dict]) -> None:
    result = _run(tmp_path / "data", "identify", "--deck", "nope", str(tmp_path / "pack0.png"))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == ["nainjaune identify: error: unknown deck 'nope' (no deck enrolled "
                                                  "yet: nainjaune deck learn or add)"]


def test_identify_reads_letters_it_never_saw_once_the_deck_is_added(tmp_path: Path, pictures: list[dict]) -> None:
    """T, D and B (Russian ace, German queen and jack) are not letters of the shipped model's training decks."""
    data = tmp_path / "data"
    cards = list(LETTERS)
    first, second = cards[:3], cards[3:6]
    extra = []
    for k, group in enumerate((first, second)):
        image, boxes = table(group, angle=-5.0, scale=0.9, seed=10 + k)
        path = tmp_path / f"more{k}.png"
        cv2.imwrite(str(path), image)
        extra.append({"image": path.name, "cards": [{"card": c, "box": b} for c, b in zip(group, boxes)]})
    assert _run(data, "deck", "add", "family", str(_labels(tmp_path, "l.jsonl", pictures + extra))).returncode == 0
    image, _ = table([cards[0], cards[4], cards[2]], angle=11.0, scale=0.95, seed=7)
    cv2.imwrite(str(tmp_path / "new.png"), image)
    with_deck = _run(data, "identify", "--deck", "family", str(tmp_path / "new.png"))
    assert with_deck.returncode == 0, with_deck.stderr
    read = {c["card"] for c in json.loads(with_deck.stdout)["cards"]}
    assert read <= {cards[0], cards[4], cards[2]}, "a card read that is not on the table"
    assert {"AS", "QS"} <= read, "the Russian ace (T) and the German queen (D) are read"


def test_watch_with_an_unknown_deck_is_refused(tmp_path: Path) -> None:
    result = _run(tmp_path / "data", "watch", str(tmp_path / "x.mp4"), "--players", "A,B,C", "--dealer", "A",
                  "--deck", "nope")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1].startswith("nainjaune watch: error: unknown deck 'nope'")


@pytest.mark.slow
def test_learn_from_a_filmed_pass(tmp_path: Path) -> None:
    """A recorded pass of four cards: each is stored or sent to review, none lost, and review feeds `deck add`."""
    from vision.tablesim.scene import SceneConfig, TableScene
    from vision.tablesim.script import Action, DealScript

    players = ("Anne", "Bruno", "Chloé")
    cards = ("QS", "7D", "KH", "AC")
    script = DealScript(players, "Anne", {p: () for p in players}, (),
                        tuple(Action("play", "Bruno", c) for c in cards), "Bruno", False)
    stem = tmp_path / "pass"
    scene = TableScene(script, SceneConfig(design="plain", seed=4, fidget_rate=0.0))
    writer = cv2.VideoWriter(str(stem.with_suffix(".mp4")), cv2.VideoWriter_fourcc(*"mp4v"), 30.0, scene.config.size)
    for frame in scene.frames():
        writer.write(frame)
    writer.release()
    stem.with_suffix(".calib.json").write_text(json.dumps(scene.calibration_json()), encoding="utf-8")
    data = tmp_path / "data"
    learnt = _run(data, "deck", "learn", "family", str(stem.with_suffix(".mp4")), "--calibration",
                  str(stem.with_suffix(".calib.json")), "--pack", "32")
    assert learnt.returncode == 0, learnt.stderr
    rows = [line.split() for line in learnt.stdout.splitlines()]
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4]
    checked = [r for r in rows if r[-1] == "check"]
    stored = {r[1] for r in rows if r[-1] != "check"}
    assert stored <= set(cards)
    assert f"4 cards seen, {len(stored)} stored" in learnt.stderr
    if checked:
        review = data / "decks" / "review-family" / "labels.jsonl"
        lines = [json.loads(line) for line in review.read_text().splitlines()]
        assert len(lines) == len(checked)
        for line, row in zip(lines, checked):
            line["cards"] = [{"card": cards[int(row[0]) - 1]}]
        fixed = _labels(tmp_path, "fixed.jsonl", lines)
        assert _run(data, "deck", "add", "family", str(fixed)).returncode == 0
    listed = _run(data, "deck", "list").stdout.split("\t")
    assert listed[1] == "4 cards"


def test_identify_with_a_deck_loads_no_more_networks_than_without(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The deck's classifier runs the shipped network itself (#24: identify's memory no worse with a deck)."""
    import numpy as np
    import onnxruntime as ort

    from nainjaune.cli import main
    from vision.deck.classifier import DeckClassifier, Head
    from vision.deck.embed import load_feature_classifier
    from vision.recognise.classifier import load_classifier

    image, _ = table(list(LETTERS)[:3], seed=3)
    cv2.imwrite(str(tmp_path / "hand.png"), image)
    names = load_classifier(MODEL).names
    dims = load_feature_classifier(MODEL).probabilities_and_features(np.zeros((1, 64, 64, 3), np.uint8))[1].shape[1]
    head = Head(np.zeros((dims + 2, len(names)), np.float32), np.zeros(len(names), np.float32),
                np.ones(len(names), bool))
    monkeypatch.setattr("nainjaune.commands.identify.deck_classifier", lambda name, data, model:
                        DeckClassifier(head, model))
    made: list[object] = []
    real = ort.InferenceSession
    monkeypatch.setattr(ort, "InferenceSession", lambda graph, *a, **k: made.append(graph) or real(graph, *a, **k))
    counts = []
    for deck in (["--deck", "family"], []):
        load_classifier.cache_clear()
        load_feature_classifier.cache_clear()
        made.clear()
        assert main(["identify", *deck, str(tmp_path / "hand.png")]) == 0
        counts.append(len(made))
    capsys.readouterr()
    load_classifier.cache_clear()
    load_feature_classifier.cache_clear()
    assert counts[0] == counts[1] == 2               # the gate and one classifier either way
