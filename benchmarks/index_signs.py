"""Does a deck's learnt index sign tell the suit of its aces and court cards, and never take a right read for the
other suit of its colour? (`vision.signs`)

Usage: python benchmarks/index_signs.py [--designs a,b] [--size PX]

For every installed deck design (Debian's gnome-cards-data and kdegames-card-data-kf5), the number cards' faces
teach a `SignShapes` as the pile's sure reads would; then the sign of each ace, jack, queen and king is compared
with its own suit's and the other suit of its colour's (spades and clubs, hearts and diamonds). The faces are drawn at
--size pixels high and shrunk to the pile's crop, so a smaller size stands for a camera farther away. Prints per
design, and in total: the faces whose sign was found, how many look like the other suit (their right read would be
renamed: wrong, must be 0) and how many would correct a read in the other suit (told).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from tqdm import tqdm  # noqa: E402

from vision.figures import NUMBER_RANKS  # noqa: E402
from vision.locate import CROP_SIZE  # noqa: E402
from vision.signs import PARTNER, SignShapes, index_sign  # noqa: E402
from vision.synth import decks  # noqa: E402

FACE_RANKS = ("A", "J", "Q", "K")


def measure(design: str, size: int) -> tuple[int, int, int, int]:
    """(aces and courts, whose sign was found, that look like the other suit of their colour, that a read in that
    other suit would be corrected by)."""
    pack = decks.get_design(design)

    def sign(card: str) -> np.ndarray | None:
        face = cv2.resize(decks.render_face(pack, card, size)[..., :3], CROP_SIZE, interpolation=cv2.INTER_AREA)
        return index_sign(np.ascontiguousarray(face))

    shapes = SignShapes()
    for rank in NUMBER_RANKS:
        for suit in "SHDC":
            shapes.learn(rank + suit, [sign(rank + suit)])
    faces = found = wrong = told = 0
    for rank in FACE_RANKS:
        for suit in "SHDC":
            seen = [sign(rank + suit)]
            faces += 1
            found += seen[0] is not None
            wrong += shapes.looks_like(seen, suit, PARTNER[suit])
            told += shapes.looks_like(seen, PARTNER[suit], suit)
    return faces, found, wrong, told


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--designs", default=None, help="comma-separated designs (default: every installed one)")
    parser.add_argument("--size", type=int, default=360, help="face height drawn before shrinking (default 360)")
    args = parser.parse_args(argv)
    installed = [s.name for s in decks.discover_sources()]
    designs = args.designs.split(",") if args.designs else installed
    unknown = [d for d in designs if d not in installed]
    if unknown or args.size < CROP_SIZE[1]:
        reason = f"not an installed design: {', '.join(unknown)}" if unknown else f"--size below {CROP_SIZE[1]}"
        print(f"error: {reason}", file=sys.stderr)
        return 2
    total, measured = np.zeros(4, int), 0
    for design in tqdm(designs, desc="designs", unit="design"):
        try:
            counts = measure(design, args.size)
        except KeyError as unusable:   # a design the generator cannot draw indices for (decks.get_design says why)
            tqdm.write(f"{design}: skipped, {unusable.args[0]}")
            continue
        tqdm.write(f"{design}: {counts[0]} aces and courts, sign found {counts[1]}, looks like the other suit "
                   f"{counts[2]}, corrects a read in the other suit {counts[3]}")
        total += counts
        measured += 1
    faces, found, wrong, told = (int(v) for v in total)
    print(f"{measured} designs: {faces} aces and courts, sign found on {found}; looks like the other suit of its "
          f"colour (wrong) {wrong}; corrects a read in that suit {told} ({100 * told / max(faces, 1):.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
