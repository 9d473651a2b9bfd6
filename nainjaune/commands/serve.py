"""`nainjaune serve`: the companion server and phone page, fed by a camera, a stream, a recording, or taps."""

from __future__ import annotations

import argparse
from pathlib import Path

from nainjaune.errors import CliError


def configure(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--camera", type=int, metavar="N", help="webcam index to watch (e.g. 0)")
    source.add_argument("--source", metavar="URL|FILE",
                        help="a stream URL or video file for the camera pipeline, or a recorded events.jsonl")
    source.add_argument("--demo", action="store_true",
                        help="play the bundled recorded deal through the camera pipeline, over and over")
    parser.add_argument("--simulated", action="store_true",
                        help="with --demo: the simulated game instead of the recorded deal")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 lets phones on the Wi-Fi join)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--data", type=Path, metavar="DIR",
                        help="where the game database lives (default $NAINJAUNE_DATA or the user data directory)")
    parser.add_argument("--calibration", type=Path, metavar="FILE",
                        help="calib.json with the table's zones (default: the one saved from the phone, in --data)")
    parser.add_argument("--speed", type=float, default=1.0, help="replay speed of a recording (default 1.0)")
    parser.add_argument("--join-code", metavar="CODE", help="fix the table's join code (default: made once, kept)")


def run(args: argparse.Namespace) -> int:
    from companion_api.launch import launch

    if args.speed <= 0:
        raise CliError(f"--speed must be positive, got {args.speed}")
    if args.calibration is not None and not args.calibration.is_file():
        raise CliError(f"no such calibration file: {args.calibration}")
    if args.simulated and not args.demo:
        raise CliError("--simulated goes with --demo")
    source = str(args.camera) if args.camera is not None else args.source
    return launch(host=args.host, port=args.port, data=args.data, source=source, demo=args.demo,
                  speed=args.speed, join_code=args.join_code, calibration=args.calibration,
                  simulated=args.simulated)
