"""Which generator made a dataset: the fingerprint tells code versions apart, the benchmarks name a stale set."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from vision.synth.dataset import MANIFEST, stale_note
from vision.synth.fingerprint import GENERATOR_DIR, generator_fingerprint


def _copy_generator(to: Path) -> Path:
    to.mkdir()
    for path in GENERATOR_DIR.glob("*.py"):
        shutil.copy(path, to / path.name)
    return to


def test_fingerprint_is_the_code_and_changes_with_it(tmp_path: Path) -> None:
    copy = _copy_generator(tmp_path / "synth")
    assert generator_fingerprint(copy) == generator_fingerprint()
    (copy / "layouts.py").write_text((copy / "layouts.py").read_text() + "\nPILE_LAST = True\n")
    changed = generator_fingerprint(copy)
    assert changed != generator_fingerprint() and len(changed) == 12


def test_a_renamed_file_changes_the_fingerprint(tmp_path: Path) -> None:
    copy = _copy_generator(tmp_path / "synth")
    (copy / "layouts.py").rename(copy / "layout.py")
    assert generator_fingerprint(copy) != generator_fingerprint()


def _manifest(folder: Path, **fields: object) -> Path:
    folder.mkdir()
    (folder / MANIFEST).write_text(json.dumps({"generator": "nainjaune synth", "seed": 7, **fields}))
    return folder


def test_a_set_made_by_this_code_is_not_stale(tmp_path: Path) -> None:
    assert stale_note(_manifest(tmp_path / "set", generator_fingerprint=generator_fingerprint())) is None


def test_a_set_made_by_other_code_is_named(tmp_path: Path) -> None:
    note = stale_note(_manifest(tmp_path / "set", generator_fingerprint="0123456789ab"))
    assert note is not None and "0123456789ab" in note and generator_fingerprint() in note


def test_a_set_from_before_fingerprints_is_named(tmp_path: Path) -> None:
    note = stale_note(_manifest(tmp_path / "set"))
    assert note is not None and "recorded no fingerprint" in note


def test_a_folder_without_a_readable_manifest_is_named(tmp_path: Path) -> None:
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / MANIFEST).write_text("{not json")
    assert "unknown" in stale_note(tmp_path / "broken")
    assert "unknown" in stale_note(tmp_path / "absent")
