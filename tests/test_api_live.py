"""Live push and the single writer: the WebSocket sends every change; phones acting at once cannot corrupt."""

import asyncio
from pathlib import Path

import httpx2
from fastapi.testclient import TestClient

from companion_api.store import Store
from companion_api.testing import EDIT, make_app, new_game_body


def test_the_websocket_pushes_the_state_on_connect_and_on_every_change(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client, client.websocket_connect("/ws") as ws:
        first = ws.receive_json()
        assert first["game"] is None
        client.post("/api/games", json=new_game_body(), headers=EDIT)
        created = ws.receive_json()
        assert created["revision"] > first["revision"] and created["game"]["turn"] == "Bruno"
        client.post("/api/play", json={"card": "AS"}, headers=EDIT)
        played = ws.receive_json()
        assert played["revision"] > created["revision"] and played["game"]["last_play"]["card"] == "AS"


def test_phones_tapping_at_once_are_applied_one_by_one(tmp_path: Path) -> None:
    """Twenty concurrent taps: exactly the legal ones land, in one order, identical in memory and on disk."""
    app = make_app(tmp_path)

    async def scenario() -> tuple[list[int], dict]:
        async with app.router.lifespan_context(app):
            transport = httpx2.ASGITransport(app=app)
            async with httpx2.AsyncClient(transport=transport, base_url="http://table") as phone:
                await phone.post("/api/games", json=new_game_body(), headers=EDIT)
                taps = [phone.post("/api/play", json={"card": f"{rank}{suit}"}, headers=EDIT)
                        for rank in ("A", "2", "3", "4", "5") for suit in "SHDC"]
                answers = await asyncio.gather(*taps)
                state = (await phone.get("/api/state")).json()
        return [a.status_code for a in answers], state

    statuses, state = asyncio.run(scenario())
    assert set(statuses) <= {200, 409}
    game = state["game"]
    plays = [e for e in game["events"] if e["kind"] == "play"]
    assert len(plays) == statuses.count(200) == len(game["played"])
    assert len(set(game["played"])) == len(game["played"])
    order = ["A", "2", "3", "4", "5"]
    ranks = [order.index(card[:-1]) for card in game["played"]]
    assert ranks == list(range(ranks[0], ranks[0] + len(ranks)))  # every accepted play continued the run
    store = Store(tmp_path / "nainjaune.sqlite3")
    record = store.load_game(game["id"])
    assert record is not None
    assert [e["card"] for e in record.events if e["type"] == "play"] == game["played"]
    assert [e["index"] for e in game["events"]] == list(range(len(record.events)))
    store.close()
