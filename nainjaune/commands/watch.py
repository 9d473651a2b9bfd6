"""`nainjaune watch SOURCE`: watch a table (camera index, stream URL or video file) and write game events.

One JSON object per line, as the deal goes (to --events-out, and to stdout unless --quiet). Exits at the end
of a file source; Ctrl-C stops a camera.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from nainjaune.errors import CliError
from nainjaune.options import rule_options


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source",
                        help="camera index (0), stream URL (http://phone:8080/video, rtsp://...) or video file")
    parser.add_argument("--calibration", default="auto",
                        help="calib.json with the zones in image pixels, or 'auto' to use the printed mat's markers "
                             "(default)")
    parser.add_argument("--players", required=True, help="players in clockwise seating order: Anne,Bruno,Chloé")
    parser.add_argument("--dealer", required=True, help="who deals this deal (one of the players)")
    parser.add_argument("--chips", type=int, default=100, help="chips each player starts with (default 100)")
    parser.add_argument("--rules", default="lindor", help="rule set (default lindor)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a house rule of the rule set, e.g. --option stop_at_will=false where one stops only "
                             "when unable (repeatable; see docs/rules.md)")
    parser.add_argument("--events-out", type=Path, help="JSON-lines file to write the events to")
    parser.add_argument("--call-window", type=int, default=1,
                        help="cards that may land after an honour before its box must be swept (default 1)")
    parser.add_argument("--width", type=int, default=1280, help="camera width to ask for (default 1280)")
    parser.add_argument("--height", type=int, default=720, help="camera height to ask for (default 720)")
    parser.add_argument("--quiet", action="store_true", help="do not echo events on stdout")
    parser.add_argument("--deck", default=None, help="read the cards with this enrolled deck (see nainjaune deck)")
    parser.add_argument("--data", type=Path, default=None,
                        help="data directory holding the decks (default: $NAINJAUNE_DATA or the per-user one)")


def _players(text: str) -> tuple[str, ...]:
    players = tuple(p.strip() for p in text.split(",") if p.strip())
    if not 3 <= len(players) <= 8:
        raise CliError(f"--players: Nain Jaune is played by 3 to 8 players, got {len(players)}")
    if len(set(players)) != len(players):
        raise CliError("--players: the names must be different")
    return players


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("OPENCV_LOG_LEVEL", "OFF")  # our own messages say what went wrong, once
    players = _players(args.players)
    if args.dealer not in players:
        raise CliError(f"--dealer {args.dealer!r} is not one of the players ({', '.join(players)})")
    if args.chips <= 0:
        raise CliError("--chips must be a positive number")
    if args.call_window < 1:
        raise CliError("--call-window must be at least 1")
    try:
        from engine.nain_jaune.rules import get_rules

        get_rules(args.rules)
    except ImportError:
        pass
    except Exception as exc:  # noqa: BLE001 - the engine words its own message
        raise CliError(f"--rules: {exc}") from None
    options = rule_options(args.rules, args.option)

    from vision.calibration import CalibrationError
    from vision.sources import CameraSettings, SourceError
    from vision.watch import WatchConfig, observe

    if args.events_out is not None and args.events_out.parent and not args.events_out.parent.exists():
        raise CliError(f"--events-out: folder {args.events_out.parent} does not exist")
    readers = _deck_readers(args.deck, args.data) if args.deck else {}
    settings = CameraSettings(width=args.width, height=args.height)
    config = WatchConfig(call_window=args.call_window)
    out = args.events_out.open("a", encoding="utf-8") if args.events_out else None
    count = 0
    try:
        events = observe(args.source, args.calibration, players=players, dealer=args.dealer, chips=args.chips,
                         rules=args.rules, options=options, config=config, settings=settings, **readers,
                         on_status=lambda msg: print(f"nainjaune watch: {msg}", file=sys.stderr))
        for event in events:
            line = json.dumps(event, ensure_ascii=False)
            if out is not None:
                out.write(line + "\n")
                out.flush()
            if not args.quiet:
                print(line, flush=True)
            count += 1
    except CalibrationError as exc:
        raise CliError(f"calibration: {exc}") from None
    except SourceError as exc:
        raise CliError(str(exc)) from None
    finally:
        if out is not None:
            out.close()
    print(f"nainjaune watch: {count} events" + (f" written to {args.events_out}" if args.events_out else ""),
          file=sys.stderr)
    return 0


def _deck_readers(name: str, data: Path | None) -> dict[str, object]:
    """`observe`'s pile reader and classifier, reading with the enrolled deck `name`."""
    from nainjaune.commands.identify import deck_classifier
    from vision.deck.readers import deck_readers
    from vision.recognise.classifier import DEFAULT_MODEL

    return deck_readers(deck_classifier(name, data, DEFAULT_MODEL))
