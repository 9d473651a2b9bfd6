"""Do a deck's learnt pip notches tell its suits apart, and never weigh the right suit down? (`vision.pips`)

Usage: python benchmarks/pip_shapes.py [--designs a,b] [--learn 2,3,4]

For every installed deck design (Debian's gnome-cards-data and kdegames-card-data-kf5), the faces of the --learn
ranks of each suit teach a `PipShapes` as the pile's sure reads would; then each face of the other number cards is
weighed against the four cards of its rank, as if the index had read all four alike. Prints per design, and in
total: how many of those faces weighed their own card down (wrong: must be 0) and how many weighed down the
other suit of their colour (spades against clubs, hearts against diamonds: what the pips can tell).
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
from vision.pips import PipShapes, pip_notches  # noqa: E402
from vision.signs import PARTNER  # noqa: E402
from vision.synth import decks  # noqa: E402


def measure(design: str, learn: list[str]) -> tuple[int, int, int]:
    """(faces weighed, faces that weighed their own card down, faces that weighed their partner suit down)."""
    pack = decks.get_design(design)

    def pips(card: str) -> tuple[tuple[int, ...], ...]:
        face = cv2.resize(decks.render_face(pack, card, 360)[..., :3], CROP_SIZE, interpolation=cv2.INTER_AREA)
        return (pip_notches(np.ascontiguousarray(face)),)

    shapes = PipShapes()
    for rank in learn:
        for suit in "SHDC":
            shapes.learn(rank + suit, pips(rank + suit))
    faces = wrong = told = 0
    for rank in sorted(NUMBER_RANKS - set(learn), key=int):
        for suit in "SHDC":
            weights = shapes.card_weights(pips(rank + suit), {rank + s: 1.0 for s in "SHDC"})
            faces += 1
            wrong += rank + suit in weights
            told += rank + PARTNER[suit] in weights
    return faces, wrong, told


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--designs", default=None, help="comma-separated designs (default: every installed one)")
    parser.add_argument("--learn", default="2,3,4", help="ranks whose faces teach the pips (default 2,3,4)")
    args = parser.parse_args(argv)
    installed = [s.name for s in decks.discover_sources()]
    designs = args.designs.split(",") if args.designs else installed
    unknown = [d for d in designs if d not in installed]
    if unknown:
        print(f"error: not an installed design: {', '.join(unknown)}", file=sys.stderr)
        return 2
    learn = args.learn.split(",")
    if not set(learn) <= NUMBER_RANKS:
        print(f"error: --learn takes number ranks (2-10), got {args.learn}", file=sys.stderr)
        return 2
    total, measured = [0, 0, 0], 0
    for design in tqdm(designs, desc="designs", unit="design"):
        try:
            faces, wrong, told = measure(design, learn)
        except KeyError as unusable:   # a design the generator cannot draw indices for (decks.get_design says why)
            tqdm.write(f"{design}: skipped, {unusable.args[0]}")
            continue
        tqdm.write(f"{design}: {faces} faces, own card weighed down {wrong}, other suit of its colour {told}")
        total = [a + b for a, b in zip(total, (faces, wrong, told))]
        measured += 1
    faces, wrong, told = total
    print(f"{measured} designs: {faces} faces; own card weighed down {wrong}; "
          f"other suit of its colour weighed down {told} ({100 * told / max(faces, 1):.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
