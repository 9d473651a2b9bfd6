"""Helpers for code that drives a companion in-process (the API tests, scripts): an app on a temporary data
directory with a known join code, and the taps of a short, fully known deal."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from companion_api.app import create_app
from companion_api.settings import Settings

JOIN_CODE = "TESTME"
EDIT = {"X-Join-Code": JOIN_CODE}
PLAYERS = ["Anne", "Bruno", "Chloé"]

# Bruno (left of the dealer Anne) runs the spades ace to king — the queen of spades laid without its call —
# then leads the ace and two of hearts: his 15 cards in his first turn, an opéra.
OPERA_DEAL = [*(r + "S" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")), "AH", "2H"]
# What Anne and Chloé still hold afterwards (15 each): Anne has the K♥, Chloé the 10♦ and the 7♦ (bêtes).
ANNE_LEFT = ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AD", "2D", "3D", "4D"]
CHLOE_LEFT = ["5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AC", "2C", "3C", "4C", "5C", "6C"]


def make_app(data_dir: Path, **settings: Any) -> Any:
    return create_app(Settings(data_dir=data_dir, join_code=JOIN_CODE, **settings))


def new_game_body(**overrides: Any) -> dict[str, Any]:
    return {"players": PLAYERS, "dealer": "Anne", "chips": 100, **overrides}


def tap(client: Any, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """POST a change with the join code through a TestClient; asserts it was accepted, returns the game."""
    answer = client.post(path, json=body, headers=EDIT)
    assert answer.status_code == 200, answer.json()
    game: dict[str, Any] = answer.json()["game"]
    return game


def settle_opera_deal(client: Any) -> dict[str, Any]:
    """Play `OPERA_DEAL` and its showdown by taps; returns the settled game (chips=200 keeps it going)."""
    for card in OPERA_DEAL:
        tap(client, "/api/play", {"card": card})
    return tap(client, "/api/showdown", {"hands": {"Anne": ANNE_LEFT, "Chloé": CHLOE_LEFT}})


def db_snapshot(db_path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, read through a second connection: what a restart would find."""
    db = sqlite3.connect(db_path)
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return {t: db.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}  # noqa: S608
    finally:
        db.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(data: Path, port: int, *extra: str, wait_s: float = 30) -> subprocess.Popen[str]:
    """`nainjaune serve` as a real process, returned once it answers; raises RuntimeError if it does not."""
    import httpx2

    env = {**os.environ, "NAINJAUNE_DATA": str(data / "unused")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "nainjaune", "serve", "--data", str(data), "--port", str(port),
         "--join-code", JOIN_CODE, *extra],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {proc.stdout.read() if proc.stdout else ''}")
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/state", timeout=1).status_code == 200:
                return proc
        except httpx2.TransportError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError(f"the server did not start within {wait_s:.0f} s")
