"""Deck enrolment on the held-out designs: one pass of the pack through the pile zone, then scenes of that deck.

    python benchmarks/enrolment.py [--data data/synth/heldout] [--designs a,b] [--scenes 20] [--corrections 5]
                                   [--deals N] [--seed 5]

Per design: `tablesim` films the 52 cards dealt face up onto the pile one at a time (its lighting, camera and
noise; the frames go straight to the learner); `vision.deck.learn` finds and reads each card; the user's fixes
are simulated (every card read wrong, or pointed out as unsure or read twice, is set right, and counted); the
deck is stored in a temporary data directory and its head learnt. Then the design's scenes in `--data`
(`nainjaune synth ... --designs NAME`) are read without and with the deck: recall / precision as
`benchmarks/recognition.py` counts them, and the most common confusions. Corrections: the card the deck
misreads most in the first half of the scenes gets `--corrections` labelled sightings from there added, as the
phone's corrections add them, and the second half is read again. Speed, memory and the deck's size are printed.

`--deals N`: N `tablesim` deals of the design (seeds `--seed`, `--seed`+1, ...) are filmed and read by the live
pipeline without and with the deck (`benchmarks/enrolment_deals.py`), per design and in total. A design may be a
variant `tablesim` films (`NAME:french`, `NAME:styleN[:LETTERS]`, see `vision.tablesim.faces`); its scenes are
those of `--data` drawn with the same indices. `--scenes 0` reads no scenes (no `--data` needed; name `--designs`).
`--decks DIR` keeps the enrolled decks in the data directory DIR, each named after its design, so that
`benchmarks/pipeline.py --decks DIR` reads deals with them.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nainjaune.threads import single_threaded_blas  # noqa: E402

single_threaded_blas()

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from benchmarks.enrolment_deals import Reading, bench_deals, deal_figures  # noqa: E402
from benchmarks.recognition import Tally, score_image  # noqa: E402
from vision.calibration import parse_calibration  # noqa: E402
from vision.deck import classifier as deck_classifier  # noqa: E402
from vision.deck.cards import pack  # noqa: E402
from vision.deck.classifier import DeckClassifier  # noqa: E402
from vision.deck.learn import doubtful, pass_sightings  # noqa: E402
from vision.deck.readers import deck_readers  # noqa: E402
from vision.deck.samples import card_samples  # noqa: E402
from vision.deck.store import DB_NAME, DeckStore, load_deck_classifier  # noqa: E402
from vision.recognise.classifier import DEFAULT_MODEL  # noqa: E402
from vision.recognise.identify import crop_scores, identify_image  # noqa: E402
from vision.tablesim.scene import SceneConfig, TableScene  # noqa: E402
from vision.tablesim.script import Action, DealScript  # noqa: E402

PLAYERS = ("Anne", "Bruno", "Chloé")


def film_pass(design: str, seed: int) -> tuple[TableScene, list[str]]:
    """A table scene in which one player deals the whole pack, shuffled, face up onto the pile."""
    cards = pack(52)
    random.Random(seed).shuffle(cards)
    script = DealScript(PLAYERS, PLAYERS[0], {p: () for p in PLAYERS}, (),
                        tuple(Action("play", PLAYERS[1], c) for c in cards), PLAYERS[1], False)
    return TableScene(script, SceneConfig(design=design, seed=seed, fidget_rate=0.0)), cards


def _figures(tally: Tally) -> str:
    expected, found = sum(tally.expected.values()), sum(tally.found.values())
    reported, right = sum(tally.reported.values()), sum(tally.right.values())
    return (f"recall {found}/{expected} ({found / max(expected, 1):.1%}), precision {right}/{reported} "
            f"({right / max(reported, 1):.1%})")


def _read(scenes: list[tuple[dict, np.ndarray]], classifier=None) -> tuple[Tally, float]:  # noqa: ANN001
    tally, seconds = Tally(), 0.0
    for labels, image in scenes:
        start = time.perf_counter()
        detections = identify_image(image, DEFAULT_MODEL, classifier)
        seconds += time.perf_counter() - start
        tally.images += 1
        score_image(detections, labels["cards"], tally)
    return tally, seconds


def _card_reads(tally: Tally, card: str) -> str:
    wrong = sum(n for (truth, _), n in tally.confusions.items() if truth == card)
    return f"{card}: expected {tally.expected[card]}, found {tally.found[card]}, read as another card {wrong}"


def corrections(scenes: list[tuple[dict, np.ndarray]], card: str, count: int, rng: np.random.Generator) -> list:
    """The crops of the first `count` labelled sightings of `card` in `scenes`, as corrections add them."""
    out = []
    for labels, image in scenes:
        for c in labels["cards"]:
            if c["card"] == card and any(ix.get("visible") for ix in c.get("indices", [])) and count > 0:
                out += card_samples(image, np.asarray(c["quad"], float), card, rng)
                count -= 1
    return out


def enrol(design: str, seed: int, store: DeckStore, rng: np.random.Generator) -> DeckClassifier:
    """Enrol `design` into `store` from one filmed pass, the user's fixes simulated; prints the pass and the deck."""
    scene, _ = film_pass(design, seed)
    calib = parse_calibration(scene.calibration_json(), list(PLAYERS))
    frames = 0

    def counted():  # noqa: ANN202
        nonlocal frames
        for frame in scene.frames():
            frames += 1
            yield frame

    truth: list[str] = []

    def read(crop: np.ndarray) -> dict[str, float]:
        truth.append(scene.pile[-1].card)  # what the user sees they laid: their fix, should the read be wrong
        return crop_scores(crop, DEFAULT_MODEL)

    start = time.perf_counter()
    sightings = pass_sightings(counted(), calib, read)
    learn_s = time.perf_counter() - start
    shown = set(doubtful(sightings))
    read_right = sum(s.card == t for s, t in zip(sightings, truth))
    fixes = sum(1 for i, (s, t) in enumerate(zip(sightings, truth)) if s.card != t or i in shown)
    fps = scene.config.fps
    unseen = [c for c in pack(52) if c not in truth]
    print(f"pass: {frames} frames = {frames / fps:.0f} s of the user's time at {fps:.0f} fps; "
          f"{len(sightings)}/52 cards found ({learn_s:.0f} s to film and read); read right {read_right}, "
          f"shown to check {len(shown)}, taps to fix {fixes}; not found: {' '.join(unseen) or 'none'}")
    samples = [x for s, t in zip(sightings, truth) for x in card_samples(s.image, s.quad, t, rng)]
    store.add(design, samples, "learn:tablesim")
    start = time.perf_counter()
    classifier = load_deck_classifier(store, design)
    adapt_s = time.perf_counter() - start
    size = sum(p.stat().st_size for p in [*store.folder(design).iterdir(), store.root / DB_NAME])
    print(f"deck: {len(samples)} crops, {size / 1e6:.2f} MB on disk; adaptation (features + head) {adapt_s:.1f} s")
    return classifier


