"""Playing by taps over the API: turns, refusals, calls and missed calls, the showdown, settlement, next deal."""

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from companion_api.testing import ANNE_LEFT, CHLOE_LEFT, EDIT, OPERA_DEAL, make_app, new_game_body, tap


def test_a_run_builds_and_another_player_may_continue(game_client: TestClient) -> None:
    for card in ("AS", "2H", "3S"):
        game = tap(game_client, "/api/play", {"card": card})
    assert game["sequence"] == ["AS", "2H", "3S"] and game["wanted"] == "4" and game["turn"] == "Bruno"
    game = tap(game_client, "/api/pass", {"player": "Chloé"})
    assert game["turn"] == "Anne" and game["stopped"] is True
    game = tap(game_client, "/api/play", {"card": "4D", "player": "Anne"})
    assert game["last_play"]["player"] == "Anne" and game["players"][0]["cards_left"] == 14


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"card": "9S"}, 409, "out of sequence"),
    ({"card": "2S", "player": "Anne"}, 409, "out of turn"),
    ({"card": "ZZ"}, 422, "unknown card"),
    ({"card": "3S", "player": "Zoé"}, 422, "unknown player"),
    ({"card": "AS"}, 409, "already played"),
    ({}, 422, "card"),
])
def test_illegal_taps_are_refused_and_leave_no_trace(game_client: TestClient, body: dict, status: int,
                                                     words: str) -> None:
    tap(game_client, "/api/play", {"card": "AS"})
    before = game_client.get("/api/state").json()
    answer = game_client.post("/api/play", json=body, headers=EDIT)
    assert answer.status_code == status and words in answer.json()["detail"]
    after = game_client.get("/api/state").json()
    assert after["game"]["events"] == before["game"]["events"]


def test_an_honour_laid_without_its_call_is_announced_once_the_next_card_lands(game_client: TestClient) -> None:
    for card in OPERA_DEAL[:12]:  # ... up to the queen of spades, not called
        game = tap(game_client, "/api/play", {"card": card})
    assert game["pending_call"] == {"player": "Bruno", "box": "QS", "stake": 9}
    assert not [n for n in game["notices"] if n["kind"] == "call_missed"]
    game = tap(game_client, "/api/play", {"card": "KS"})
    missed = [n for n in game["notices"] if n["kind"] == "call_missed"]
    assert missed == [{"kind": "call_missed", "message": missed[0]["message"], "player": "Bruno", "card": "QS",
                       "box": "QS", "event_index": missed[0]["event_index"], "stake": 9}]
    assert game["board"]["QS"] == 9 and game["pending_call"] is None


def test_a_call_in_time_takes_the_box(game_client: TestClient) -> None:
    for card in OPERA_DEAL[:12]:
        tap(game_client, "/api/play", {"card": card})
    game = tap(game_client, "/api/call", {"box": "QS"})
    assert game["board"]["QS"] == 0
    assert game["players"][1]["chips"] == 85 + 9


def test_a_whole_deal_by_taps_settles_and_the_next_deal_starts(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(chips=200), headers=EDIT)
        for card in OPERA_DEAL:
            game = tap(client, "/api/play", {"card": card})
        assert game["phase"] == "showdown" and game["winner"] == "Bruno" and game["opera"] is True
        assert game["losers_to_reveal"] == ["Anne", "Chloé"]
        short = client.post("/api/showdown", json={"hands": {"Anne": ANNE_LEFT}}, headers=EDIT)
        assert short.status_code == 422 and "Chloé" in short.json()["detail"]
        game = tap(client, "/api/showdown", {"hands": {"Anne": ANNE_LEFT, "Chloé": CHLOE_LEFT}})
        assert game["phase"] == "settled"
        payments = game["settlements"][-1]["payments"]
        # card points left: Anne 3♥..K♥ + A♦..4♦ = 92, Chloé 5♦..K♦ + A♣..6♣ = 96; then the opéra sweeps the
        # five boxes (the forgotten Q♠ stake included), which leaves nothing for the bêtes to pay into.
        assert [(p["payer"], p["payee"], p["amount"]) for p in payments if p["reason"] == "cards"] == [
            ("Chloé", "Bruno", 96), ("Anne", "Bruno", 92)]
        assert sum(p["amount"] for p in payments if p["reason"] == "opera") == 3 + 6 + 9 + 12 + 15
        assert not [p for p in payments if p["reason"] == "bete"]
        assert game["settlements"][-1]["chips"] == {"Anne": 185 - 92, "Bruno": 185 + 92 + 96 + 45,
                                                    "Chloé": 185 - 96}
        assert game["stacks"][-1]["chips"] == game["settlements"][-1]["chips"]
        assert client.post("/api/play", json={"card": "5S"}, headers=EDIT).status_code == 409
        game = tap(client, "/api/deals")
        assert game["deal_no"] == 2 and game["phase"] == "play" and game["dealer"] == "Chloé"  # right of Anne
        assert client.post("/api/deals", headers=EDIT).status_code == 409


