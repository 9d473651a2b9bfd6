"""Turn generated scenes (image + geometric labels) into classifier crops.

Every card of a scene gives four corner crops, cut by the same `corner_crop` the
recogniser uses at run time: its two index corners (top-left and bottom-right in the
card's own frame) are labelled with the card when that index is visible, the other
two corners and hidden indices are "none". Corners are jittered in position, angle
and scale as much as the run-time locator errs, and extra "none" crops come from
random points (where overlapping cards make corner-like outlines) and from index
corners seen at a badly wrong scale, so that only a right reading scores high.

The run-time locator's own corners on the scene are cut too: those on a visible index
corner as that card (the locator's real errors), the others as "none" (the junctions of
pips, table grain and chips the classifier must turn down). A share of all crops has its
ink recoloured, so that suits are told by shape and not by colour alone: some decks print
spades red or hearts green.
"""

from __future__ import annotations

import itertools
import json
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import cv2
import numpy as np
from tqdm import tqdm

from vision.recognise.classifier import NONE_CLASS
from vision.recognise.crops import CornerFrame, corner_crop, frame_from_points
from vision.recognise.junctions import junction_frames

VISIBLE_FRACTION = 0.75
HIDDEN_FRACTION = 0.25
SCALE_JITTER = 0.25  # log-scale half range: ×0.78–1.28, wider than half a step of the run-time scale ladder
POSITION_JITTER = 0.05  # in card short sides (the edge-cut outline of a card on a pile sits ~0.05 inside)
ANGLE_JITTER_DEG = 6.0
LOCATOR_BIAS = 0.015  # located corners sit this far (in short sides) inside the labelled card outline
RECOLOUR_SHARE = 0.35
LOCATED_NEGATIVES = 8  # "none" crops per scene from the locator's corners that are no index corner
MATCH_DISTANCE = 0.12  # a located corner this near an index corner (in short sides), same direction, is it
AMBIGUOUS_DISTANCE = 0.3  # between the two: neither a clean positive nor a clean negative, skipped


@dataclass(frozen=True)
class Sample:
    crop: np.ndarray
    label: str


def _jitter(frame: CornerFrame, rng: np.random.Generator, scale_factor: float = 1.0) -> CornerFrame:
    angle = np.radians(rng.uniform(-ANGLE_JITTER_DEG, ANGLE_JITTER_DEG))
    c, s = np.cos(angle), np.sin(angle)
    rot = np.array([[c, -s], [s, c]])
    x = rot @ np.array(frame.x_dir)
    y = rot @ np.array(frame.y_dir)
    scale = frame.scale * scale_factor * float(np.exp(rng.uniform(-SCALE_JITTER, SCALE_JITTER)))
    shift = rng.uniform(-POSITION_JITTER, POSITION_JITTER, 2) + LOCATOR_BIAS
    origin = np.array(frame.origin) + frame.scale * (shift[0] * np.array(frame.x_dir) + shift[1] * np.array(frame.y_dir))
    return CornerFrame((float(origin[0]), float(origin[1])), (float(x[0]), float(x[1])),
                       (float(y[0]), float(y[1])), scale)


def index_at(card: dict, corner: np.ndarray) -> dict | None:
    """The labelled index of `card` nearest its `corner` (a point of its outline), or None when it has none."""
    return min(card.get("indices", []), default=None,
               key=lambda ix: np.linalg.norm(np.mean(ix["quad"], axis=0) - corner))


def _index_label(card: dict, corner: np.ndarray) -> str | None:
    """The label of an index corner: the card if its index there shows, "none" if hidden, None if unsure."""
    nearest = index_at(card, corner)
    if nearest is None:
        return NONE_CLASS
    fraction = float(nearest.get("visible_fraction", 1.0 if nearest.get("visible") else 0.0))
    if fraction >= VISIBLE_FRACTION:
        return card["card"]
    if fraction <= HIDDEN_FRACTION:
        return NONE_CLASS
    return None


