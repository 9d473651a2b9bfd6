"""The companion follows a camera that revises its account of the deal: `deal_resumed` withdraws a deal end (and
the showdown and settlement made after it), `player_corrected` gives a play to another player."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from companion_api import feed
from companion_api.demo import simulated_game
from companion_api.testing import EDIT, make_app

RESUMED = {"type": "deal_resumed", "reason": "3C was laid after the deal was taken as over", "t": 99.0}


def _deal() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The set-up and observations of one simulated deal (passes included, settled at the end)."""
    deal = simulated_game(seed=5, deals=1)
    return {k: deal[0][k] for k in ("players", "dealer", "chips", "rules")}, deal[1:]


def _post(client: TestClient, observations: list[dict[str, Any]]) -> dict[str, Any]:
    for obs in observations:
        answer = client.post("/api/observations", json=obs, headers=EDIT)
        assert answer.status_code == 200, answer.json()
    game: dict[str, Any] = client.get("/api/state").json()["game"]
    return game


@pytest.mark.parametrize(("observation", "words"), [
    ({"type": "player_corrected", "card": "7C"}, "'player' must be a non-empty string"),
    ({"type": "player_corrected", "card": "7X", "player": "Anne"}, "'card' must be a card"),
    ({"type": "deal_resumed", "t": "later"}, "'t'"),
    ({"type": "hand_revealed", "player": "Anne", "cards": ["KS"], "guessed": "KS"}, "'guessed' must be a list"),
    ({"type": "hand_revealed", "player": "Anne", "cards": ["KS"], "guessed": ["KX"]}, "'guessed' must be a card"),
    ({"type": "hand_revealed", "player": "Anne", "cards": ["KS"], "guessed": ["2C"]}, "does not show: \\['2C'\\]"),
    ({"type": "card_played", "card": "7C", "player": "Anne", "unseen": "yes"}, "'unseen' must be true or false"),
    ({"type": "hand_revealed", "player": "Anne", "cards": ["KS"], "laid_unseen": "6C"}, "'laid_unseen' must be a list"),
    ({"type": "hand_revealed", "player": "Anne", "cards": ["KS"], "laid_unseen": ["KS"]}, "shows: \\['KS'\\]"),
    ({"type": "play_withdrawn", "reason": "8C was laid"}, "'card' must be a non-empty string"),
    ({"type": "play_withdrawn", "card": "7X"}, "'card' must be a card"),
    ({"type": "play_withdrawn", "card": "7C", "cause": "moved"}, "'cause' must be 'hand_over_pile'"),
])
def test_malformed_revisions_are_named(observation: dict[str, Any], words: str) -> None:
    with pytest.raises(feed.ObservationError, match=words):
        feed.parse_observation(observation)


def test_revisions_round_trip_through_their_json_form() -> None:
    for data in ({"type": "player_corrected", "card": "7C", "was": "Bruno", "player": "Chloé", "played_at": 3.5},
                 RESUMED, {"type": "hand_revealed", "player": "Anne", "cards": ["KS", "2C"], "guessed": ["2C"]},
                 {"type": "hand_revealed", "player": "Anne", "cards": ["KS"]},
                 {"type": "card_played", "card": "7C", "player": "Anne", "candidates": [], "confidence": 0.0,
                  "call": False, "unseen": True},
                 {"type": "play_withdrawn", "card": "7C", "reason": "8C was laid after the deal it ended"},
                 {"type": "play_withdrawn", "card": "6H", "reason": "hand over the pile", "cause": "hand_over_pile"}):
        obs = feed.parse_observation(data)
        assert feed.observation_to_dict(obs) == data


def test_a_resumed_deal_forgets_the_hands_shown_and_withdraws_its_settlement(tmp_path: Path) -> None:
    setup, deal = _deal()
    reveals = [i for i, o in enumerate(deal) if o["type"] == "hand_revealed"]
    assert len(reveals) >= 2
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        settled = _post(client, deal)
        assert settled["phase"] == "settled" and len(settled["settlements"]) == 1
        game = _post(client, [RESUMED])
        assert game["phase"] == "showdown" and game["settlements"] == []
        assert any(n["kind"] == "deal_resumed" and "3C" in n["message"] for n in game["notices"])
        # the hands shown before are forgotten: all must be shown again before the deal settles
        assert _post(client, [deal[i] for i in reveals[1:]])["phase"] == "showdown"
        again = _post(client, [deal[reveals[0]]])
    assert again["phase"] == "settled" and again["settlements"][-1]["chips"] == settled["settlements"][-1]["chips"]


