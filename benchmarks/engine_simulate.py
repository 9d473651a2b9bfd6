"""Deals simulated per second on one core, through the real engine (`engine.nain_jaune.simulate`).

Usage: python benchmarks/engine_simulate.py [--deals N] [--repeat R] [--profile]

Prints one line per (rules, players, strategy): deals per second by CPU time of this process (one
core) and by wall-clock time, each the best of --repeat runs (on a shared machine the others are
slowed by neighbours, not by the engine). Target for `lindor`: ≥ 5,000 deals/s.
Then the engine's share: the same lindor deals replayed from their event logs (the fold alone, no
player deciding anything). With --profile, also the functions that take the most time (cProfile,
lindor, 4 players, random).
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

import random  # noqa: E402

from engine.nain_jaune.game import Game  # noqa: E402
from engine.nain_jaune.simulate import SimulationRequest, Tally, new_game, play_deal, simulate  # noqa: E402

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


def fold_rate(rules: str, players: int, strategy: str, deals: int, repeat: int) -> tuple[float, float]:
    """Deals/s of the engine's fold alone: whole games recorded once, then replayed from their logs.
    Also returns the events per deal."""
    request = SimulationRequest.build(rules=rules, players=players, strategy=strategy, seed=1, deals=deals)
    rng = random.Random(1)
    games: list[Game] = []
    played = 0
    while played < deals:
        game = new_game(request)
        while played < deals and not (game.state.deals_played and game.state.game_over):
            play_deal(game, strategy, rng)
            played += 1
        games.append(game)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for game in games:
            game.replay()
        best = min(best, time.process_time() - start)
    return played / best, sum(len(g.events) for g in games) / played


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
    for rules, players, strategy in (("lindor", 4, "random"), ("lindor", 4, "simple")):
        rate, events = fold_rate(rules, players, strategy, args.deals, args.repeat)
        print(f"engine fold alone (replaying the logs of {rules}/{players}/{strategy}): {rate:,.0f} deals/s (cpu), "
              f"{events:.1f} events/deal")
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