def recolour_ink(crop: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The crop redrawn in a random ink on a random paper tint, keeping only its light-dark pattern."""
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    lo, hi = np.percentile(grey, 2), np.percentile(grey, 98)
    light = np.clip((grey - lo) / max(hi - lo, 1.0), 0.0, 1.0)[..., None]
    hue = rng.uniform(0, 180)
    ink_hsv = np.uint8([[[hue, rng.uniform(80, 255), rng.uniform(0, 190)]]])
    paper_hsv = np.uint8([[[rng.uniform(0, 180), rng.uniform(0, 50), rng.uniform(170, 255)]]])
    ink = cv2.cvtColor(ink_hsv, cv2.COLOR_HSV2BGR).astype(np.float32)[0, 0]
    paper = cv2.cvtColor(paper_hsv, cv2.COLOR_HSV2BGR).astype(np.float32)[0, 0]
    return np.clip(paper * light + ink * (1.0 - light), 0, 255).astype(np.uint8)


def _index_corners(labels: dict) -> list[tuple[np.ndarray, np.ndarray, float, str | None]]:
    """(corner point, top-edge direction, short side, label) of every card's two index corners."""
    corners = []
    for card in labels["cards"]:
        quad = np.asarray(card["quad"], float)
        short = float(min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1])))
        for k in (0, 2):
            edge = quad[(k + 1) % 4] - quad[k]
            corners.append((quad[k], edge / max(np.linalg.norm(edge), 1e-9), short, _index_label(card, quad[k])))
    return corners


def located_samples(image: np.ndarray, labels: dict, rng: np.random.Generator,
                    negatives: int = LOCATED_NEGATIVES) -> Iterator[Sample]:
    """Crops at the run-time locator's corners: the card where one sits on a visible index corner,
    "none" for a few of those that sit on no index corner."""
    corners = _index_corners(labels)
    if not corners:
        return
    scales = [c[2] for c in corners]
    strays: list[CornerFrame] = []
    for frame in junction_frames(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)):
        origin, x_dir = np.array(frame.origin), np.array(frame.x_dir)
        nearest = min(corners, key=lambda c: np.linalg.norm(origin - c[0]) / c[2] if np.dot(x_dir, c[1]) > 0.9 else np.inf)
        aligned = np.dot(x_dir, nearest[1]) > 0.9
        distance = np.linalg.norm(origin - nearest[0]) / nearest[2]
        if aligned and distance <= MATCH_DISTANCE:
            if nearest[3] is not None and nearest[3] != NONE_CLASS:
                scale = nearest[2] * float(np.exp(rng.uniform(-SCALE_JITTER, SCALE_JITTER)))
                yield Sample(corner_crop(image, frame.with_scale(scale)), nearest[3])
        elif not aligned or distance > AMBIGUOUS_DISTANCE:
            strays.append(frame)
    for k in rng.permutation(len(strays))[:negatives]:
        scale = float(rng.choice(scales)) * float(np.exp(rng.uniform(-0.4, 0.4)))
        yield Sample(corner_crop(image, strays[k].with_scale(scale)), NONE_CLASS)


def scene_samples(image: np.ndarray, labels: dict, rng: np.random.Generator, positives: int = 2,
                  negatives: int = 3, located: bool = True) -> Iterator[Sample]:
    """Labelled corner crops of one scene (BGR image and its label dict), a share recoloured."""
    samples = _geometric_samples(image, labels, rng, positives, negatives)
    if located:
        samples = itertools.chain(samples, located_samples(image, labels, rng))
    for sample in samples:
        if rng.random() < RECOLOUR_SHARE:
            sample = Sample(recolour_ink(sample.crop, rng), sample.label)
        yield sample


def labelled_corner_frames(quad: np.ndarray) -> list[CornerFrame]:
    """The four corner frames of a labelled card outline (top-left, top-right, bottom-right,
    bottom-left in the card's own frame), at the card's short side: those of the index corners
    (0 and 2) put the index upright in the crop, as the run-time reading expects."""
    quad = np.asarray(quad, float)
    short = float(min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1])))
    return [frame_from_points(quad[k], quad[(k + 1) % 4], quad[k - 1], short) for k in range(4)]


