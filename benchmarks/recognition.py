"""Card recognition on held-out deck designs: accuracy, confusions, speed, memory, model size.

    python benchmarks/recognition.py [--data data/synth/heldout] [--limit N] [--skip N]

The test set is made by the scene generator from the designs never used in training:
    nainjaune synth --out data/synth/heldout --count 300 --seed 7 --split heldout
(a set made by other generator code is named in a warning line: its figures are another set's).
A card is *expected* in a scene when one of its corner indices is visible (generator
labels); a detection is *right* when its code is the code of a card whose outline its
box overlaps. Per card: recall = right detections / expected, precision = right /
all detections of that code. French-index scenes (R/D/V) are reported separately.
Also timed: `identify_crop` on the upright crop of each fully visible card, as the
live pipeline cuts it from the pile. And the classifier alone, on crops placed exactly
on the labelled corner of every wholly visible index (top-left and bottom-right), by card
size: what the recogniser would read if the locator were perfect; and per card, at either index, how many
the classifier names right at the threshold and how many it ranks first at any confidence: the most that any
change to the locator, the merge or the threshold could give this classifier.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nainjaune.threads import single_threaded_blas  # noqa: E402

single_threaded_blas()

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision.recognise.classifier import DEFAULT_MODEL, IndexClassifier, load_classifier  # noqa: E402
from vision.recognise.crops import corner_crop  # noqa: E402
from vision.recognise.identify import GATE_FILE, MIN_CONFIDENCE, Detection, identify_crop, identify_image  # noqa: E402
from vision.synth.dataset import stale_note  # noqa: E402
from vision.training.dataset import index_at, labelled_corner_frames  # noqa: E402

CROP_SIZE = (128, 180)
CROP_GROW = 1.06
WHOLE_INDEX = 0.95  # labelled visible fraction from which an index counts as wholly visible
SIZE_BANDS = ((80.0, "< 80 px"), (110.0, "80-110 px"), (float("inf"), ">= 110 px"))  # card short side


@dataclass
class Tally:
    expected: Counter = field(default_factory=Counter)
    found: Counter = field(default_factory=Counter)
    reported: Counter = field(default_factory=Counter)
    right: Counter = field(default_factory=Counter)
    confusions: Counter = field(default_factory=Counter)
    crops: int = 0
    crops_right: int = 0
    images: int = 0
    exact: Counter = field(default_factory=Counter)  # per size band
    exact_right: Counter = field(default_factory=Counter)
    exact_misread: int = 0
    exact_top1: int = 0
    exact_cards: int = 0  # cards with a wholly visible index (see card_ceiling)
    exact_cards_right: int = 0
    exact_cards_top1: int = 0


def _overlaps(box: tuple[float, float, float, float], quad: np.ndarray) -> bool:
    x1, y1 = quad.min(axis=0)
    x2, y2 = quad.max(axis=0)
    ix = max(0.0, min(box[2], x2) - max(box[0], x1))
    iy = max(0.0, min(box[3], y2) - max(box[1], y1))
    inter = ix * iy
    union = (box[2] - box[0]) * (box[3] - box[1]) + (x2 - x1) * (y2 - y1) - inter
    return union > 0 and inter / union > 0.2


def score_image(detections: list[Detection], cards: list[dict], tally: Tally) -> None:
    """Add one image's detections against its labelled cards to the tally."""
    expected = {c["card"] for c in cards if any(ix.get("visible") for ix in c.get("indices", []))}
    quads = {c["card"]: np.asarray(c["quad"], float) for c in cards}
    tally.expected.update(expected)
    found: set[str] = set()
    for det in detections:
        tally.reported[det.card] += 1
        if det.card in quads and _overlaps(det.box, quads[det.card]):
            tally.right[det.card] += 1
            found.add(det.card)
            continue
        under = [code for code, quad in quads.items() if _overlaps(det.box, quad)]
        tally.confusions[(under[0] if under else "(nothing)", det.card)] += 1
    tally.found.update(found & expected)


@dataclass(frozen=True)
class ExactRead:
    """The classifier alone on one wholly visible index, from a crop placed exactly on its labelled corner."""

    card: int  # the card's position in the scene's labels
    band: str  # card short side, one of SIZE_BANDS
    right: bool  # named right at MIN_CONFIDENCE
    misread: bool  # named another card at MIN_CONFIDENCE
    top1: bool  # the card is the classifier's first choice, however unsure