def test_a_play_the_camera_gives_to_another_player_brings_back_the_plays_set_aside(tmp_path: Path) -> None:
    """An early card of another player's credited to the winner makes the winner go out one card early: the plays
    after are set aside until `player_corrected` gives the card back, and the deal settles as it was played."""
    setup, deal = _deal()
    plays = [o for o in deal if o["type"] == "card_played"]
    winner = next(o for o in deal if o["type"] == "deal_over")["winner"]
    last = max(i for i, o in enumerate(deal) if o["type"] == "card_played")
    taken = next(i for i, o in enumerate(deal) if o["type"] == "card_played" and o["player"] not in (None, winner))
    owner, card = deal[taken]["player"], deal[taken]["card"]
    misread = [dict(o, player=winner) if i == taken else o for i, o in enumerate(deal)]
    fix = {"type": "player_corrected", "card": card, "was": winner, "player": owner, "played_at": deal[taken]["t"]}
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        assert _post(client, misread[:last])["phase"] == "showdown"
        early = _post(client, [misread[last]])
        assert early["phase"] == "showdown" and plays[-1]["card"] not in early["played"]   # set aside
        game = _post(client, [fix] + misread[last + 1:])
    assert game["played"] == [p["card"] for p in plays]
    assert game["phase"] == "settled" and game["settlements"][-1]["chips"] == deal[-1]["chips"]


def test_an_honour_the_camera_gives_to_another_player_takes_its_sweep_along(tmp_path: Path) -> None:
    """An honour and its box's sweep both credited to the neighbour of the player who laid it: `player_corrected`
    gives the play back and the sweep with it (only the honour's player takes its box), so the call is no stray
    sweep and the deal settles as it was played."""
    setup, deal = _deal()
    swept = next(i for i, o in enumerate(deal) if o["type"] == "box_swept")
    laid = max(i for i, o in enumerate(deal[:swept]) if o["type"] == "card_played" and o["card"] == deal[swept]["box"])
    owner = deal[laid]["player"]
    neighbour = setup["players"][(setup["players"].index(owner) + 1) % len(setup["players"])]
    misread = [dict(o, player=neighbour) if i in (laid, swept) else o for i, o in enumerate(deal)]
    fix = {"type": "player_corrected", "card": deal[laid]["card"], "was": neighbour, "player": owner,
           "played_at": deal[laid]["t"]}
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        _post(client, misread[:swept + 1])
        game = _post(client, [fix] + misread[swept + 1:])
    assert game["phase"] == "settled" and game["settlements"][-1]["chips"] == deal[-1]["chips"]
    assert game["settlements"][-1]["board"] == deal[-1]["board"]


def test_a_hand_whose_cards_the_camera_only_guessed_asks_the_family_to_check_them(tmp_path: Path) -> None:
    """A loser's hand completed from the zone's likeliest cards (`guessed`) is settled as shown, and a notice names
    each guessed card and its player."""
    setup, deal = _deal()
    reveal = max(i for i, o in enumerate(deal) if o["type"] == "hand_revealed")
    player, cards = deal[reveal]["player"], deal[reveal]["cards"]
    guessed = [dict(o, guessed=[cards[-1]]) if i == reveal else o for i, o in enumerate(deal)]
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        game = _post(client, guessed)
    assert game["phase"] == "settled"
    notices = [n for n in game["notices"] if n["kind"] == "hand_guessed"]
    assert [(n["player"], n["card"]) for n in notices] == [(player, cards[-1])]
    assert cards[-1] in notices[0]["message"]


