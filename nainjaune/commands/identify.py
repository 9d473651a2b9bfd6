"""`nainjaune identify IMAGE [IMAGE…]`: one JSON line per image naming its cards.

Output per image: {"image": "path", "cards": [{"card": "QS", "confidence": 0.98,
"box": [x1, y1, x2, y2]}]}, each physical card once. An unreadable image gets one
error line on stderr and the others are still processed; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from nainjaune.errors import CliError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", type=Path, metavar="IMAGE", help="photos to read (JPEG, PNG, …)")
    parser.add_argument("--model", type=Path, default=None,
                        help="ONNX classifier (default: models/card-index-cls.onnx)")


def run(args: argparse.Namespace) -> int:
    import cv2

    from vision.recognise.classifier import DEFAULT_MODEL, ModelMissing, load_classifier
    from vision.recognise.identify import identify_image

    model = args.model or DEFAULT_MODEL
    try:
        load_classifier(model)
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
        cards = [d.to_json() for d in identify_image(image, model)]
        print(json.dumps({"image": str(path), "cards": cards}), flush=True)
    return 1 if failures else 0