def card_ceiling(reads: list[ExactRead]) -> tuple[int, int, int]:
    """(cards, cards named right at one index at least, cards that are the first choice at one index at least).

    A card is found when either of its indices is read, so this is what a perfect locator and merge would give
    the classifier on these cards; the last figure, what any threshold could give it at best."""
    right: dict[int, bool] = {}
    top1: dict[int, bool] = {}
    for r in reads:
        right[r.card] = right.get(r.card, False) or r.right
        top1[r.card] = top1.get(r.card, False) or r.top1
    return len(right), sum(right.values()), sum(top1.values())


def exact_readings(image: np.ndarray, cards: list[dict], classifier: IndexClassifier) -> list[ExactRead]:
    """Each wholly visible index at a top-left or bottom-right corner, read by the classifier alone from a crop
    placed exactly on the labelled corner. The extra indices of four-index decks are left out: the recogniser
    does not read those corners."""
    frames, truths, bands, positions = [], [], [], []
    for position, card in enumerate(cards):
        quad = np.asarray(card["quad"], float)
        corner_frames = labelled_corner_frames(quad)
        for k in (0, 2):
            index = index_at(card, quad[k])
            if index is None or index.get("visible_fraction", 0.0) < WHOLE_INDEX:
                continue
            frames.append(corner_frames[k])
            truths.append(card["card"])
            positions.append(position)
            bands.append(next(name for limit, name in SIZE_BANDS if corner_frames[k].scale < limit))
    if not frames:
        return []
    probs = classifier.probabilities(np.stack([corner_crop(image, f, classifier.imgsz) for f in frames]))
    readings = []
    none = classifier.names[classifier.none_index]
    for p, truth, band, position in zip(probs, truths, bands, positions):
        name, sure = classifier.names[int(p.argmax())], float(p.max()) >= MIN_CONFIDENCE
        readings.append(ExactRead(position, band, sure and name == truth, sure and name not in (truth, none),
                                  name == truth))
    return readings