def _geometric_samples(image: np.ndarray, labels: dict, rng: np.random.Generator, positives: int,
                       negatives: int) -> Iterator[Sample]:
    """Crops at the labelled corners (jittered as the locator errs), plus random "none" crops."""
    scales = []
    for card in labels["cards"]:
        quad = np.asarray(card["quad"], float)
        frames = labelled_corner_frames(quad)
        scales.append(frames[0].scale)
        for k, frame in enumerate(frames):
            if k in (0, 2):
                label = _index_label(card, quad[k])
                if label is None:
                    continue
                for _ in range(positives if label != NONE_CLASS else 1):
                    yield Sample(corner_crop(image, _jitter(frame, rng)), label)
                if label != NONE_CLASS and rng.random() < 0.5:
                    wrong = float(rng.choice([0.45, 0.5, 2.0, 2.3]))
                    yield Sample(corner_crop(image, _jitter(frame, rng, wrong)), NONE_CLASS)
            elif rng.random() < 0.5:
                yield Sample(corner_crop(image, _jitter(frame, rng)), NONE_CLASS)
    if not scales:
        return
    height, width = image.shape[:2]
    for _ in range(negatives):
        card = labels["cards"][int(rng.integers(len(labels["cards"])))]
        quad = np.asarray(card["quad"], float)
        weights = rng.dirichlet(np.ones(4))
        point = weights @ quad if rng.random() < 0.7 else rng.uniform([0, 0], [width, height])
        angle = rng.uniform(0, 2 * np.pi)
        x = np.array([np.cos(angle), np.sin(angle)])
        frame = frame_from_points(point, point + x, point + np.array([-x[1], x[0]]), float(rng.choice(scales)))
        yield Sample(corner_crop(image, _jitter(frame, rng)), NONE_CLASS)


def _split_of(image_id: str, val_fraction: float) -> str:
    return "val" if zlib.crc32(image_id.encode()) % 1000 < val_fraction * 1000 else "train"


def build_classifier_dataset(synth_dirs: list[Path], out_dir: Path, seed: int = 0,
                             val_fraction: float = 0.1) -> Counter:
    """Write `out_dir/{train,val}/<label>/*.png` from synth datasets; return the count per label."""
    label_files = sorted(p for d in synth_dirs for p in (Path(d) / "labels").glob("*.json"))
    if not label_files:
        raise FileNotFoundError(f"no labels/*.json under {', '.join(map(str, synth_dirs))}; "
                                "generate scenes first with `nainjaune synth --out DIR --count N`")
    rng = np.random.default_rng(seed)
    counts: Counter = Counter()
    for label_file in tqdm(label_files, desc="corner crops", unit="scene"):
        labels = json.loads(label_file.read_text())
        image = cv2.imread(str(label_file.parent.parent / "images" / f"{label_file.stem}.jpg"))
        if image is None:
            continue
        split = _split_of(f"{label_file.parent.parent.name}/{label_file.stem}", val_fraction)
        for n, sample in enumerate(scene_samples(image, labels, rng)):
            folder = Path(out_dir) / split / sample.label
            folder.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(folder / f"{label_file.parent.parent.name}-{label_file.stem}-{n}.png"), sample.crop)
            counts[sample.label] += 1
    _fill_val(Path(out_dir))
    return counts


def _fill_val(out_dir: Path) -> None:
    """Give every class at least one validation crop: ultralytics numbers classes per split folder."""
    for train_class in sorted((out_dir / "train").iterdir()):
        val_class = out_dir / "val" / train_class.name
        if not val_class.is_dir() or not any(val_class.iterdir()):
            val_class.mkdir(parents=True, exist_ok=True)
            first = next(train_class.iterdir())
            first.rename(val_class / first.name)


def write_samples(samples: list[Sample], out_dir: Path, split: str) -> None:
    """Write in-memory samples in the folder layout ultralytics' classifier reads."""
    for n, sample in enumerate(samples):
        folder = Path(out_dir) / split / sample.label
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / f"{n}.png"), sample.crop)

