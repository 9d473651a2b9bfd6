"""`nainjaune settle FILE`: settle one deal transcript (JSON, UTF-8) and print the result as JSON.

The transcript's ``"rules"`` names the game (``engine.game_of_rules``); that game's
``transcript.settle_transcript`` reads it. No ``"rules"``: Nain Jaune, as before there were two games.

Light on purpose: imports only the standard library and the pure `engine` package (never OpenCV,
torch, ultralytics or numpy). Any problem with the file is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any, Callable

from nainjaune.errors import CliError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Settle one deal transcript (JSON, UTF-8; '-' reads standard input) and print the "
                          "result as JSON. Its \"rules\" picks the game: Nain Jaune (lindor, avantcoureur; "
                          "winner, opéra, chips and board, missed calls, payments; docs/rules.md) or Nap (nap; "
                          "bidder, bid, trumps, tricks won, made, revokes, chips, pool, payments; docs/nap.md).")
    parser.add_argument("file", metavar="FILE", help="the transcript (JSON), or - for standard input")
    parser.add_argument("--compact", action="store_true", help="print the result on one line")


def _read(path: str) -> str:
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                raw = handle.read()
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise CliError(f"{path} is a directory, not a transcript") from None
    except PermissionError:
        raise CliError(f"cannot read {path}: permission denied") from None
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(f"{path} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    return text.removeprefix("\ufeff")


def _settler(data: object) -> Callable[[Any], dict[str, Any]]:
    """The ``settle_transcript`` of the game whose rules the transcript names (no ``"rules"``, or not
    an object: the default game, whose reader explains what is wrong)."""
    import engine
    from engine.core.transcript import describe

    if isinstance(data, dict) and "rules" in data:
        game = engine.game_of_rules(data["rules"])
        if game is None:
            raise CliError(f"unknown rules {describe(data['rules'])} (known: {', '.join(engine.rule_names())})")
    else:
        game = engine.DEFAULT_GAME
    module = importlib.import_module(f"{engine.GAMES[game]}.transcript")
    return module.settle_transcript


def run(args: argparse.Namespace) -> int:
    from engine.core.errors import TranscriptError

    path: str = args.file
    text = _read(path)
    if not text.strip():
        raise CliError(f"{path} is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{path} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise CliError(f"{path} is not valid JSON: nested too deeply") from None
    settle_transcript = _settler(data)
    try:
        result = settle_transcript(data)
    except TranscriptError as exc:
        raise CliError(str(exc)) from None
    out = json.dumps(result, ensure_ascii=False, indent=None if args.compact else 2)
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:  # UTF-8 whatever the locale says
        sys.stdout.flush()
        buffer.write(out.encode("utf-8") + b"\n")
        buffer.flush()
    else:
        sys.stdout.write(out + "\n")
    return 0
