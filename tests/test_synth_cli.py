"""`nainjaune synth`: clear errors for bad input, and a dataset that a seed reproduces byte for byte."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vision.synth.decks import discover_sources, get_design, is_cached
from vision.synth.fingerprint import generator_fingerprint

DESIGN = "kde-standard"
needs_deck = pytest.mark.skipif(DESIGN not in {s.name for s in discover_sources()},
                                reason="kdegames-card-data-kf5 not installed (make test installs it)")


def _synth(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune", "synth", *args], capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("size", ["1280", "1280x", "x720", "axb", "10x10", "1280x720x3"])
def test_bad_size_is_one_clear_line(tmp_path: Path, size: str) -> None:
    result = _synth("--out", str(tmp_path / "out"), "--size", size, "--count", "1")
    assert result.returncode == 2
    assert "--size" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_unwritable_out_is_one_clear_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = _synth("--out", str(blocker / "data"), "--count", "1", "--designs", DESIGN)
    assert result.returncode == 2
    assert "cannot write to --out" in result.stderr and "Traceback" not in result.stderr


def test_a_folder_of_other_files_is_not_written_into(tmp_path: Path) -> None:
    (tmp_path / "precious.txt").write_text("keep me")
    result = _synth("--out", str(tmp_path), "--count", "1", "--designs", DESIGN)
    assert result.returncode == 2 and "not writing a dataset" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious.txt"]


@pytest.mark.parametrize("args, message", [
    (("--count", "0"), "--count"), (("--french-indices", "1.5"), "--french-indices"),
    (("--restyle-indices", "-0.1"), "--restyle-indices"),
    (("--kinds", "pile,tower"), "--kinds"), (("--designs", "no-such-deck"), "--designs"),
])
def test_other_bad_options(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    result = _synth("--out", str(tmp_path / "out"), *args)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


@needs_deck
def test_same_seed_writes_identical_datasets(tmp_path: Path) -> None:
    common = ("--count", "3", "--seed", "5", "--size", "320x240", "--designs", DESIGN, "--french-indices", "0.5",
              "--restyle-indices", "0.5")
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        result = _synth("--out", str(out), *common)
        assert result.returncode == 0, result.stderr
        assert "wrote 3 scenes" in result.stdout
    names = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.is_file())
    assert names == ["images/000000.jpg", "images/000001.jpg", "images/000002.jpg", "labels/000000.json",
                     "labels/000001.json", "labels/000002.json", "manifest.json"]
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    label = json.loads((first / "labels/000001.json").read_text())
    assert label["image"] == "images/000001.jpg" and label["size"] == [320, 240] and label["design"] == DESIGN
    assert isinstance(label["french_indices"], bool)
    manifest = json.loads((first / "manifest.json").read_text())
    assert manifest["restyled_indices"] == 0.5
    assert manifest["generator_fingerprint"] == generator_fingerprint()
    for card in label["cards"]:
        assert set(card) >= {"card", "quad", "indices", "fully_visible", "z"}
        assert all(set(i) == {"quad", "visible", "visible_fraction"} for i in card["indices"])


def _synth_without_cairosvg(*args: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`nainjaune synth` in a Python where `import cairosvg` fails, as on a machine without the train extra."""
    code = ("import sys; sys.modules['cairosvg'] = None\n"
            "from nainjaune.cli import main\nsys.exit(main(['synth', *sys.argv[1:]]))")
    env = {**os.environ, **({"NAINJAUNE_CACHE_DIR": str(cache)} if cache else {})}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=300, env=env)


@needs_deck
def test_without_cairosvg_faces_not_yet_rendered_give_one_clear_line(tmp_path: Path) -> None:
    result = _synth_without_cairosvg("--out", str(tmp_path / "out"), "--count", "1", "--designs", DESIGN,
                                     cache=tmp_path / "empty-cache")
    assert result.returncode == 2
    assert "cairosvg is needed" in result.stderr and "Traceback" not in result.stderr


@needs_deck
def test_without_cairosvg_a_rendered_design_still_makes_scenes(tmp_path: Path) -> None:
    get_design(DESIGN)  # renders it into the cache if it is not there yet
    result = _synth_without_cairosvg("--out", str(tmp_path / "out"), "--count", "2", "--size", "320x240",
                                     "--designs", DESIGN)
    assert result.returncode == 0, result.stderr
    assert len(list((tmp_path / "out" / "labels").glob("*.json"))) == 2


@needs_deck
def test_a_design_counts_as_cached_only_with_its_source_stamp_and_every_face(tmp_path: Path) -> None:
    design = get_design(DESIGN)
    source = {s.name: s for s in discover_sources()}[DESIGN]
    assert is_cached(source)
    root = tmp_path / "cards"
    shutil.copytree(design.cache_dir, root / DESIGN)
    assert is_cached(source, root)
    face = root / DESIGN / "QS.png"
    kept = face.read_bytes()
    face.unlink()
    assert not is_cached(source, root)
    face.write_bytes(kept)
    meta_path = root / DESIGN / "meta.json"
    meta = json.loads(meta_path.read_text())
    meta["stamp"]["size"] += 1  # the installed deck file changed since the faces were rendered
    meta_path.write_text(json.dumps(meta))
    assert not is_cached(source, root)
    assert not is_cached(source, tmp_path / "nowhere")
