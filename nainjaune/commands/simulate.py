"""`nainjaune simulate`: play many random or simple-strategy deals through the real engine.

It measures how fast the engine plays and gives a feel for a rule set (deal length, opéra rate)
without a table. The simulation itself lives in `engine.nain_jaune.simulate` (pure, seeded); this module only
parses arguments, times the run, shows progress and prints the summary.
"""

from __future__ import annotations

import argparse
import json
import time

from nainjaune.errors import CliError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="lindor", help="rule set to play (default: lindor)")
    parser.add_argument("--players", type=int,
                        help="number of players (default: 4, or the fewest the rule set allows if not 4)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--deals", type=int, help="play this many deals (default: 1000)")
    amount.add_argument("--games", type=int, help="play this many whole games to their end")
    parser.add_argument("--strategy", default="random", help="random (any legal move) or simple (greedy); default random")
    parser.add_argument("--seed", type=int, default=0, help="random seed; the same seed gives the same games (default: 0)")
    parser.add_argument("--chips", type=int, default=100, help="chips each player starts a game with (default: 100)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option, e.g. --option chips_per_card=3 (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise CliError(f"--option {pair!r}: expected NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def _default_players(rules: str) -> int:
    from engine.nain_jaune.rules import rules_class

    counts = rules_class(rules).player_counts
    return 4 if 4 in counts else counts[0]


def run(args: argparse.Namespace) -> int:
    from engine.core.errors import EngineError
    from engine.nain_jaune.simulate import STRATEGIES, SimulationRequest, Tally, simulate

    if args.strategy not in STRATEGIES:
        raise CliError(f"--strategy {args.strategy!r}: choose one of {', '.join(STRATEGIES)}")
    if args.deals is not None and args.deals < 1:
        raise CliError("--deals must be at least 1")
    if args.games is not None and args.games < 1:
        raise CliError("--games must be at least 1")
    if args.chips < 1:
        raise CliError("--chips must be at least 1")
    deals = args.deals if args.deals is not None or args.games is not None else 1000
    try:
        players = args.players if args.players is not None else _default_players(args.rules)
        request = SimulationRequest.build(
            rules=args.rules, options=_parse_options(args.option), players=players,
            strategy=args.strategy, seed=args.seed, deals=deals, games=args.games, chips=args.chips)
    except (EngineError, ValueError) as exc:
        raise CliError(str(exc)) from exc

    from tqdm import tqdm

    tally = Tally()
    total = request.games if request.games is not None else request.deals
    unit = "game" if request.games is not None else "deal"
    start = time.perf_counter()
    with tqdm(total=total, unit=unit, disable=None, leave=False) as bar:
        for outcome in simulate(request):
            tally.add(outcome)
            bar.update(1 if unit == "deal" or outcome.ended_game else 0)
    seconds = time.perf_counter() - start
    summary = tally.summary(request) | {
        "seconds": round(seconds, 3),
        "deals_per_second": round(tally.deals / seconds, 1) if seconds > 0 else None,
    }
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        for key, value in summary.items():
            print(f"{key.replace('_', ' ')}: {value}")
    return 0
