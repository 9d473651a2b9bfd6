"""Nothing is lost by one tap: a replaced game can be resumed (also after a restart), a correction reverted,
and the settlement says what was owed, what was paid and what was staked."""

from pathlib import Path

from fastapi.testclient import TestClient

from companion_api.testing import ANNE_LEFT, CHLOE_LEFT, EDIT, OPERA_DEAL, make_app, new_game_body, tap


def start(client: TestClient, **overrides: object) -> dict:
    answer = client.post("/api/games", json=new_game_body(**overrides), headers=EDIT)
    assert answer.status_code == 201, answer.json()
    return answer.json()["game"]


def test_a_replaced_game_is_resumed_where_it_was_left_and_stays_after_a_restart(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        first = start(client)
        tap(client, "/api/play", {"card": "AS"})
        second = start(client, players=["Zoé", "Yves", "Xavier"], dealer="Zoé")
        assert second["id"] != first["id"] and second["played"] == []
        statuses = {g["id"]: g["status"] for g in client.get("/api/games").json()}
        assert statuses[first["id"]] == "abandoned"
        game = tap(client, f"/api/games/{first['id']}/resume")
        assert game["id"] == first["id"] and game["played"] == ["AS"] and game["turn"] == "Bruno"
    with TestClient(make_app(tmp_path)) as client:
        assert client.get("/api/state").json()["game"]["id"] == first["id"]


def test_resuming_needs_the_code_and_a_stored_game(game_client: TestClient) -> None:
    assert game_client.post("/api/games/1/resume").status_code == 403
    missing = game_client.post("/api/games/99/resume", headers=EDIT)
    assert missing.status_code == 404 and missing.json() == {"detail": "no game 99"}


def test_a_deletion_and_a_replacement_are_reverted(game_client: TestClient) -> None:
    tap(game_client, "/api/play", {"card": "AS"})
    game = tap(game_client, "/api/play", {"card": "2S"})
    two = next(e["index"] for e in game["events"] if e["card"] == "2S")
    game = tap(game_client, "/api/corrections", {"index": two, "action": "delete"})
    assert game["played"] == ["AS"]
    deletion = game["events"][-1]["index"]
    game = tap(game_client, f"/api/corrections/{deletion}/revert")
    assert game["played"] == ["AS", "2S"]
    assert not next(e for e in game["events"] if e["index"] == two)["corrected"]
    game = tap(game_client, "/api/corrections", {"index": two, "card": "2C"})
    game = tap(game_client, f"/api/corrections/{game['events'][-1]['index']}/revert")
    assert game["played"] == ["AS", "2S"]
    not_a_fix = game_client.post(f"/api/corrections/{two}/revert", headers=EDIT)
    assert not_a_fix.status_code == 409 and "not a correction" in not_a_fix.json()["detail"]


def test_the_settlement_lists_antes_hands_and_what_was_owed_and_paid(game_client: TestClient) -> None:
    for card in OPERA_DEAL:
        tap(game_client, "/api/play", {"card": card})
    game = tap(game_client, "/api/showdown", {"hands": {"Anne": ANNE_LEFT, "Chloé": CHLOE_LEFT}})
    [deal] = game["settlements"]
    assert deal["antes"] == {"Anne": 15, "Bruno": 15, "Chloé": 15}
    assert sorted(deal["remaining"]) == ["Anne", "Chloé"] and len(deal["remaining"]["Chloé"]) == 15
    assert "KH" in deal["remaining"]["Anne"]  # a bête the page explains: the opéra had emptied its box
    assert not [p for p in deal["payments"] if p["reason"] == "bete"]
    cards = {p["payer"]: (p["due"], p["amount"]) for p in deal["payments"] if p["reason"] == "cards"}
    assert cards == {"Anne": (92, 85), "Chloé": (96, 85)}  # each held 85 after the ante: the rest is cut
    assert deal["missed_calls"] == [{"player": "Bruno", "card": "QS"}]


def test_the_shown_hands_are_corrected_and_the_deal_settled_again(game_client: TestClient) -> None:
    early = game_client.post("/api/showdown/correct", json={"hands": {"Anne": []}}, headers=EDIT)
    assert early.status_code == 409 and early.json() == {"detail": "no hands have been shown in this deal"}
    for card in OPERA_DEAL:
        tap(game_client, "/api/play", {"card": card})
    slip = [c for c in ANNE_LEFT if c != "4D"] + ["7C"]  # the 7♣ picked instead of the 4♦ (Anne holds the 4♦)
    game = tap(game_client, "/api/showdown", {"hands": {"Anne": slip, "Chloé": CHLOE_LEFT}})
    assert {p["payer"]: p["due"] for p in game["settlements"][0]["payments"] if p["reason"] == "cards"}["Anne"] == 95
    game = tap(game_client, "/api/showdown/correct", {"hands": {"Anne": ANNE_LEFT}})
    [deal] = game["settlements"]
    assert sorted(deal["remaining"]["Anne"]) == sorted(ANNE_LEFT) and deal["remaining"]["Chloé"] == CHLOE_LEFT
    assert {p["payer"]: p["due"] for p in deal["payments"] if p["reason"] == "cards"}["Anne"] == 92
    assert game["phase"] == "settled" and not [n for n in game["notices"] if n["kind"] == "hand_mismatch"]