def bench_scenes(design: str, scenes: list[tuple[dict, np.ndarray]], store: DeckStore, classifier: DeckClassifier,
                 rng: np.random.Generator, n_corrections: int) -> None:
    """The scenes read without and with the deck, then the second half again after corrections of its worst card."""
    generic, generic_s = _read(scenes)
    deck, deck_s = _read(scenes, classifier)
    print(f"without deck: {_figures(generic)}; {len(scenes) / generic_s:.2f} images/s")
    print(f"with deck:    {_figures(deck)}; {len(scenes) / deck_s:.2f} images/s")
    print("confusions with deck (true -> read): " + (", ".join(
        f"{t}->{p} ×{n}" for (t, p), n in deck.confusions.most_common(8)) or "none"))
    if n_corrections <= 0:
        return
    half = len(scenes) // 2
    first, _ = _read(scenes[:half], classifier)
    before, _ = _read(scenes[half:], classifier)
    wrong = Counter()
    for (t, _), n in first.confusions.items():
        wrong[t] += n
    wrong.update(first.expected - first.found)
    candidates = [(n, t) for t, n in wrong.items() if before.expected[t] and t != "(nothing)"]
    if not candidates:
        return
    card = max(candidates)[1]
    added = corrections(scenes[:half], card, n_corrections, rng)
    store.add(design, added, "correction:benchmark")
    after, _ = _read(scenes[half:], load_deck_classifier(store, design))
    print(f"after {n_corrections} corrections of {card} (scenes {half}-{len(scenes) - 1}): before "
          f"{_card_reads(before, card)}; after {_card_reads(after, card)}; all cards {_figures(before)} -> "
          f"{_figures(after)}")


