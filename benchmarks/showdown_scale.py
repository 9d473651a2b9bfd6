"""Does the shown-hand reader depend on the card size in the view? (issue 21: no number that assumes one geometry)

Usage: python benchmarks/showdown_scale.py [--designs a,b] [--hands 8] [--sizes 45,60,90,180,240]

A seat zone is read at the rectified view's own scale (`vision.showdown`); the view's card size differs from table
to table (camera distance, the mat printed on A3 or A2, a tapped board's view, the camera picture itself). For each
card short side in --sizes, --hands rows of four overlapping cards (random cards of the designs, a third of a card
apart, turned up to 3°, on felt, filmed: a little blur and JPEG) are read by the shipped recogniser's
`identify_hand` twice: as they are, and
resized so that the cards' short side is the printed A3 mat's (90 px, where the reader was made). Prints the cards
read right and wrong each way: equal columns say the reader needs no resize to the card size measured.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from vision import mat  # noqa: E402
from vision.calibration import VIEW_SCALE  # noqa: E402
from vision.recognise.identify import identify_hand  # noqa: E402
from vision.tablesim.faces import default_designs, face  # noqa: E402

MAT_CARD_SHORT = VIEW_SCALE * 63.0 / mat.PAGE_MM["A3"][0]
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FELT = (55, 95, 145)
CAMERA_BLUR = 0.8
"""Gaussian sigma, in view pixels, of a webcam's softness (lens, demosaicing, the warp to the view)."""
JPEG_QUALITY = 85
"""A webcam's or a phone stream's compression."""


def hand_view(design: str, cards: list[str], short: float, rng: np.random.Generator) -> np.ndarray:
    """A seat zone holding `cards` in an overlapping row, each card `short` px wide."""
    tall = int(round(short * 88 / 63))
    step = short / 3
    width, height = int(short * 3 + step * (len(cards) - 1)), int(tall * 1.8)
    canvas = np.full((height, width, 3), FELT, np.float64)
    for i, card in enumerate(cards):
        art = face(design, card, tall)
        fh, fw = art.shape[:2]
        m = cv2.getRotationMatrix2D((fw / 2, fh / 2), float(rng.uniform(-3, 3)), 1.0)
        m[:, 2] += (short + i * step, height / 2 - fh / 2)
        warped = cv2.warpAffine(art, m, (width, height), flags=cv2.INTER_AREA, borderValue=(0, 0, 0, 0))
        alpha = warped[:, :, 3:4] / 255.0
        canvas = canvas * (1 - alpha) + warped[:, :, :3] * alpha
    filmed = cv2.GaussianBlur(canvas.astype(np.uint8), (0, 0), CAMERA_BLUR)
    return cv2.imdecode(cv2.imencode(".jpg", filmed, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])[1], cv2.IMREAD_COLOR)


def read(view: np.ndarray, factor: float) -> set[str]:
    if factor != 1.0:
        view = cv2.resize(view, None, fx=factor, fy=factor,
                          interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC)
    return {d.card for d in identify_hand(view)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--designs", help="comma-separated deck designs (default: the held-out ones)")
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--sizes", default="45,60,90,180,240", help="card short sides in view pixels")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    designs = args.designs.split(",") if args.designs else default_designs(held_out=True)
    print(f"{args.hands} hands of 4 cards per size, designs {', '.join(designs)}")
    print(f"{'card short side':>16} | {'read as it is':>20} | {f'resized to {MAT_CARD_SHORT:.0f} px':>20}")
    for short in (float(s) for s in args.sizes.split(",")):
        counts = {1.0: [0, 0], MAT_CARD_SHORT / short: [0, 0]}
        for factor, tally in counts.items():
            rng = np.random.default_rng(args.seed)
            for i in range(args.hands):
                ranks, suits = rng.choice(13, 4, replace=False), rng.integers(0, 4, 4)
                cards = [RANKS[r] + "SHDC"[s] for r, s in zip(ranks, suits)]
                found = read(hand_view(designs[i % len(designs)], cards, short, rng), factor)
                tally[0] += len(found & set(cards))
                tally[1] += len(found - set(cards))
        total = 4 * args.hands
        cells = [f"{right}/{total} right, {wrong} wrong" for right, wrong in counts.values()]
        print(f"{short:>13.0f} px | {cells[0]:>20} | {cells[-1]:>20}", flush=True)


if __name__ == "__main__":
    main()
