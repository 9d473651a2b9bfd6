"""Deals simulated per second on one core, through the real engine (`engine.simulate`).

Usage: python benchmarks/engine_simulate.py [--deals N] [--profile]

Prints one line per (rules, players, strategy): deals per second by CPU time of this process (one
core) and by wall-clock time, each the best of --repeat runs (on a shared machine the others are
slowed by neighbours, not by the engine). Target for `lindor`: ≥ 5,000 deals/s.
With --profile, also prints the engine functions that take the most time (cProfile, lindor random).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.simulate import SimulationRequest, Tally, simulate  # noqa: E402

CASES: tuple[tuple[str, int, str], ...] = (
    ("lindor", 4, "random"),
    ("lindor", 4, "simple"),
    ("lindor", 3, "random"),
    ("lindor", 8, "random"),
    ("avantcoureur", 3, "random"),
    ("avantcoureur", 5, "random"),
    ("avantcoureur", 3, "simple"),
)
TARGET = 5_000


def measure(rules: str, players: int, strategy: str, deals: int, repeat: int = 1) -> tuple[float, float, Tally]:
    """Best deals/s by CPU and by wall clock over ``repeat`` runs of the same seeded deals."""
    request = SimulationRequest.build(rules=rules, players=players, strategy=strategy, seed=1, deals=deals)
    best_cpu = best_wall = float("inf")
    for _ in range(repeat):
        tally = Tally()
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for outcome in simulate(request):
            tally.add(outcome)
        best_cpu = min(best_cpu, time.process_time() - cpu0)
        best_wall = min(best_wall, time.perf_counter() - wall0)
    return deals / best_cpu, deals / best_wall, tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3000, help="deals per case (default 3000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per case, the best is shown (default 3)")
    parser.add_argument("--profile", action="store_true", help="profile lindor/4/random and print the top functions")
    args = parser.parse_args()
    print(f"{'rules':<13} {'players':>7} {'strategy':<8} {'deals/s (cpu)':>14} {'deals/s (wall)':>15} {'actions/deal':>13}")
    for rules, players, strategy in CASES:
        cpu_rate, wall_rate, tally = measure(rules, players, strategy, args.deals, args.repeat)
        mark = ""
        if rules == "lindor":
            mark = "  (target met)" if cpu_rate >= TARGET else f"  (below the {TARGET} target)"
        print(f"{rules:<13} {players:>7} {strategy:<8} {cpu_rate:>14,.0f} {wall_rate:>15,.0f} "
              f"{tally.actions / tally.deals:>13.1f}{mark}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        measure("lindor", 4, "random", args.deals)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
