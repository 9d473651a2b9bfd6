"""Corrections and questions: any event fixed or undone with a tap, kept in the database as a training label."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from companion_api.testing import EDIT, tap


def index_of(game: dict[str, Any], card: str) -> int:
    return next(e["index"] for e in game["events"] if e["card"] == card and e["kind"] == "play")


def export(client: TestClient) -> dict[str, Any]:
    game_id = client.get("/api/state").json()["game"]["id"]
    return client.get(f"/api/games/{game_id}/export.json").json()


def test_a_wrong_card_is_replaced_and_the_pair_is_kept(game_client: TestClient) -> None:
    tap(game_client, "/api/play", {"card": "AS"})
    game = tap(game_client, "/api/play", {"card": "2S"})
    game = tap(game_client, "/api/corrections", {"index": index_of(game, "2S"), "card": "2C"})
    assert game["sequence"] == ["AS", "2C"] and "2S" not in game["played"]
    assert [e["corrected"] for e in game["events"] if e["card"] == "2S"] == [True]
    [label] = export(game_client)["corrections"]
    assert label["before"]["card"] == "2S" and label["after"]["card"] == "2C" and label["source"] == "tap"


def test_a_wrong_player_is_fixed(game_client: TestClient) -> None:
    game = tap(game_client, "/api/play", {"card": "AS"})
    game = tap(game_client, "/api/corrections", {"index": index_of(game, "AS"), "player": "Chloé"})
    cards_left = {p["name"]: p["cards_left"] for p in game["players"]}
    assert cards_left == {"Anne": 15, "Bruno": 15, "Chloé": 14}


def test_undo_removes_the_last_action_only(game_client: TestClient) -> None:
    tap(game_client, "/api/play", {"card": "AS"})
    tap(game_client, "/api/play", {"card": "2S"})
    game = tap(game_client, "/api/undo")
    assert game["sequence"] == ["AS"] and game["played"] == ["AS"]
    game = tap(game_client, "/api/undo")
    assert game["played"] == [] and game["turn"] == "Bruno"
    nothing = game_client.post("/api/undo", headers=EDIT)
    assert nothing.status_code == 409 and "nothing to undo" in nothing.json()["detail"]
    assert [c["after"] for c in export(game_client)["corrections"]] == [None, None]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"index": 0, "action": "delete"}, 409, "only plays"),
    ({"index": 999, "action": "delete"}, 404, "no event 999"),
    ({"index": -1, "action": "delete"}, 422, "greater than or equal"),
    ({"index": "LAST", "card": "2C"}, 422, "index"),
    ({"index": "@AS", "card": "1Z"}, 422, "unknown card"),
    ({"index": "@AS"}, 422, "nothing to change"),
    ({"action": "replace", "card": "2C"}, 422, "index"),
])
def test_bad_corrections_are_refused_clearly(game_client: TestClient, body: dict, status: int, words: str) -> None:
    game = tap(game_client, "/api/play", {"card": "AS"})
    if body.get("index") == "@AS":
        body = {**body, "index": index_of(game, "AS")}
    answer = game_client.post("/api/corrections", json=body, headers=EDIT)
    assert answer.status_code == status and words in answer.json()["detail"]


def test_an_event_undone_cannot_be_undone_twice(game_client: TestClient) -> None:
    game = tap(game_client, "/api/play", {"card": "AS"})
    index = index_of(game, "AS")
    tap(game_client, "/api/corrections", {"index": index, "action": "delete"})
    again = game_client.post("/api/corrections", json={"index": index, "action": "delete"}, headers=EDIT)
    assert again.status_code == 409 and "already undone" in again.json()["detail"]


def test_an_unsure_attribution_becomes_a_question_and_the_answer_a_correction(game_client: TestClient) -> None:
    unsure = {"type": "card_played", "card": "7H", "player": None, "candidates": ["Bruno", "Chloé"],
              "confidence": 0.64}
    game = tap(game_client, "/api/observations", unsure)
    [question] = game["questions"]
    assert question["card"] == "7H" and question["candidates"] == ["Bruno", "Chloé"]
    assert game["last_play"]["player"] == "Bruno"  # the turn's player, the best guess meanwhile
    game = tap(game_client, f"/api/questions/{question['id']}", {"player": "Chloé"})
    assert game["questions"] == [] and game["last_play"]["player"] == "Chloé"
    [label] = export(game_client)["corrections"]
    assert (label["before"]["player"], label["after"]["player"], label["source"]) == ("Bruno", "Chloé", "question")
    gone = game_client.post(f"/api/questions/{question['id']}", json={"player": "Chloé"}, headers=EDIT)
    assert gone.status_code == 404


def test_confirming_the_guess_closes_the_question_without_a_correction(game_client: TestClient) -> None:
    game = tap(game_client, "/api/observations", {"type": "card_played", "card": "7H", "player": None})
    [question] = game["questions"]
    assert question["candidates"] == ["Anne", "Bruno", "Chloé"]
    game = tap(game_client, f"/api/questions/{question['id']}", {"player": "Bruno"})
    assert game["questions"] == [] and export(game_client)["corrections"] == []


def test_a_call_the_camera_missed_is_put_back_and_the_box_swept(game_client: TestClient) -> None:
    for card in ("AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"):
        game = tap(game_client, "/api/play", {"card": card})
    assert game["board"]["QS"] == 9 and [n["kind"] for n in game["notices"]].count("call_missed") == 1
    game = tap(game_client, "/api/corrections", {"index": index_of(game, "QS"), "call": True})
    assert game["board"]["QS"] == 0 and game["players"][1]["chips"] == 85 + 9
    assert [n["kind"] for n in game["notices"]].count("call_missed") == 0


def test_a_sweep_after_a_card_read_in_the_wrong_suit_corrects_it_to_the_honour(game_client: TestClient) -> None:
    """The camera reads Bruno's Q♠ as the Q♦, then sees him empty the Q♠ box: the engine takes the Q♦ as the Q♠,
    so the box is a call, not a sweep without its honour, and the Q♦ is free to be played later."""
    tap(game_client, "/api/observations", {"type": "card_played", "card": "JH", "player": "Bruno", "confidence": 0.99})
    tap(game_client, "/api/observations", {"type": "card_played", "card": "QD", "player": "Bruno", "confidence": 0.97})
    game = tap(game_client, "/api/observations", {"type": "box_swept", "box": "QS", "player": "Bruno"})
    assert game["sequence"][-1] == "QS" and "QD" not in game["played"] and game["board"]["QS"] == 0
    assert [e["corrected"] for e in game["events"] if e["card"] == "QD"] == [True]
    assert "sweep_without_honour" not in [n["kind"] for n in game["notices"]]
    tap(game_client, "/api/play", {"player": "Bruno", "card": "KD"})   # a card entered by hand is trusted
    game = tap(game_client, "/api/sweep", {"player": "Bruno", "box": "KH"})
    assert "KD" in game["played"] and "KH" not in game["played"]


@pytest.mark.parametrize("told_late", [True, False])
def test_a_sweep_the_camera_told_late_makes_the_call(game_client: TestClient, told_late: bool) -> None:
    """Deal 74015 of the pipeline's benchmark: Chloé emptied the 10♦ box while her call was open, but the camera
    could tell it only two cards later (`swept_at`): the 10♦ becomes her call. Told late without `swept_at`, the
    sweep came too late: the stake stays."""
    plays = [("8D", "Bruno"), ("9D", "Bruno"), ("10D", "Chloé"), ("JD", "Chloé"), ("QD", "Anne")]
    for card, player in plays:
        game = tap(game_client, "/api/observations", {"type": "card_played", "card": card, "player": player,
                                                      "confidence": 0.98})
    stake, chips = game["board"]["10D"], game["players"][2]["chips"]
    assert stake > 0 and [n.get("card") for n in game["notices"] if n["kind"] == "call_missed"] == ["10D"]
    sweep = {"type": "box_swept", "box": "10D", "player": "Chloé", **({"swept_at": 4.0} if told_late else {})}
    game = tap(game_client, "/api/observations", sweep)
    kinds = [n["kind"] for n in game["notices"]]
    if told_late:
        assert game["board"]["10D"] == 0 and game["players"][2]["chips"] == chips + stake
        assert "call_missed" not in kinds and "late_call" not in kinds
        assert [e["corrected"] for e in game["events"] if e["card"] == "10D" and e["kind"] == "play"] == [True]
    else:
        assert game["board"]["10D"] == stake and "late_call" in kinds


def test_a_sweep_swaps_two_reads_of_one_rank_when_the_first_honour_s_call_was_missed(game_client: TestClient) -> None:
    """What the pipeline sends for deal 47023 of its benchmark: Bruno's Q♦ read as the Q♠ (a missed call), later
    Chloé's Q♠ read as the Q♦, its renames (which alone cannot apply: each names a card on the pile), then Chloé
    emptying the Q♠ box. The sweep's proof swaps the two reads: her call is made, Bruno missed none."""
    plays = [("JH", "Bruno", 0.99), ("QS", "Bruno", 0.88), ("KS", "Chloé", 0.99), ("10C", "Chloé", 0.99),
             ("JC", "Chloé", 0.99), ("QD", "Chloé", 0.95)]
    for card, player, confidence in plays:
        tap(game_client, "/api/observations", {"type": "card_played", "card": card, "player": player,
                                               "confidence": confidence})
    for was, card in (("QS", "QD"), ("QD", "QS")):
        tap(game_client, "/api/observations", {"type": "card_corrected", "was": was, "card": card, "reason": "sweep"})
    game = tap(game_client, "/api/observations", {"type": "box_swept", "box": "QS", "player": "Chloé"})
    assert game["played"] == ["JH", "QD", "KS", "10C", "JC", "QS"]
    assert [e["corrected"] for e in game["events"] if e["kind"] == "play" and e["card"] in ("QS", "QD")] == [True] * 2
    assert game["board"]["QS"] == 0 and "sweep_without_honour" not in [n["kind"] for n in game["notices"]]
    assert [n.get("card") for n in game["notices"] if n["kind"] == "call_missed"] == ["JC"]