def test_a_card_a_loser_laid_unseen_is_named_and_the_deal_settles_as_played(tmp_path: Path) -> None:
    """Nobody saw a loser lay a card (laid squarely on the one before); the hand they lay out names it as laid unseen
    (`laid_unseen`): the deal settles as played, their hand paying for the cards it shows, and a notice asks the
    family to check that card."""
    setup, deal = _deal()
    winner = next(o for o in deal if o["type"] == "deal_over")["winner"]
    hands = {o["player"]: i for i, o in enumerate(deal) if o["type"] == "hand_revealed"}
    unseen = next(i for i, o in enumerate(deal) if o["type"] == "card_played" and o["player"] in hands
                  and o["player"] != winner and o["card"] not in ("10D", "JC", "QS", "KH", "7D"))
    player, card = deal[unseen]["player"], deal[unseen]["card"]
    told = [dict(o, laid_unseen=[card]) if i == hands[player] else o for i, o in enumerate(deal) if i != unseen]
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        game = _post(client, told)
    assert game["phase"] == "settled" and game["settlements"][-1]["chips"] == deal[-1]["chips"]
    notices = [n for n in game["notices"] if n["kind"] == "card_unseen"]
    assert [(n["player"], n["card"]) for n in notices] == [(player, card)] and card in notices[0]["message"]


def _last_card_unseen(deal: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The deal as the camera tells it when nobody saw the winner's last card: the hands laid out first, then
    that card, inferred (`unseen`); and that inferred play."""
    last = max(i for i, o in enumerate(deal) if o["type"] == "card_played")
    settle = next(i for i, o in enumerate(deal) if o["type"] == "settlement")
    inferred = {**deal[last], "confidence": 0.0, "unseen": True}
    return deal[:last] + deal[last + 1:settle] + [inferred] + deal[settle:], inferred


def test_a_last_card_the_camera_inferred_after_the_hands_were_shown_settles_the_deal(tmp_path: Path) -> None:
    """The hands laid out before the winner's last card was told wait for it; the inferred card ends the deal, the
    hands shown settle it as if the card had been seen, and a notice asks the family to check that card."""
    setup, deal = _deal()
    told, inferred = _last_card_unseen(deal)
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        waiting = _post(client, told[:told.index(inferred)])
        assert waiting["phase"] == "play" and waiting["settlements"] == []
        game = _post(client, told[told.index(inferred):])
    assert game["phase"] == "settled" and game["settlements"][-1]["chips"] == deal[-1]["chips"]
    notices = [n for n in game["notices"] if n["kind"] == "card_unseen"]
    assert [(n["player"], n["card"]) for n in notices] == [(inferred["player"], inferred["card"])]


def test_an_inferred_card_taken_back_reopens_the_deal_it_ended(tmp_path: Path) -> None:
    setup, deal = _deal()
    told, inferred = _last_card_unseen(deal)
    withdrawn = {"type": "play_withdrawn", "card": inferred["card"], "reason": "a card was laid after"}
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        _post(client, told)
        game = _post(client, [RESUMED, withdrawn])
    assert game["phase"] == "play" and game["settlements"] == []
    assert inferred["card"] not in game["played"]
    assert any(n["kind"] == "play_withdrawn" and inferred["card"] in n["message"] for n in game["notices"])


def test_a_play_read_with_a_hand_over_the_pile_taken_back_leaves_the_deal_as_played(tmp_path: Path) -> None:
    """A play read while a hand was over the pile is told; the card laid next shows no card was laid
    (`cause: hand_over_pile`): the play is taken back, the deal settles as it was played, and the notice says why."""
    setup, deal = _deal()
    plays = [i for i, o in enumerate(deal) if o["type"] == "card_played"]
    k = plays[2]
    shown = next(o for o in deal if o["type"] == "hand_revealed")["cards"][0]
    held = dict(deal[k], card=shown, confidence=0.27, t=deal[k]["t"] - 0.5)
    withdrawn = {"type": "play_withdrawn", "card": shown, "cause": "hand_over_pile", "reason": "a hand over the pile"}
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        assert shown in _post(client, deal[:k] + [held])["played"]
        game = _post(client, [withdrawn] + deal[k:])
    assert game["played"] == [deal[i]["card"] for i in plays]
    assert game["phase"] == "settled" and game["settlements"][-1]["chips"] == deal[-1]["chips"]
    notices = [n for n in game["notices"] if n["kind"] == "held_read_withdrawn"]
    assert len(notices) == 1 and shown in notices[0]["message"]
    assert not [n for n in game["notices"] if n["kind"] == "play_withdrawn"]