def test_a_loser_pays_at_most_what_they_have(game_client: TestClient) -> None:
    for card in OPERA_DEAL:
        tap(game_client, "/api/play", {"card": card})
    game = tap(game_client, "/api/showdown", {"hands": {"Anne": ANNE_LEFT, "Chloé": CHLOE_LEFT}})
    assert game["settlements"][-1]["chips"]["Anne"] == 0 and game["settlements"][-1]["chips"]["Chloé"] == 0
    assert game["game_over"] is True
    answer = game_client.post("/api/deals", headers=EDIT)
    assert answer.status_code == 409 and "cannot ante" in answer.json()["detail"]


def test_exports_hold_the_events_and_the_ledger(game_client: TestClient) -> None:
    for card in OPERA_DEAL:
        tap(game_client, "/api/play", {"card": card})
    tap(game_client, "/api/showdown", {"hands": {"Anne": ANNE_LEFT, "Chloé": CHLOE_LEFT}})
    game_id = game_client.get("/api/state").json()["game"]["id"]
    export = game_client.get(f"/api/games/{game_id}/export.json").json()
    assert [e["type"] for e in export["events"]].count("play") == 15
    assert export["settlements"]["1"]["winner"] == "Bruno"
    rows = game_client.get(f"/api/games/{game_id}/ledger.csv").text.strip().splitlines()
    assert rows[0] == "deal_no,holder,kind,chips"
    after = {r.split(",")[1]: int(r.split(",")[3]) for r in rows[1:] if r.startswith("1,")}
    assert after["Bruno"] == export["settlements"]["1"]["chips"]["Bruno"]
    assert game_client.get("/api/games/999/export.json").status_code == 404
    assert game_client.get("/api/games/999/ledger.csv").status_code == 404


def test_no_game_means_a_clear_conflict(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as c:
        answer = c.post("/api/play", json={"card": "AS"}, headers=EDIT)
        assert answer.status_code == 409 and "no game" in answer.json()["detail"]


@pytest.mark.parametrize(("anne", "words"), [
    (ANNE_LEFT[:-1], "should hold 15"),
    ([*ANNE_LEFT[:-1], "AS"], "which was played"),
    ([*ANNE_LEFT[:-1], "6C"], "shown by both"),
    ([*ANNE_LEFT[:-1], "6X"], "unknown card"),
])
def test_a_wrong_showdown_is_refused_and_can_be_sent_again(game_client: TestClient, anne: list[str], words: str) -> None:
    for card in OPERA_DEAL:
        tap(game_client, "/api/play", {"card": card})
    answer = game_client.post("/api/showdown", json={"hands": {"Anne": anne, "Chloé": CHLOE_LEFT}}, headers=EDIT)
    assert 400 <= answer.status_code < 500 and words in answer.json()["detail"]
    assert game_client.get("/api/state").json()["game"]["phase"] == "showdown"
    game = tap(game_client, "/api/showdown", {"hands": {"Anne": ANNE_LEFT, "Chloé": CHLOE_LEFT}})
    assert game["phase"] == "settled"
