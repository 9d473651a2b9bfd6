"""`nainjaune simulate`: play many random or simple-strategy deals (or hands) through the real engine.

It measures how fast the engine plays and gives a feel for a rule set (deal length, opéra rate; for
Nap: bids made and failed, hands passed out, revokes) without a table. ``--game`` picks the game:
``nain_jaune`` (the default) or ``nap``. The simulations themselves live in
`engine.nain_jaune.simulate` and `engine.nap.simulate` (pure, seeded); this module only parses
arguments, times the run, shows progress and prints the summary.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable, Iterable

from nainjaune.errors import CliError
from nainjaune.options import parse_options

GAMES = ("nain_jaune", "nap")
"""The games `--game` offers (runners in RUNNERS, at the end of the module)."""
NAIN_JAUNE_ONLY = ("rules", "deals", "games", "strategy")
NAP_ONLY = ("hands",)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=GAMES, default="nain_jaune", help="the game to play (default: nain_jaune)")
    parser.add_argument("--rules", help="Nain Jaune: rule set to play (default: lindor)")
    parser.add_argument("--players", type=int,
                        help="number of players (default: 4, or the fewest the rule set allows if not 4)")
    amount = parser.add_mutually_exclusive_group()
    amount.add_argument("--deals", type=int, help="Nain Jaune: play this many deals (default: 1000)")
    amount.add_argument("--games", type=int, help="Nain Jaune: play this many whole games to their end")
    parser.add_argument("--hands", type=int, help="Nap: play this many hands (default: 1000)")
    parser.add_argument("--strategy",
                        help="Nain Jaune: random (any legal move) or simple (greedy); default random")
    parser.add_argument("--seed", type=int, default=0,
                        help="random seed; the same seed gives the same games (default: 0)")
    parser.add_argument("--chips", type=int, default=100, help="chips each player starts a game with (default: 100)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a rule option, e.g. --option chips_per_card=3 or, for Nap, --option game=floater "
                             "(repeatable)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")


def _default_players(rules: str) -> int:
    from engine.nain_jaune.rules import rules_class

    counts = rules_class(rules).player_counts
    return 4 if 4 in counts else counts[0]


def _check_flags(args: argparse.Namespace) -> None:
    """Refuse the flags that mean nothing for the chosen game."""
    other = NAP_ONLY if args.game == "nain_jaune" else NAIN_JAUNE_ONLY
    for name in other:
        if getattr(args, name) is not None:
            which = "Nap" if args.game == "nain_jaune" else "Nain Jaune"
            hint = " (use --game nap)" if args.game == "nain_jaune" else (
                " (Nap counts --hands)" if name in ("deals", "games") else "")
            raise CliError(f"--{name} is a {which} flag, not one for --game {args.game}{hint}")


def run(args: argparse.Namespace) -> int:
    _check_flags(args)
    return RUNNERS[args.game](args)


def _run_nain_jaune(args: argparse.Namespace) -> int:
    from engine.core.errors import EngineError
    from engine.nain_jaune.simulate import STRATEGIES, SimulationRequest, Tally, simulate

    rules = args.rules if args.rules is not None else "lindor"
    strategy = args.strategy if args.strategy is not None else "random"
    if strategy not in STRATEGIES:
        raise CliError(f"--strategy {strategy!r}: choose one of {', '.join(STRATEGIES)}")
    if args.deals is not None and args.deals < 1:
        raise CliError("--deals must be at least 1")
    if args.games is not None and args.games < 1:
        raise CliError("--games must be at least 1")
    if args.chips < 1:
        raise CliError("--chips must be at least 1")
    deals = args.deals if args.deals is not None or args.games is not None else 1000
    try:
        players = args.players if args.players is not None else _default_players(rules)
        request = SimulationRequest.build(
            rules=rules, options=parse_options(args.option), players=players,
            strategy=strategy, seed=args.seed, deals=deals, games=args.games, chips=args.chips)
    except (EngineError, ValueError) as exc:
        raise CliError(str(exc)) from exc

    tally = Tally()
    whole_games = request.games is not None
    seconds = _timed(simulate(request), tally.add, request.games if whole_games else request.deals,
                     "game" if whole_games else "deal", (lambda o: o.ended_game) if whole_games else None)
    summary = tally.summary(request) | {
        "seconds": round(seconds, 3),
        "deals_per_second": round(tally.deals / seconds, 1) if seconds > 0 else None,
    }
    _print(summary, args.json)
    return 0


def _run_nap(args: argparse.Namespace) -> int:
    from engine.core.errors import EngineError
    from engine.nap.simulate import SimulationRequest, Tally, simulate

    hands = args.hands if args.hands is not None else 1000
    if hands < 1:
        raise CliError("--hands must be at least 1")
    if args.chips < 1:
        raise CliError("--chips must be at least 1")
    try:
        request = SimulationRequest.build(options=parse_options(args.option),
                                          players=args.players if args.players is not None else 4,
                                          seed=args.seed, hands=hands, chips=args.chips)
    except (EngineError, ValueError) as exc:
        raise CliError(str(exc)) from exc

    tally = Tally()
    seconds = _timed(simulate(request), tally.add, request.hands, "hand")
    summary = tally.summary(request) | {
        "seconds": round(seconds, 3),
        "hands_per_second": round(tally.hands / seconds, 1) if seconds > 0 else None,
    }
    _print(summary, args.json)
    return 0


RUNNERS: dict[str, Callable[[argparse.Namespace], int]] = {"nain_jaune": _run_nain_jaune, "nap": _run_nap}


def _timed(outcomes: Iterable[Any], add: Callable[[Any], None], total: int, unit: str,
           counts: Callable[[Any], bool] | None = None) -> float:
    """Feed every outcome to ``add`` under a progress bar of ``total`` ``unit``s (an outcome counts when
    ``counts`` says so, or always); return the seconds it took."""
    from tqdm import tqdm

    start = time.perf_counter()
    with tqdm(total=total, unit=unit, disable=None, leave=False) as bar:
        for outcome in outcomes:
            add(outcome)
            bar.update(1 if counts is None or counts(outcome) else 0)
    return time.perf_counter() - start


def _print(summary: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(summary, ensure_ascii=False))
        return
    for key, value in summary.items():
        if key == "bids":   # Nap: one line per bid, "nap: 12 made, 30 failed"
            print("bids made/failed:" + ("" if value else " none"))
            for bid, counts in value.items():
                print(f"  {bid}: {counts['made']} made, {counts['failed']} failed")
        elif key == "chips":   # Nap: the stacks after the last hand, "Anne 112, Bruno -8"
            print("chips: " + ", ".join(f"{name} {chips}" for name, chips in value.items()))
        else:
            print(f"{key.replace('_', ' ')}: {value}")
