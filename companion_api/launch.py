"""Starting the server from the command line: settings, a free port, the banner with the QR code, uvicorn."""

from __future__ import annotations

import errno
import socket
from pathlib import Path

from nainjaune.errors import CliError

from companion_api.settings import Settings, default_data_dir


def _check_port(host: str, port: int) -> None:
    """Fail early with a clear line rather than a uvicorn traceback."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise CliError(f"port {port} is already in use (another companion running?); try --port {port + 1}")
            raise CliError(f"cannot listen on {host}:{port}: {exc.strerror}") from None


def launch(*, host: str, port: int, data: Path | None, source: str | None, demo: bool, speed: float,
           join_code: str | None, calibration: Path | None) -> int:
    import uvicorn

    from companion_api.app import create_app
    from companion_api.demo import demo_recording
    from companion_api.lan import page_url, print_banner

    data_dir = data or default_data_dir()
    if demo and data is None:
        data_dir = data_dir / "demo"  # the demo's games stay out of the family's own database
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot use {data_dir} for the database: {exc.strerror}") from None
    if demo:
        source = str(demo_recording(data_dir))
    elif source and source.endswith((".jsonl", ".json")) and not Path(source).is_file():
        raise CliError(f"no such events file: {source}")
    _check_port(host, port)
    settings = Settings(data_dir=data_dir, join_code=join_code, source=source, replay_speed=speed, loop_demo=demo,
                        calibration=calibration)
    app = create_app(settings)
    print_banner(page_url(host, port, app.state.join_code), listening_on_lan=host not in ("127.0.0.1", "localhost"))
    print(f"Database: {settings.db_path}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0
