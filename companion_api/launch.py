"""Starting the server from the command line: settings, a free port, the banner with the QR code, uvicorn; and
the quiet camera probe `nainjaune demo` uses to choose between the camera and the bundled demo."""

from __future__ import annotations

import errno
import os
import socket
import sys
import threading
from pathlib import Path

from companion_api.settings import Settings, default_data_dir
from nainjaune.errors import CliError


def _check_port(host: str, port: int) -> None:
    """Fail early with a clear line rather than a uvicorn traceback."""
    if not 0 < port < 65536:
        raise CliError(f"--port must be between 1 and 65535, got {port}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise CliError(f"port {port} is already in use (another companion running?); try --port {port + 1}")
            raise CliError(f"cannot listen on {host}:{port}: {exc.strerror}") from None


def camera_attached(index: int = 0, timeout_s: float = 3.0) -> bool:
    """Whether webcam `index` gives a picture, found quickly and without OpenCV's warnings: on Linux no
    /dev/videoN means no camera at once; otherwise one frame is read in a thread given `timeout_s`."""
    if sys.platform.startswith("linux") and not Path(f"/dev/video{index}").exists():
        return False
    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    try:
        import cv2
    except ImportError:
        return False
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
    seen: list[bool] = []

    def probe() -> None:
        cap = cv2.VideoCapture(index)
        try:
            seen.append(bool(cap.isOpened() and cap.read()[0]))
        finally:
            cap.release()

    thread = threading.Thread(target=probe, name="camera-probe", daemon=True)
    thread.start()
    thread.join(timeout_s)
    return bool(seen and seen[0])


def _demo_source(data_dir: Path, simulated: bool) -> str:
    """The recorded deal when it can play here, else the simulated game, saying why in one line."""
    from companion_api.demo import demo_recording, install_recorded_demo, recorded_demo_problem

    problem = "--simulated asked for it" if simulated else recorded_demo_problem()
    if problem is None:
        print("Demo: the recorded deal (demo/demo_deal.mp4) through the camera pipeline, at its own pace", flush=True)
        return str(install_recorded_demo(data_dir))
    print(f"Demo: a simulated game, because {problem}", flush=True)
    return str(demo_recording(data_dir))


def launch(*, host: str, port: int, data: Path | None, source: str | None, demo: bool, speed: float,
           join_code: str | None, calibration: Path | None, simulated: bool = False) -> int:
    """Run the companion until Ctrl-C. `demo`: the recorded deal (or, with `simulated` or when it cannot play
    here, the simulated game) over and over, in a `demo` folder of the data directory unless `data` is given."""
    import uvicorn

    from companion_api.app import create_app
    from companion_api.lan import page_url, print_banner

    data_dir = data or default_data_dir()
    if demo and data is None:
        data_dir = data_dir / "demo"  # the demo's games stay out of the family's own database
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot use {data_dir} for the database: {exc.strerror}") from None
    if source and source.endswith((".jsonl", ".json")) and not Path(source).is_file():
        raise CliError(f"no such events file: {source}")
    _check_port(host, port)
    if demo:
        source, calibration = _demo_source(data_dir, simulated), None
    settings = Settings(data_dir=data_dir, join_code=join_code, source=source, replay_speed=speed, loop_demo=demo,
                        calibration=calibration)
    app = create_app(settings)
    print_banner(page_url(host, port, app.state.join_code), listening_on_lan=host not in ("127.0.0.1", "localhost"))
    print(f"Database: {settings.db_path}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0
