"""`nainjaune identify` with and without an enrolled deck: time, CPU and peak memory of each run (#24's target:
no slower and no more memory with a deck).

    python benchmarks/deck_identify.py --deck NAME [--data DIR] [--rounds 5] IMAGE...

The two commands run by turns, each in a fresh process (so both pay their own start-up and model loading, as a user
does), `--rounds` times; the medians and the largest peak are printed, with the cards each run named. The images:
e.g. `nainjaune synth --out DIR --count 40 --seed 8 --designs kde-tigullio-international --split heldout
--french-indices 0`, the deck from `python benchmarks/enrolment.py --designs kde-tigullio-international --scenes 0
--decks DIR`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(command: list[str], env: dict[str, str]) -> tuple[float, float, float, list[str]]:
    """Wall seconds, CPU seconds (user + system), peak resident MB and stdout lines of one run of `command`."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err, env=env, cwd=ROOT, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if process.returncode != 0:
            raise SystemExit(f"deck_identify: {' '.join(command[3:])[:80]} failed: {err.read().strip()[-400:]}")
        return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, out.read().splitlines()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("images", nargs="+", type=Path, metavar="IMAGE")
    parser.add_argument("--deck", required=True, help="an enrolled deck (nainjaune deck list)")
    parser.add_argument("--data", type=Path, default=None, help="data directory holding it (default: the usual)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each command, by turns (default 5)")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if args.data is not None:
        env["NAINJAUNE_DATA"] = str(args.data)
    base = [sys.executable, "-m", "nainjaune", "identify", *map(str, args.images)]
    commands = {"without deck": base, "with deck": [*base[:4], "--deck", args.deck, *base[4:]]}
    results: dict[str, list[tuple[float, float, float, list[str]]]] = {k: [] for k in commands}
    for k in range(args.rounds):
        for label, command in (commands.items() if k % 2 == 0 else reversed(commands.items())):
            results[label].append(_run(command, env))
    print(f"nainjaune identify on {len(args.images)} images, {args.rounds} runs each by turns")
    for label, runs in results.items():
        cards = sum(len(json.loads(line)["cards"]) for line in runs[-1][3])
        print(f"  {label:13s} wall median {statistics.median(r[0] for r in runs):.2f} s "
              f"(min {min(r[0] for r in runs):.2f}), CPU median {statistics.median(r[1] for r in runs):.2f} s, "
              f"peak memory {max(r[2] for r in runs):.0f} MB; {cards} cards named")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
