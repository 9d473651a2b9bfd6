"""`nainjaune deck learn|add|list|remove`: teach the recogniser the deck on the table.

    deck learn NAME SOURCE [--calibration calib.json]   deal the pack face up onto the pile, one card at a time
    deck add NAME LABELS.jsonl                          labelled images ({"image": ..., "cards": [...]} per line)
    deck list                                           the enrolled decks
    deck remove NAME

Decks live in the data directory (`$NAINJAUNE_DATA` or the per-user one; `--data` to choose). `learn` stores
the cards it reads surely and once; the others go to a review file to correct and `deck add`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from nainjaune.errors import CliError

if TYPE_CHECKING:
    from vision.deck.store import DeckStore

REVIEW_CROP = (256, 360)  # upright card images written for review: big enough to read by eye and to crop again


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=None, help="data directory (default: $NAINJAUNE_DATA or the "
                                                                "per-user data directory)")
    parser.add_argument("--model", type=Path, default=None,
                        help="ONNX classifier (default: models/card-index-cls.onnx)")
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    learn = sub.add_parser("learn", help="learn a deck from a pass of its cards through the pile zone")
    learn.add_argument("name", help="the deck's name")
    learn.add_argument("source", help="camera index (0), stream URL or video file")
    learn.add_argument("--calibration", default="auto",
                       help="calib.json with the zones in image pixels, or 'auto' for the printed mat's markers")
    learn.add_argument("--pack", type=int, choices=(32, 52), default=52, help="cards in the pack (default 52)")
    add = sub.add_parser("add", help="add labelled images to a deck (made if new)")
    add.add_argument("name", help="the deck's name")
    add.add_argument("labels", type=Path, help="JSON lines: {\"image\": path, \"cards\": [{\"card\": \"QS\", "
                                               "\"box\": [x1, y1, x2, y2]}]}")
    sub.add_parser("list", help="list the enrolled decks")
    remove = sub.add_parser("remove", help="forget a deck and its crops")
    remove.add_argument("name", help="the deck's name")


def _store(args: argparse.Namespace) -> DeckStore:
    from vision.datadir import default_data_dir
    from vision.deck.store import DeckStore

    try:
        return DeckStore(args.data or default_data_dir())
    except OSError as exc:
        raise CliError(f"cannot open the deck store in {args.data or default_data_dir()}: {exc}") from None


def run(args: argparse.Namespace) -> int:
    from vision.deck.store import DeckError

    store = _store(args)
    try:
        if args.action == "list":
            return _list(store)
        if args.action == "remove":
            store.remove(args.name)
            print(f"removed deck {args.name}", file=sys.stderr)
            return 0
        if args.action == "add":
            return _add(store, args)
        return _learn(store, args)
    except DeckError as exc:
        raise CliError(str(exc)) from None


def _list(store: DeckStore) -> int:
    decks = store.decks()
    last = store.last_used()
    for d in decks:
        mark = " (last used)" if d.name == last else ""
        print(f"{d.name}\t{d.cards} cards\t{d.crops} crops\t{d.size_bytes / 1e6:.1f} MB\t{d.created_at}{mark}")
    if not decks:
        print("no deck enrolled yet: nainjaune deck learn NAME SOURCE, or nainjaune deck add NAME LABELS.jsonl",
              file=sys.stderr)
    return 0


def _add(store: DeckStore, args: argparse.Namespace) -> int:
    import numpy as np

    from vision.deck.labels import LabelError, labelled_samples, read_labels

    try:
        items = read_labels(args.labels)
    except LabelError as exc:
        raise CliError(str(exc)) from None
    rng = np.random.default_rng(0)
    samples = [s for item in items for s in labelled_samples(item, rng)]
    stored = store.add(args.name, samples, f"add:{args.labels}")
    cards = sum(len(item.cards) for item in items)
    print(f"deck {args.name}: {cards} card sightings from {len(items)} images, {stored} crops stored",
          file=sys.stderr)
    return 0


def _learn(store: DeckStore, args: argparse.Namespace) -> int:
    import cv2
    import numpy as np

    from vision.calibration import CalibrationError, calibrate_from_markers, load_calibration_file
    from vision.deck.learn import doubtful, missing, pass_sightings, upright
    from vision.deck.samples import card_samples
    from vision.recognise.classifier import DEFAULT_MODEL
    from vision.recognise.identify import crop_scores
    from vision.sources import SourceError, open_source

    model = args.model or DEFAULT_MODEL
    try:
        source = open_source(int(args.source) if args.source.isdigit() else args.source)
        frames = (frame.image for frame in source)
        first = next(frames, None)
        if first is None:
            raise CliError(f"{args.source}: no frame could be read")
        if args.calibration == "auto":
            calib = calibrate_from_markers(first, ("1", "2", "3"))
        else:
            calib = load_calibration_file(args.calibration)
        sightings = pass_sightings(itertools.chain([first], frames), calib, lambda crop: crop_scores(crop, model))
    except (CalibrationError, SourceError) as exc:
        raise CliError(str(exc)) from None
    unsure = set(doubtful(sightings))
    rng = np.random.default_rng(0)
    sure = [s for i, s in enumerate(sightings) if i not in unsure]
    stored = store.add(args.name, [x for s in sure for x in card_samples(s.image, s.quad, str(s.card), rng)],
                       f"learn:{args.source}")
    for i, s in enumerate(sightings):
        print(f"{i + 1:3d} {s.card or '?':>3} {s.confidence:.3f}{'  check' if i in unsure else ''}")
    print(f"deck {args.name}: {len(sightings)} cards seen, {len(sure)} stored ({stored} crops)", file=sys.stderr)
    if unsure:
        review = store.root / f"review-{args.name}"
        review.mkdir(exist_ok=True)
        lines = []
        for i in sorted(unsure):
            s = sightings[i]
            path = review / f"{i + 1:03d}.png"
            cv2.imwrite(str(path), upright(s, REVIEW_CROP))
            lines.append(json.dumps({"image": str(path), "cards": [{"card": s.card or "??"}]}))
        (review / "labels.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{len(unsure)} cards to check: correct the cards in {review / 'labels.jsonl'}, then "
              f"nainjaune deck add {args.name} {review / 'labels.jsonl'}", file=sys.stderr)
    if gone := missing(sightings, args.pack):
        print(f"not seen: {' '.join(gone)}", file=sys.stderr)
    return 0

