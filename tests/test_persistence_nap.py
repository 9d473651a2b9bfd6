"""Nothing lost in Nap either: a real `nainjaune serve` killed (SIGKILL) mid-hand resumes the same game, its
settled hands, stacks and pool, and takes the next card."""

import signal
from pathlib import Path

import httpx2
from nap_table import AFTER_HAND1, HAND1_BIDS, HAND1_TRICKS, HAND2_BIDS, NAP_GAME

from companion_api.testing import EDIT, free_port, start_server


def test_killed_mid_hand_the_server_resumes_the_same_nap_game(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(tmp_path, port)
    try:
        assert httpx2.post(f"{base}/api/games", json=NAP_GAME, headers=EDIT).status_code == 201
        for bid in HAND1_BIDS:
            assert httpx2.post(f"{base}/api/taps/bid", json={"bid": bid}, headers=EDIT).status_code == 200
        for card in [c for trick in HAND1_TRICKS for c in trick]:
            assert httpx2.post(f"{base}/api/play", json={"card": card}, headers=EDIT).status_code == 200
        assert httpx2.post(f"{base}/api/deals", headers=EDIT).status_code == 200
        for bid in HAND2_BIDS[:2]:
            assert httpx2.post(f"{base}/api/taps/bid", json={"bid": bid}, headers=EDIT).status_code == 200
        assert httpx2.post(f"{base}/api/undo", headers=EDIT).status_code == 200
        before = httpx2.get(f"{base}/api/state").json()["game"]
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)

    server = start_server(tmp_path, port)
    try:
        after = httpx2.get(f"{base}/api/state").json()["game"]
        assert after == before
        assert after["game"] == "nap" and after["deal_no"] == 2 and after["turn"] == "Denis"
        assert after["stacks"][1]["chips"] == AFTER_HAND1[0] and after["pool"] == 4
        resumed = httpx2.post(f"{base}/api/taps/bid", json={"bid": "pass"}, headers=EDIT)
        assert resumed.status_code == 200 and resumed.json()["game"]["turn"] == "Anne"
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
