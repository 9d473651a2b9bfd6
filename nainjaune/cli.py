"""`nainjaune` dispatcher.

Each subcommand lives in its own module under `nainjaune.commands` exposing
`configure(parser)` and `run(args) -> int`. Only the chosen module is imported, so
light commands (`settle`) start fast and never import OpenCV, torch or ultralytics;
modules keep heavy imports inside `run`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Sequence

from nainjaune.errors import CliError
from nainjaune.threads import single_threaded_blas

COMMANDS: dict[str, str] = {
    "settle": "settle one deal transcript (JSON) and print the result",
    "simulate": "play random deals and games; report deals per second",
    "demo": "start the companion for the table: webcam 0 if attached, else the bundled demo recording",
    "serve": "start the companion server and phone page",
    "watch": "watch a table (camera, stream or video file) and write game events",
    "identify": "name the playing cards visible in images",
    "deck": "teach the recogniser your own deck (learn, add, list, remove)",
    "synth": "generate synthetic training scenes from the installed deck art",
    "train": "train the card recogniser and export it to ONNX",
    "mat": "write the printable calibration mat (PDF)",
}


def _load(name: str):
    return importlib.import_module(f"nainjaune.commands.{name.replace('-', '_')}")


def _top_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nainjaune",
        description="Nain Jaune table companion.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="commands:\n" + "\n".join(f"  {n:<10} {h}" for n, h in COMMANDS.items()),
    )
    parser.add_argument("command", choices=sorted(COMMANDS), metavar="COMMAND", help="one of the commands below")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in COMMANDS:
        _top_parser().parse_args(argv[:1] or ["--help"])
        return 2
    name, rest = argv[0], argv[1:]
    single_threaded_blas()
    try:
        module = _load(name)
    except ModuleNotFoundError as exc:
        print(f"nainjaune {name}: not available in this install ({exc.name} is missing)", file=sys.stderr)
        return 2
    parser = argparse.ArgumentParser(prog=f"nainjaune {name}", description=COMMANDS[name])
    module.configure(parser)
    args = parser.parse_args(rest)
    try:
        return int(module.run(args) or 0)
    except CliError as exc:
        print(f"nainjaune {name}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - last line of defence: one line, not a traceback
        if os.environ.get("NAINJAUNE_DEBUG"):
            raise
        print(f"nainjaune {name}: internal error: {type(exc).__name__}: {exc} "
              "(run with NAINJAUNE_DEBUG=1 for details)", file=sys.stderr)
        return 70
