"""Write a dataset of synthetic scenes: images/<id>.jpg, labels/<id>.json, manifest.json.

Scene `i` of a dataset depends only on (seed, i): its design, kind, French-index flag and
picture are all drawn from `numpy.random.SeedSequence([seed, i])`. So a dataset can be
extended, regenerated in parts, or produced in any order (scenes are rendered grouped by
design, which keeps that design's faces in memory) and stays byte-identical on one machine.
Another machine's rendering stack (cairosvg, cairo, OpenCV) may change a few pixels, never the
scene specs; other generator code may change everything, which `manifest.json` records as
`generator_fingerprint` (see `vision.synth.fingerprint` and `stale_note`).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from vision.synth.fingerprint import generator_fingerprint
from vision.synth.indices import FOREIGN_LETTERS
from vision.synth.layouts import KINDS
from vision.synth.restyle import STYLE_COUNT

KIND_WEIGHTS = {"single": 0.15, "pile": 0.25, "fan": 0.15, "row": 0.2, "mixed": 0.25}
JPEG_QUALITY = 92
MANIFEST = "manifest.json"
GENERATOR = "nainjaune synth"


@dataclass(frozen=True)
class SceneSpec:
    index: int
    seed: int
    design: str
    kind: str
    french_indices: bool
    index_style: int | None = None  # corner indices repainted in this style (vision.synth.restyle)
    index_letters: str | None = None  # ... with another country's rank letters (indices.INDEX_LETTERS)

    @property
    def id(self) -> str:
        return f"{self.index:06d}"


@dataclass(frozen=True)
class Summary:
    count: int
    seconds: float
    out: Path

    @property
    def scenes_per_second(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else float("inf")


def scene_spec(seed: int, index: int, designs: Sequence[str], french_share: float,
               kinds: Sequence[str] = KINDS, restyle_share: float = 0.0, foreign_share: float = 0.0) -> SceneSpec:
    """What scene `index` of a dataset with this seed shows. (The restyle draw, then the foreign letters' draw,
    come last, so datasets made before they existed come out the same with those shares 0.)"""
    rng = np.random.default_rng(np.random.SeedSequence([seed, index]))
    weights = np.array([KIND_WEIGHTS.get(k, 0.2) for k in kinds], np.float64)
    kind = kinds[int(rng.choice(len(kinds), p=weights / weights.sum()))]
    design = designs[int(rng.integers(len(designs)))]
    french = bool(rng.random() < french_share)
    scene_seed = int(rng.integers(2 ** 63 - 1))
    style = int(rng.integers(STYLE_COUNT)) if rng.random() < restyle_share else None
    letters = None
    if style is not None and not french and foreign_share and rng.random() < foreign_share:
        letters = FOREIGN_LETTERS[int(rng.integers(len(FOREIGN_LETTERS)))]
    return SceneSpec(index, scene_seed, design, kind, french, style, letters)


def stale_note(folder: Path) -> str | None:
    """None when the dataset in `folder` was made by the generator code here, else one line saying it was not:
    figures measured on it then belong to another set than the one its recorded command makes today."""
    path = Path(folder) / MANIFEST
    try:
        made_by = json.loads(path.read_text()).get("generator_fingerprint")
    except (OSError, ValueError, AttributeError):
        return f"{path} is missing or unreadable: which generator made this set is unknown"
    now = generator_fingerprint()
    if made_by == now:
        return None
    by = f"generator {made_by}" if made_by else "a generator that recorded no fingerprint"
    return (f"{folder} was made by {by}, not by the code here ({now}): the same command may now make another set; "
            "make it again to compare figures")


def check_output_folder(out: Path) -> None:
    """Refuse folders that hold something other than a synth dataset; raise OSError if unwritable."""
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"{out} exists and is not a folder")
    ours = {"images", "labels", MANIFEST}
    if out.is_dir() and not (out / MANIFEST).exists() and any(p.name not in ours for p in out.iterdir()):
        raise FileExistsError(f"{out} holds other files and no {MANIFEST}: not writing a dataset into it")
    for sub in ("images", "labels"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    probe = out / f".write-test-{os.getpid()}"
    probe.write_text("")
    probe.unlink()


def write_dataset(out: Path, count: int, seed: int, designs: Sequence[str], size: tuple[int, int] = (1280, 720),
                  french_share: float = 0.2, kinds: Sequence[str] = KINDS, split: str = "train",
                  progress: bool = True, restyle_share: float = 0.0, foreign_share: float = 0.0) -> Summary:
    """Render `count` scenes into `out` (see the module docstring for the layout)."""
    from tqdm import tqdm

    from vision.synth.decks import get_design
    from vision.synth.scene import scene

    if not designs:
        raise ValueError("no deck designs to draw from")
    check_output_folder(out)
    specs = [scene_spec(seed, i, designs, french_share, kinds, restyle_share, foreign_share) for i in range(count)]
    manifest = {"generator": GENERATOR, "generator_fingerprint": generator_fingerprint(), "seed": seed,
                "count": count, "split": split, "size": list(size), "french_indices": french_share,
                "kinds": list(kinds), "designs": list(designs)}
    if restyle_share:
        manifest["restyled_indices"] = restyle_share
    if foreign_share:
        manifest["foreign_letters"] = foreign_share
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1))
    start = time.perf_counter()
    for spec in tqdm(sorted(specs, key=lambda s: (s.design, s.index)), desc="scenes", unit="scene",
                     disable=not progress):
        image, labels = scene(spec.seed, get_design(spec.design), spec.kind, size, spec.french_indices,
                              spec.index_style, spec.index_letters)
        labels["image"] = f"images/{spec.id}.jpg"
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
        if not ok:
            raise OSError(f"cannot encode scene {spec.id}")
        (out / "images" / f"{spec.id}.jpg").write_bytes(data.tobytes())
        (out / "labels" / f"{spec.id}.json").write_text(json.dumps(labels, separators=(",", ":")))
    return Summary(count, time.perf_counter() - start, out)
