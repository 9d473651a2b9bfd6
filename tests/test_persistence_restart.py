"""Nothing lost: a real `nainjaune serve` killed (SIGKILL) mid-deal resumes the same game when restarted."""

import signal
from pathlib import Path

import httpx2

from companion_api.testing import EDIT, OPERA_DEAL, free_port, new_game_body, start_server


def test_killed_mid_deal_the_server_resumes_the_same_game(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path, port)
    try:
        assert httpx2.post(f"{base}/api/games", json=new_game_body(), headers=EDIT).status_code == 201
        for card in OPERA_DEAL[:8]:
            assert httpx2.post(f"{base}/api/play", json={"card": card}, headers=EDIT).status_code == 200
        assert httpx2.post(f"{base}/api/undo", headers=EDIT).status_code == 200
        before = httpx2.get(f"{base}/api/state").json()["game"]
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
    assert (tmp_path / "nainjaune.sqlite3").is_file()
    assert not (tmp_path / "unused").exists()  # --data wins over $NAINJAUNE_DATA

    server = start_server(tmp_path, port)
    try:
        after = httpx2.get(f"{base}/api/state").json()["game"]
        assert after == before
        assert after["played"] == OPERA_DEAL[:7] and after["wanted"] == "8"
        resumed = httpx2.post(f"{base}/api/play", json={"card": "8H"}, headers=EDIT)
        assert resumed.status_code == 200 and resumed.json()["game"]["sequence"][-1] == "8H"
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
