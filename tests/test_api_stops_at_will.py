"""The phone says when a table plays otherwise than its house rule `stop_at_will` says: set up with one stopping only
when unable, a player who stopped and later laid the card they stopped on shows that this table stops at will."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from companion_api.table import STOPS_AT_WILL
from companion_api.testing import EDIT, make_app, new_game_body

PLAYS = [("Bruno", "3C"), ("Bruno", "4C"), ("Chloé", "5H"), ("Chloé", "6H"), ("Anne", None), ("Bruno", "7S"),
         ("Bruno", "8S")]
"""Bruno stops on his 4♣ (Chloé lays the 5♥ at once), Chloé stops on her 6♥ and Anne passes on the 7."""


def _state(client: TestClient, plays: list[tuple[str, str | None]]) -> dict[str, Any]:
    for player, card in plays:
        obs = {"type": "passed", "player": player} if card is None else \
            {"type": "card_played", "card": card, "player": player, "confidence": 0.99}
        answer = client.post("/api/observations", json=obs, headers=EDIT)
        assert answer.status_code == 200, answer.json()
    game: dict[str, Any] = client.get("/api/state").json()["game"]
    return game


@pytest.mark.parametrize("stop_at_will", [False, True])
def test_a_stop_contradicted_later_says_the_table_stops_at_will(tmp_path: Path, stop_at_will: bool) -> None:
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(options={"stop_at_will": stop_at_will}), headers=EDIT)
        before = _state(client, PLAYS)
        assert not [n for n in before["notices"] if n["kind"] == STOPS_AT_WILL]
        after = _state(client, [("Bruno", "9H"), ("Bruno", "5D")])   # he held a 5 when he stopped on the 4
    told = [n for n in after["notices"] if n["kind"] == STOPS_AT_WILL]
    if stop_at_will:
        assert told == []   # as set up: nothing to say
    else:
        assert len(told) == 1 and "stops at will" in told[0]["message"]
