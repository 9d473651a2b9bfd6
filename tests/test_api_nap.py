"""Nap at the companion over the API: set-up, bids, hands by cards or by the bidder's tricks, a revoke, the pool
won, carried and doubled, corrections and undo, exports. See tests/nap_table.py for the game played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from nap_table import (
    AFTER_HAND1, AFTER_HAND2, AFTER_HAND3, HAND1_BIDS, HAND1_TRICKS, HAND2_BIDS, HAND2_TRICKS, HAND3_BIDS, NAP_GAME,
)

from companion_api.testing import EDIT, make_app, tap


def _bids(client: TestClient, bids: list[str]) -> dict[str, Any]:
    game: dict[str, Any] = {}
    for bid in bids:
        game = tap(client, "/api/taps/bid", {"bid": bid})
    return game


def _tricks(client: TestClient, tricks: list[list[str]]) -> dict[str, Any]:
    game: dict[str, Any] = {}
    for trick in tricks:
        for card in trick:
            game = tap(client, "/api/play", {"card": card})
    return game


def _stacks(game: dict[str, Any]) -> tuple[dict[str, int], int]:
    return {p["name"]: p["chips"] for p in game["players"]}, game["pool"]


@pytest.fixture()
def nap(tmp_path: Path) -> TestClient:
    with TestClient(make_app(tmp_path)) as client:
        answer = client.post("/api/games", json=NAP_GAME, headers=EDIT)
        assert answer.status_code == 201, answer.json()
        yield client


def _play_hands_1_and_2(client: TestClient) -> dict[str, Any]:
    _bids(client, HAND1_BIDS)
    _tricks(client, HAND1_TRICKS)
    tap(client, "/api/deals")
    _bids(client, HAND2_BIDS)
    return _tricks(client, HAND2_TRICKS)


def test_the_rules_list_nap_with_its_options(client: TestClient) -> None:
    nap = next(r for r in client.get("/api/rules").json() if r["name"] == "nap")
    options = {o["name"]: o for o in nap["options"]}
    assert options["pool"]["kind"] == "bool" and options["pool"]["default"] is False
    assert "floater" in options["game"]["choices"] and options["scale"]["kind"] == "choice"
    assert options["scale"]["help"]


def test_a_hand_starts_with_the_antes_and_the_bidding_from_the_dealers_left(nap: TestClient) -> None:
    game = nap.get("/api/state").json()["game"]
    assert game["game"] == "nap" and game["phase"] == "bidding" and game["turn"] == "Bruno"
    assert game["pool"] == 4 and {p["chips"] for p in game["players"]} == {19}
    assert [c["bid"] for c in game["bid_choices"]] == ["pass", "three", "four", "nap"]
    game = _bids(nap, ["three"])
    assert [c["bid"] for c in game["bid_choices"]] == ["pass", "four", "nap"] and game["turn"] == "Chloé"


def test_a_whole_game_of_three_hands(nap: TestClient) -> None:
    game = _bids(nap, HAND1_BIDS)
    assert game["phase"] == "playing" and game["bidder"] == "Denis" and game["bid"] == "nap"
    assert game["turn"] == "Denis"
    game = _tricks(nap, HAND1_TRICKS[:1])
    assert game["trumps"] == "S" and game["players"][3]["tricks"] == 1 and game["turn"] == "Denis"
    game = _tricks(nap, HAND1_TRICKS[1:])
    assert game["phase"] == "settled" and _stacks(game) == AFTER_HAND1
    first = game["settlements"][0]
    assert first["made"] is True and first["tricks_won"] == 5 and first["by_cards"] is True
    assert {(p["payer"], p["amount"]) for p in first["payments"] if p["reason"] == "won"} == {
        ("Anne", 5), ("Bruno", 5), ("Chloé", 5)}
    assert [(p["payer"], p["amount"]) for p in first["payments"] if p["reason"] == "pool_won"] == [("pool", 4)]

    game = tap(nap, "/api/deals")
    assert game["dealer"] == "Bruno" and game["turn"] == "Chloé" and game["deal_no"] == 2 and game["pool"] == 4
    _bids(nap, HAND2_BIDS)
    game = _tricks(nap, HAND2_TRICKS[:1])
    assert game["revokes"] == []  # Bruno's 2♣ on hearts is not a revoke until he shows a heart
    game = tap(nap, "/api/play", {"card": "KH"})
    game = tap(nap, "/api/play", {"card": "4H"})
    assert game["revokes"] == [{"player": "Bruno", "trick": 1, "card": "2C", "led": "H", "proven_by": "4H",
                                "penalty": "pool", "units": 5}]
    assert [n["kind"] for n in game["notices"]] == ["revoke"] and game["pool"] == 4 + 5
    game = _tricks(nap, [HAND2_TRICKS[1][2:], *HAND2_TRICKS[2:]])
    assert _stacks(game) == AFTER_HAND2
    second = game["settlements"][1]
    assert second["bidder"] == "Anne" and second["made"] is True and second["tricks_won"] == 4
    assert [r["player"] for r in second["revokes"]] == ["Bruno"]

    tap(nap, "/api/deals")
    game = _bids(nap, HAND3_BIDS)
    assert game["bidder"] == "Denis" and game["turn"] == "Denis"
    game = tap(nap, "/api/taps/tricks", {"count": 3})
    assert _stacks(game) == AFTER_HAND3
    third = game["settlements"][2]
    assert third["made"] is False and third["by_cards"] is False
    assert [(p["payer"], p["amount"]) for p in third["payments"] if p["reason"] == "pool_doubled"] == [("Denis", 13)]
    for point in game["stacks"]:
        assert sum(point["chips"].values()) + point["pool"] == 80


def test_stacks_may_go_below_zero_and_are_shown_as_they_are(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        assert client.post("/api/games", json={**NAP_GAME, "chips": 3, "options": {}}, headers=EDIT).is_success
        _bids(client, ["nap", "pass", "pass", "pass"])
        game = tap(client, "/api/taps/tricks", {"count": 4})
    assert _stacks(game) == ({"Anne": 8, "Bruno": -12, "Chloé": 8, "Denis": 8}, 0)


@pytest.mark.parametrize(("path", "body", "status", "words"), [
    ("/api/taps/bid", {"bid": "nap", "player": "Denis"}, 409, "out of turn"),
    ("/api/taps/bid", {"bid": "two"}, 409, "Two is not played"),
    ("/api/taps/bid", {"bid": "three"}, 409, "does not beat"),
    ("/api/taps/tricks", {"count": 3}, 409, "after the bidding"),
    ("/api/taps/juggle", {}, 404, "no tap 'juggle'"),
    ("/api/taps/bid", {"bid": "nap", "extra": 1}, 422, "extra"),
    ("/api/call", {"box": "QS"}, 409, "Nap has no boxes"),
    ("/api/play", {"card": "ZZ"}, 409, "nobody is to play"),
])
def test_illegal_taps_are_refused_and_leave_no_trace(nap: TestClient, path: str, body: dict[str, Any], status: int,
                                                     words: str) -> None:
    _bids(nap, ["four"])
    before = nap.get("/api/state").json()["game"]
    answer = nap.post(path, json=body, headers=EDIT)
    assert answer.status_code == status and words in answer.json()["detail"], answer.json()
    assert nap.get("/api/state").json()["game"]["events"] == before["events"]


def test_a_card_tapped_out_of_turn_is_refused(nap: TestClient) -> None:
    _bids(nap, HAND1_BIDS)
    answer = nap.post("/api/play", json={"card": "AS", "player": "Anne"}, headers=EDIT)
    assert answer.status_code == 409 and "out of turn" in answer.json()["detail"]


def test_corrections_of_the_tricks_and_a_bid_settle_the_hand_again(nap: TestClient) -> None:
    _play_hands_1_and_2(nap)
    tap(nap, "/api/deals")
    _bids(nap, HAND3_BIDS)
    game = tap(nap, "/api/taps/tricks", {"count": 3})
    tricks_at = next(e["index"] for e in game["events"] if e["kind"] == "tricks_won")
    nap_at = next(e["index"] for e in game["events"] if e["kind"] == "bid" and e["data"]["bid"] == "nap")

    game = tap(nap, "/api/corrections", {"index": tricks_at, "tricks": 5})
    assert game["settlements"][2]["made"] is True and game["pool"] == 0
    assert game["players"][3]["chips"] == AFTER_HAND2[0]["Denis"] - 1 + 15 + AFTER_HAND2[1] + 4

    game = tap(nap, "/api/corrections", {"index": nap_at, "bid": "four"})
    third = game["settlements"][2]
    assert third["bid"] == "four" and third["made"] is True and game["pool"] == AFTER_HAND2[1] + 4

    game = tap(nap, f"/api/corrections/{game['events'][-1]['index']}/revert")
    assert game["settlements"][2]["bid"] == "nap" and game["settlements"][2]["made"] is True


def test_undo_takes_back_the_last_card_and_reopens_a_settled_hand(nap: TestClient) -> None:
    _bids(nap, HAND1_BIDS)
    game = _tricks(nap, HAND1_TRICKS)
    assert game["phase"] == "settled"
    game = tap(nap, "/api/undo")
    assert game["phase"] == "playing" and game["settlements"] == [] and game["turn"] == "Chloé"
    assert game["trick"] == [{"player": p, "card": c} for p, c in zip(["Denis", "Anne", "Bruno"], ["KH", "5H", "6H"])]
    assert _stacks(game) == ({"Anne": 19, "Bruno": 19, "Chloé": 19, "Denis": 19}, 4)
    game = tap(nap, "/api/play", {"card": "7H"})
    assert _stacks(game) == AFTER_HAND1
    game = tap(nap, "/api/undo")
    chloe_at = next(e["index"] for e in game["events"] if e["player"] == "Chloé" and e["kind"] == "bid")
    game = tap(nap, "/api/corrections", {"index": chloe_at, "bid": "four"})
    assert [b["bid"] for b in game["bids"]] == ["pass", "four", "nap", "pass"]


def test_the_next_hand_waits_for_the_settlement(nap: TestClient) -> None:
    answer = nap.post("/api/deals", headers=EDIT)
    assert answer.status_code == 409 and "Bruno is to bid" in answer.json()["detail"]


def test_everyone_passing_is_a_hand_with_no_game_and_the_pool_carries_on(nap: TestClient) -> None:
    game = _bids(nap, ["pass"] * 4)
    assert game["phase"] == "settled" and game["settlements"][0]["bidder"] is None and game["pool"] == 4
    game = tap(nap, "/api/deals")
    assert game["pool"] == 8 and game["dealer"] == "Bruno"


def test_exports_hold_the_nap_log_and_the_pool_in_the_ledger(nap: TestClient) -> None:
    _play_hands_1_and_2(nap)
    game_id = nap.get("/api/state").json()["game"]["id"]
    export = nap.get(f"/api/games/{game_id}/export.json").json()
    assert export["rules"] == "nap" and [e["type"] for e in export["events"][:2]] == ["new_hand", "deal"]
    assert [s["bidder"] for s in export["settlements"].values()] == ["Denis", "Anne"]
    rows = nap.get(f"/api/games/{game_id}/ledger.csv").text.splitlines()
    assert "2,pool,pool,9" in rows and "2,Bruno,player,4" in rows


def test_a_correction_that_would_unsettle_an_earlier_hand_is_refused(nap: TestClient) -> None:
    _bids(nap, HAND1_BIDS)
    game = _tricks(nap, HAND1_TRICKS)
    last_card = game["events"][-1]["index"]
    tap(nap, "/api/deals")
    before = nap.get("/api/state").json()["game"]
    answer = nap.post("/api/corrections", json={"index": last_card, "action": "delete"}, headers=EDIT)
    assert answer.status_code == 409 and "hand is in progress" in answer.json()["detail"]
    assert nap.get("/api/state").json()["game"] == before


def test_a_card_seen_by_the_camera_joins_the_trick_and_an_unsure_one_asks_who(nap: TestClient) -> None:
    _bids(nap, HAND1_BIDS)
    game = tap(nap, "/api/observations", {"type": "card_played", "card": "AS", "player": "Denis"})
    assert game["trick"] == [{"player": "Denis", "card": "AS"}]
    game = tap(nap, "/api/observations", {"type": "card_played", "card": "2S", "player": None,
                                          "candidates": ["Anne", "Bruno"], "confidence": 0.6})
    assert game["trick"][-1] == {"player": "Anne", "card": "2S"}
    question = game["questions"][0]
    game = tap(nap, f"/api/questions/{question['id']}", {"player": "Bruno"})
    assert game["trick"][-1] == {"player": "Bruno", "card": "2S"} and game["questions"] == []


@pytest.mark.parametrize(("variant", "step", "body", "check"), [
    ("purchase", "purchase", {"player": "Bruno", "count": 2}, lambda g: g["pool"] > 0),
    ("floater", "peek", {}, lambda g: "peek" not in g["before_bids"]),
    ("widow", "widow", {}, lambda g: "widow" not in g["before_bids"] and "pass" not in
     [c["bid"] for c in g["bid_choices"]]),
])
def test_the_variants_steps_before_the_bids(tmp_path: Path, variant: str, step: str, body: dict[str, Any],
                                            check: Any) -> None:
    with TestClient(make_app(tmp_path)) as client:
        created = client.post("/api/games", json={**NAP_GAME, "options": {"game": variant}}, headers=EDIT)
        assert step in created.json()["game"]["before_bids"]
        game = tap(client, f"/api/taps/{step}", body)
    assert check(game) and game["events"][-1]["kind"] == {"purchase": "purchase", "peek": "peek",
                                                          "widow": "take_widow"}[step]
