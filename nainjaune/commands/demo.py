"""`nainjaune demo` (what `make run` starts): the companion on the Wi-Fi, watching webcam 0 when one is attached,
else playing the bundled recorded deal through the camera pipeline (or a simulated game where it cannot)."""

from __future__ import annotations

import argparse
from pathlib import Path

from nainjaune.errors import CliError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: the Wi-Fi)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--data", type=Path, metavar="DIR",
                        help="database directory (default: the user data directory; a 'demo' folder in it "
                             "for the demo)")
    parser.add_argument("--camera", type=int, default=0, metavar="N",
                        help="webcam to look for and watch when attached (default 0)")
    parser.add_argument("--no-camera", action="store_true", help="play the demo even if a camera is attached")
    parser.add_argument("--simulated", action="store_true",
                        help="play the simulated game (three deals, four players) rather than the recorded deal")
    parser.add_argument("--speed", type=float, default=1.0, help="demo speed (default 1.0: real time)")


def run(args: argparse.Namespace) -> int:
    from companion_api.launch import camera_attached, launch

    if args.speed <= 0:
        raise CliError(f"--speed must be positive, got {args.speed}")
    if not (args.simulated or args.no_camera) and camera_attached(args.camera):
        print(f"Camera {args.camera} attached: watching the table (set up the players on the page; "
              "`nainjaune demo --no-camera` plays the demo instead)", flush=True)
        return launch(host=args.host, port=args.port, data=args.data, source=str(args.camera), demo=False,
                      speed=args.speed, join_code=None, calibration=None)
    return launch(host=args.host, port=args.port, data=args.data, source=None, demo=True, speed=args.speed,
                  join_code=None, calibration=None, simulated=args.simulated)
