"""Synthetic scenes generated per second (`vision.synth.scene`), face cache warm.

Usage: python benchmarks/synth_speed.py [--count N] [--size 1280x720] [--designs a,b,...]

Renders N scenes in this process (one core), cycling through the scene kinds and the
given designs, after a warm-up that loads every face of those designs. Prints scenes
per second by CPU time of this process and by wall-clock time, overall and per kind;
on a shared machine the wall-clock figure is lowered by the neighbours, not by the code.
Target: ≥ 10 scenes/s at 1280×720. The JPEG written by `nainjaune synth` is not included
(about 10 ms more per scene).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision.synth.card_ids import card_codes  # noqa: E402
from vision.synth.decks import get_design, load_face  # noqa: E402
from vision.synth.scene import KINDS, scene  # noqa: E402

DEFAULT_DESIGNS = "kde-standard,aisleriot-anglo,aisleriot-paris,kde-nicu-white"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--designs", default=DEFAULT_DESIGNS)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    designs = [get_design(name) for name in args.designs.split(",")]
    for design in designs:
        for card in card_codes():
            load_face(design, card)
    for i in range(len(KINDS) * 2):
        scene(10_000 + i, designs[i % len(designs)], KINDS[i % len(KINDS)], (width, height))
    per_kind: dict[str, list[float]] = {kind: [0.0, 0.0, 0.0] for kind in KINDS}
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for i in range(args.count):
        kind = KINDS[i % len(KINDS)]
        c, w = time.process_time(), time.perf_counter()
        scene(i, designs[i % len(designs)], kind, (width, height))
        per_kind[kind][0] += time.process_time() - c
        per_kind[kind][1] += time.perf_counter() - w
        per_kind[kind][2] += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"{args.count} scenes at {width}x{height}, designs {args.designs}")
    print(f"all     {args.count / cpu:6.1f} scenes/s by CPU time   {args.count / wall:6.1f} scenes/s by wall clock")
    for kind, (kc, kw, n) in per_kind.items():
        print(f"{kind:7} {n / kc:6.1f} scenes/s by CPU time   {n / kw:6.1f} scenes/s by wall clock")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
