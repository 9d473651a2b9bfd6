"""`nainjaune demo` (what `make run` starts): the companion on the Wi-Fi, playing the bundled demo deal."""

from __future__ import annotations

import argparse
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: the Wi-Fi)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--data", type=Path, metavar="DIR",
                        help="database directory (default: a 'demo' folder in the user data directory)")
    parser.add_argument("--speed", type=float, default=1.0, help="replay speed (default 1.0)")


def run(args: argparse.Namespace) -> int:
    from companion_api.launch import launch

    return launch(host=args.host, port=args.port, data=args.data, source=None, demo=True, speed=args.speed,
                  join_code=None, calibration=None)