def upright_crop(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card cut upright and slightly grown, as the live pipeline hands it to `identify_crop`."""
    centre = quad.mean(axis=0)
    grown = centre + (quad - centre) * CROP_GROW
    w, h = CROP_SIZE
    target = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    return cv2.warpPerspective(image, cv2.getPerspectiveTransform(grown.astype(np.float32), target), (w, h))


def _print_table(title: str, tally: Tally, per_card: bool = True) -> None:
    codes = sorted(set(tally.expected) | set(tally.reported))
    total_expected = sum(tally.expected.values())
    total_found = sum(tally.found.values())
    total_reported = sum(tally.reported.values())
    total_right = sum(tally.right.values())
    print(f"\n== {title}: {tally.images} images, {total_expected} expected card sightings ==")
    if not total_expected:
        return
    print(f"overall recall {total_found / total_expected:.2%}   precision "
          f"{(total_right / total_reported if total_reported else 0):.2%}   ({total_reported} detections)")
    recalls = {c: tally.found[c] / tally.expected[c] for c in codes if tally.expected[c]}
    precisions = {c: tally.right[c] / tally.reported[c] for c in codes if tally.reported[c]}
    print(f"per card: worst recall {min(recalls.values()):.1%} ({min(recalls, key=recalls.get)}), "
          f"worst precision {min(precisions.values(), default=0):.1%} "
          f"({min(precisions, key=precisions.get) if precisions else '-'})")
    if not per_card:
        if tally.crops:
            print(f"identify_crop: {tally.crops_right}/{tally.crops} right")
        _print_exact(tally)
        return
    print("card  expected  recall  precision")
    for code in codes:
        r = f"{recalls[code]:.1%}" if code in recalls else "-"
        p = f"{precisions[code]:.1%}" if code in precisions else "-"
        print(f"{code:>4}  {tally.expected[code]:8d}  {r:>6}  {p:>9}")
    print("confusions (true -> reported): " + (", ".join(
        f"{t}->{p} ×{n}" for (t, p), n in tally.confusions.most_common(25)) or "none"))
    if tally.crops:
        print(f"identify_crop on upright crops of fully visible cards: {tally.crops_right}/{tally.crops} "
              f"right ({tally.crops_right / tally.crops:.2%})")
    _print_exact(tally)


def _print_exact(tally: Tally) -> None:
    total, right = sum(tally.exact.values()), sum(tally.exact_right.values())
    if not total:
        return
    bands = ", ".join(f"{name} {tally.exact_right[name]}/{n} ({tally.exact_right[name] / n:.1%})"
                      for _, name in SIZE_BANDS if (n := tally.exact[name]))
    print(f"classifier alone on exactly placed crops of wholly visible indices: {right}/{total} right "
          f"({right / total:.2%}), {tally.exact_misread} read as another card; by card short side: {bands}")
    cards, cards_right, cards_top1 = tally.exact_cards, tally.exact_cards_right, tally.exact_cards_top1
    print(f"  first choice at any confidence: {tally.exact_top1}/{total} ({tally.exact_top1 / total:.2%}); "
          f"per card, either index: {cards_right}/{cards} right ({cards_right / cards:.2%}), "
          f"first choice {cards_top1}/{cards} ({cards_top1 / cards:.2%}): the most a perfect "
          "locator, merge and threshold could give this classifier on these cards")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path("data/synth/heldout"))
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL)
    parser.add_argument("--limit", type=int, default=0, help="use only the first N scenes")
    parser.add_argument("--skip", type=int, default=0,
                        help="leave out the first N scenes (e.g. those the thresholds were chosen on)")
    args = parser.parse_args(argv)
    label_files = sorted((args.data / "labels").glob("*.json"))[args.skip:][: args.limit or None]
    if not label_files:
        print(f"no scenes in {args.data}; make them with: nainjaune synth --out {args.data} --count 300 "
              "--seed 7 --split heldout", file=sys.stderr)
        return 2
    if note := stale_note(args.data):
        print(f"warning: {note}")
    cv2.setNumThreads(2)
    classifier = load_classifier(args.model)
    tallies = {"all": Tally(), "english indices": Tally(), "french indices (R/D/V)": Tally()}
    designs: Counter = Counter()
    seconds, timed_pixels, crop_seconds = 0.0, 0, []
    for label_file in label_files:
        labels = json.loads(label_file.read_text())
        image = cv2.imread(str(args.data / "images" / f"{label_file.stem}.jpg"))
        designs[labels.get("design", "?")] += 1
        start = time.perf_counter()
        detections = identify_image(image, args.model)
        seconds += time.perf_counter() - start
        timed_pixels += image.shape[0] * image.shape[1]
        group = "french indices (R/D/V)" if labels.get("french_indices") else "english indices"
        kind = f"scene kind: {labels.get('kind', '?')}"
        design = f"design: {labels.get('design', '?')}"
        groups = ("all", group, kind, design)
        for name in groups:
            tally = tallies.setdefault(name, Tally())
            tally.images += 1
            score_image(detections, labels["cards"], tally)
        reads = exact_readings(image, labels["cards"], classifier)
        cards, cards_right, cards_top1 = card_ceiling(reads)
        for name in groups:
            tally = tallies[name]
            for r in reads:
                tally.exact[r.band] += 1
                tally.exact_right[r.band] += r.right
                tally.exact_misread += r.misread
                tally.exact_top1 += r.top1
            tally.exact_cards += cards
            tally.exact_cards_right += cards_right
            tally.exact_cards_top1 += cards_top1
        for card in labels["cards"]:
            if card.get("fully_visible"):
                crop = upright_crop(image, np.asarray(card["quad"], float))
                start = time.perf_counter()
                code, _ = identify_crop(crop, args.model)
                crop_seconds.append(time.perf_counter() - start)
                for name in groups:
                    tallies[name].crops += 1
                    tallies[name].crops_right += code == card["card"]
    sizes = Counter(tuple(json.loads(f.read_text())["size"]) for f in label_files[:20])
    gate = args.model.with_name(GATE_FILE)
    gate_note = f", gate {gate.name} ({gate.stat().st_size / 1e6:.2f} MB)" if gate.is_file() else ", no gate"
    print(f"model {args.model} ({args.model.stat().st_size / 1e6:.2f} MB){gate_note}; scenes {len(label_files)} from "
          f"{args.data}; designs: {', '.join(f'{d} ×{n}' for d, n in sorted(designs.items()))}")
    for title, tally in sorted(tallies.items(), key=lambda kv: kv[0].startswith("design: ")):
        _print_table(title, tally, per_card=not title.startswith(("scene kind", "design: ")))
    megapixels = timed_pixels / len(label_files) / 1e6
    print(f"\nspeed: {len(label_files) / seconds:.2f} images/s (mean image {megapixels:.2f} MP; sizes "
          f"{dict(sizes)}) with onnxruntime on 2 threads")
    if crop_seconds:
        print(f"single settled-card crop: median {1000 * float(np.median(crop_seconds)):.1f} ms, "
              f"p95 {1000 * float(np.percentile(crop_seconds, 95)):.1f} ms over {len(crop_seconds)} crops")
    print(f"peak memory (ru_maxrss): {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
