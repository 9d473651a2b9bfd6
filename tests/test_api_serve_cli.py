"""`nainjaune serve` and `nainjaune demo` from the command line: clear one-line errors, the banner with the QR."""

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from companion_api.lan import page_url
from companion_api.testing import free_port


def serve(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune", "serve", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_a_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve("--data", str(tmp_path), "--port", str(port))
    assert result.returncode == 2
    assert f"port {port} is already in use" in result.stderr and "Traceback" not in result.stderr


def test_bad_arguments_are_one_clear_line(tmp_path: Path) -> None:
    missing = serve("--data", str(tmp_path), "--source", str(tmp_path / "nope.jsonl"))
    assert missing.returncode == 2 and "no such events file" in missing.stderr
    port = serve("--data", str(tmp_path), "--port", "70000")
    assert port.returncode == 2 and "--port" in port.stderr
    calibration = serve("--data", str(tmp_path), "--calibration", str(tmp_path / "calib.json"))
    assert calibration.returncode == 2 and "no such calibration file" in calibration.stderr
    both = serve("--camera", "0", "--source", "x.jsonl")
    assert both.returncode == 2 and "not allowed with" in both.stderr
    simulated = serve("--simulated")
    assert simulated.returncode == 2 and "--simulated goes with --demo" in simulated.stderr
    demo = subprocess.run([sys.executable, "-m", "nainjaune", "demo", "--port", "70000", "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert demo.returncode == 2 and "--port must be between" in demo.stderr and "Traceback" not in demo.stderr


def test_lan_links_never_show_the_wildcard_address() -> None:
    url = page_url("0.0.0.0", 8000, "ABC234")
    assert url.endswith(":8000/?code=ABC234") and "0.0.0.0" not in url
    assert page_url("127.0.0.1", 9000, None) == "http://127.0.0.1:9000/"


@pytest.mark.parametrize(("flags", "says", "writes"), [
    ((), "Demo: the recorded deal", "calib.json"),
    (("--simulated",), "Demo: a simulated game", "demo-deal.jsonl"),
])
def test_the_demo_plays_at_once_and_prints_the_link_with_a_qr(tmp_path: Path, flags: tuple[str, ...], says: str,
                                                               writes: str) -> None:
    port = free_port()
    demo = subprocess.Popen([sys.executable, "-m", "nainjaune", "demo", "--host", "127.0.0.1", "--port", str(port),
                             "--data", str(tmp_path), "--speed", "50", *flags],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        plays = 0
        while time.monotonic() < deadline and plays < 3:
            try:
                game = httpx2.get(f"http://127.0.0.1:{port}/api/state", timeout=1).json()["game"]
                plays = len(game["played"]) if game else 0
            except httpx2.TransportError:
                pass
            time.sleep(0.3)
        assert plays >= 3
    finally:
        demo.terminate()
        output = demo.communicate(timeout=10)[0]
    assert f"http://127.0.0.1:{port}/?code=" in output
    assert "▀" in output or "█" in output  # the QR code, drawn in the terminal
    assert says in output and (tmp_path / writes).is_file()
