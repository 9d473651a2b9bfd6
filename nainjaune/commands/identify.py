"""`nainjaune identify IMAGE [IMAGE…]`: one JSON line per image naming its cards.

Output per image: {"image": "path", "cards": [{"card": "QS", "confidence": 0.98,
"box": [x1, y1, x2, y2]}]}, each physical card once. `--deck NAME` reads with an enrolled deck
(`nainjaune deck`); a correct line can be fed back with `nainjaune deck add NAME`. An unreadable image gets one
error line on stderr and the others are still processed; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from nainjaune.errors import CliError

if TYPE_CHECKING:
    from vision.deck.classifier import DeckClassifier


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", type=Path, metavar="IMAGE", help="photos to read (JPEG, PNG, …)")
    parser.add_argument("--model", type=Path, default=None,
                        help="ONNX classifier (default: models/card-index-cls.onnx)")
    parser.add_argument("--deck", default=None, help="read with this enrolled deck (see nainjaune deck)")
    parser.add_argument("--data", type=Path, default=None,
                        help="data directory holding the decks (default: $NAINJAUNE_DATA or the per-user one)")


def run(args: argparse.Namespace) -> int:
    import cv2

    from vision.recognise.classifier import DEFAULT_MODEL, ModelMissing, load_classifier, require_model
    from vision.recognise.identify import Classifier, identify_image

    model = args.model or DEFAULT_MODEL
    try:
        require_model(model)
        # A deck's classifier runs the shipped network itself: loading it besides would only take memory.
        classifier: Classifier = deck_classifier(args.deck, args.data, model) if args.deck else load_classifier(model)
    except ModelMissing as exc:
        raise CliError(str(exc)) from exc
    failures = 0
    for path in args.images:
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            reason = "no such file" if not path.exists() else "not a readable image"
            print(f"nainjaune identify: error: {path}: {reason}", file=sys.stderr)
            failures += 1
            continue
        cards = [d.to_json() for d in identify_image(image, model, classifier)]
        print(json.dumps({"image": str(path), "cards": cards}), flush=True)
    return 1 if failures else 0


def deck_classifier(name: str, data: Path | None, model: Path) -> DeckClassifier:
    """The enrolled deck `name` of the data directory `data` (default: the usual one), or a one-line error."""
    from vision.datadir import default_data_dir
    from vision.deck.store import DeckError, DeckStore, load_deck_classifier

    try:
        return load_deck_classifier(DeckStore(data or default_data_dir()), name, model)
    except DeckError as exc:
        raise CliError(str(exc)) from None