def bench_design(design: str, scenes: list[tuple[dict, np.ndarray]], seed: int, n_corrections: int,
                 deals: int, decks: Path | None = None) -> tuple[list[Reading], list[Reading]]:
    """Enrol `design` (into the data directory `decks`, else a temporary one), read its scenes and `deals` live
    deals; the deals' readings without and with the deck."""
    print(f"\n== {design}: {len(scenes)} scenes, {deals} deals ==")
    rng = np.random.default_rng(seed)
    readings: tuple[list[Reading], list[Reading]] = ([], [])
    with tempfile.TemporaryDirectory() as data:
        store = DeckStore(decks or Path(data))
        if design in {d.name for d in store.decks()}:
            store.remove(design)  # enrolled again from this pass, not added to
        classifier = enrol(design, seed, store, rng)
        if deals > 0:
            readings = bench_deals(design, deck_readers(classifier), deals, seed)
        if scenes:
            bench_scenes(design, scenes, store, classifier, rng, n_corrections)
    return readings


def variant_of(labels: dict) -> str:
    """The design a scene shows, as `tablesim` names its variants ("NAME:french", "NAME:style7:german")."""
    parts = [labels["design"]] + (["french"] if labels.get("french_indices") else [])
    if labels.get("index_style") is not None:
        parts += [f"style{labels['index_style']}"] + ([labels["index_letters"]] if labels.get("index_letters") else [])
    return ":".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=Path("data/synth/heldout"))
    parser.add_argument("--designs", default=None, help="designs to enrol (default: every design in --data)")
    parser.add_argument("--scenes", type=int, default=20, help="scenes read per design (default 20)")
    parser.add_argument("--corrections", type=int, default=5)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--generic-none", type=float, default=deck_classifier.GENERIC_NONE,
                        help="the shipped model's none probability from which it overrules the deck (default "
                             f"{deck_classifier.GENERIC_NONE})")
    parser.add_argument("--deals", type=int, default=0, help="live deals filmed and read per design (default 0)")
    parser.add_argument("--decks", type=Path, help="keep the enrolled decks in this data directory, each named after "
                        "its design (for `pipeline.py --decks`); a deck of that name there is enrolled anew")
    args = parser.parse_args(argv)
    deck_classifier.GENERIC_NONE = args.generic_none
    label_files = sorted((args.data / "labels").glob("*.json")) if args.scenes > 0 else []
    if args.scenes > 0 and not label_files:
        print(f"no scenes in {args.data}; make them with: nainjaune synth --out {args.data} --count 120 --seed 7 "
              "--split heldout (or read none: --scenes 0 --designs NAMES)", file=sys.stderr)
        return 2
    if not label_files and not args.designs:
        print("--scenes 0 reads no scenes: name the designs to enrol with --designs", file=sys.stderr)
        return 2
    cv2.setNumThreads(2)
    sys.stdout.reconfigure(line_buffering=True)  # a design's figures show as soon as they are measured
    by_design: dict[str, list[Path]] = {}
    for f in label_files:
        by_design.setdefault(variant_of(json.loads(f.read_text())), []).append(f)
    designs = args.designs.split(",") if args.designs else sorted(by_design)
    generic: list[Reading] = []
    deck: list[Reading] = []
    for design in designs:
        files = by_design.get(design, [])[: args.scenes]
        scenes = [(json.loads(f.read_text()), cv2.imread(str(args.data / "images" / f"{f.stem}.jpg"))) for f in files]
        without, with_deck = bench_design(design, scenes, args.seed, args.corrections, args.deals, args.decks)
        generic += without
        deck += with_deck
    if args.deals > 0:
        print(f"\nall {len(generic)} deals without deck: {deal_figures(generic)}")
        print(f"all {len(deck)} deals with deck:    {deal_figures(deck)}")
    print(f"\npeak memory (ru_maxrss): {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
