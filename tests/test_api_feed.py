"""The observation interface: parsing, recordings, pacing, the vision hook, and a recorded deal fed end to end."""

import asyncio
import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Sequence

import pytest
from fastapi.testclient import TestClient

from companion_api import feed
from companion_api.demo import simulated_game
from companion_api.testing import EDIT, PLAYERS, make_app, new_game_body


@pytest.mark.parametrize(("observation", "words"), [
    ({"type": "card_flipped"}, "unknown observation type"),
    ({"type": "card_played", "card": "11H"}, "'card' must be a card"),
    ({"type": "card_played", "card": "7H", "confidence": 1.5}, "'confidence'"),
    ({"type": "card_played", "card": "7H", "candidates": "Bruno"}, "'candidates'"),
    ({"type": "card_played", "card": "7H", "t": -1}, "'t'"),
    ({"type": "box_swept", "box": "9C"}, "'box' must be one of"),
    ({"type": "box_swept", "box": "10D", "swept_at": -2}, "'swept_at' must be a non-negative number"),
    ({"type": "card_corrected", "card": "JS"}, "'was' must be a non-empty string"),
    ({"type": "card_corrected", "was": "JC", "card": "JS", "played_at": "then"}, "'played_at'"),
    ({"type": "hand_revealed", "player": "Anne", "cards": "KS"}, "'cards'"),
    ({"type": "settlement", "chips": {"Anne": "many"}, "board": {}}, "'chips'"),
    (["card_played"], "JSON object"),
])
def test_malformed_observations_are_named(observation: Any, words: str) -> None:
    with pytest.raises(feed.ObservationError, match=words):
        feed.parse_observation(observation)


def test_observations_round_trip_through_their_json_form() -> None:
    for data in simulated_game(deals=2):
        obs = feed.parse_observation(data)
        assert feed.parse_observation(feed.observation_to_dict(obs)) == obs


def test_a_rename_keeps_the_reason_the_pipeline_gave() -> None:
    data = {"type": "card_corrected", "was": "QD", "card": "QS", "player": "Bruno", "reason": "sweep", "t": 3.0}
    obs = feed.parse_observation(data)
    assert obs.reason == "sweep" and obs.reason in feed.PROVEN_RENAMES
    assert feed.observation_to_dict(obs) == data
    assert feed.parse_observation({"type": "card_corrected", "was": "QD", "card": "QS"}).reason is None


def test_a_bad_line_in_a_recording_is_reported_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    path.write_text('{"type": "card_played", "card": "7H"}\n\n{"type": "card_played", "card": "7X"}\n')
    with pytest.raises(feed.SourceUnavailable, match=r"events.jsonl:3: 'card' must be a card"):
        feed.read_jsonl(path)
    with pytest.raises(feed.SourceUnavailable, match="no such events file"):
        feed.read_jsonl(tmp_path / "missing.jsonl")


def test_a_recording_is_replayed_at_its_own_pace() -> None:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    observations = [feed.CardPlayed("AS", "Bruno", t=1.0), feed.BoxSwept("QS", "Bruno"),
                    feed.CardPlayed("2S", "Bruno", t=3.0), feed.CardPlayed("3S", "Bruno", t=3.5)]

    async def collect() -> list[feed.Observation]:
        return [o async for o in feed.paced(observations, speed=2.0, sleep=sleep)]

    assert asyncio.run(collect()) == observations
    assert waits == [1.0, 0.25]


def test_without_the_vision_pipeline_a_camera_source_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_vision(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.startswith("vision."):
            raise ImportError(f"No module named '{name}'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_vision)
    with pytest.raises(feed.SourceUnavailable, match="play by taps"):
        feed.vision_observations("0", calibration=None, players=("Anne", "Bruno", "Chloé"), dealer="Anne")


def test_the_hook_feeds_frames_to_the_pipeline_and_to_the_live_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hook's wiring, with the camera and the recogniser replaced: frames reach both consumers."""
    import vision.sources
    import vision.watch

    frames = [SimpleNamespace(image=f"image{i}") for i in range(2)]
    opened: list[object] = []

    def fake_open(spec: object, **kwargs: Any) -> list[SimpleNamespace]:
        opened.append(spec)
        return frames

    def fake_observe(source: Any, calibration: Any, **kwargs: Any) -> Any:
        for frame in source:
            yield {"type": "card_played", "card": "7H", "player": None, "seen": frame.image,
                   "candidates": list(kwargs["players"][:2])}

    monkeypatch.setattr(vision.sources, "open_source", fake_open)
    monkeypatch.setattr(vision.watch, "observe", fake_observe)
    shown: list[object] = []
    out = list(feed.vision_observations("0", calibration=None, players=("Anne", "Bruno", "Chloé"), dealer="Anne",
                                        on_frame=shown.append))
    assert opened == [0]
    assert shown == [o["seen"] for o in out] == ["image0", "image1"]
    assert out[0]["candidates"] == ["Anne", "Bruno"]


def test_bad_observations_over_http_get_a_422(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(), headers=EDIT)
        answer = client.post("/api/observations", json={"type": "card_played", "card": "XX"}, headers=EDIT)
        assert answer.status_code == 422 and "'card' must be a card" in answer.json()["detail"]
        answer = client.post("/api/observations", json={"type": "card_played", "card": "7H", "player": "Zoé"},
                             headers=EDIT)
        assert answer.status_code == 422 and "unknown player" in answer.json()["detail"]


def test_camera_sweeps_and_revealed_hands_settle_deal_after_deal(tmp_path: Path) -> None:
    deal = simulated_game(seed=5, deals=2)
    with TestClient(make_app(tmp_path)) as client:
        for obs in deal:
            if obs["type"] == "game_setup":
                body = {k: obs[k] for k in ("players", "dealer", "chips", "rules")}
                assert client.post("/api/games", json=body, headers=EDIT).status_code == 201
            else:
                assert client.post("/api/observations", json=obs, headers=EDIT).status_code == 200
        game = client.get("/api/state").json()["game"]
    expected = deal[-1]
    assert game["phase"] == "settled" and game["deal_no"] == 2
    assert [s["deal_no"] for s in game["settlements"]] == [1, 2]
    assert game["settlements"][-1]["chips"] == expected["chips"]
    assert game["settlements"][-1]["board"] == expected["board"]
    assert not [n for n in game["notices"] if n["kind"] == "pipeline_disagrees"]
    assert [n["kind"] for n in game["notices"]].count("call_missed") == 1


def test_a_server_replays_a_recording_file_by_itself(tmp_path: Path) -> None:
    recording = tmp_path / "deal.jsonl"
    recording.write_text("".join(json.dumps(o) + "\n" for o in simulated_game(seed=5, deals=1)))
    with TestClient(make_app(tmp_path, source=str(recording), replay_speed=1e6)) as client:
        deadline = time.monotonic() + 30
        state = client.get("/api/state").json()
        while (state["source"]["running"] or state["game"] is None) and time.monotonic() < deadline:
            time.sleep(0.1)
            state = client.get("/api/state").json()
    assert state["source"]["kind"] == "replay" and state["source"]["error"] is None
    assert state["game"]["phase"] == "settled"
    assert [e["source"] for e in state["game"]["events"] if e["kind"] == "play"][0] == "replay"


def test_hands_revealed_before_a_restart_are_not_lost(tmp_path: Path) -> None:
    deal = simulated_game(seed=5, deals=1)
    first_reveal = next(i for i, o in enumerate(deal) if o["type"] == "hand_revealed")
    setup = {k: deal[0][k] for k in ("players", "dealer", "chips", "rules")}
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=setup, headers=EDIT)
        for obs in deal[1:first_reveal + 1]:
            client.post("/api/observations", json=obs, headers=EDIT)
        assert client.get("/api/state").json()["game"]["phase"] == "showdown"
    with TestClient(make_app(tmp_path)) as client:
        for obs in deal[first_reveal + 1:]:
            client.post("/api/observations", json=obs, headers=EDIT)
        game = client.get("/api/state").json()["game"]
    assert game["phase"] == "settled" and game["settlements"][-1]["chips"] == deal[-1]["chips"]


def test_passes_the_camera_cannot_see_are_recorded_before_the_play(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        assert client.post("/api/games", json=new_game_body(), headers=EDIT).status_code == 201
        first, second, third = PLAYERS[1], PLAYERS[2], PLAYERS[0]
        for player, card in ((first, "4H"), (first, "5C"), (third, "6S")):
            body = {"type": "card_played", "card": card, "player": player}
            assert client.post("/api/observations", json=body, headers=EDIT).status_code == 200
        game = client.get("/api/state").json()["game"]
    assert not [n for n in game["notices"] if n["kind"] in ("out_of_turn", "out_of_sequence")]
    kinds = [(e["kind"], e["player"]) for e in game["events"] if e["kind"] in ("play", "pass")]
    assert kinds == [("play", first), ("play", first), ("pass", first), ("pass", second), ("play", third)]


def test_a_card_the_camera_renames_is_corrected_in_the_deal(tmp_path: Path) -> None:
    """The camera read a J♠ as J♣, then saw the real J♣: its `card_corrected` renames the earlier play, so the
    J♣ is not seen twice and no J♣ call was missed; a rename with nothing to rename changes nothing."""
    lead = PLAYERS[1]
    plays = [("10H", 0.99), ("JC", 0.98), ("QH", 0.99), ("KD", 0.99)]
    with TestClient(make_app(tmp_path)) as client:
        assert client.post("/api/games", json=new_game_body(), headers=EDIT).status_code == 201
        for card, confidence in plays:
            body = {"type": "card_played", "card": card, "player": lead, "confidence": confidence}
            assert client.post("/api/observations", json=body, headers=EDIT).status_code == 200
        missed = lambda game: [n["card"] for n in game["notices"] if n["kind"] == "call_missed"]  # noqa: E731
        assert missed(client.get("/api/state").json()["game"]) == ["JC"]
        rename = {"type": "card_corrected", "was": "JC", "card": "JS", "player": lead, "played_at": 2.0, "t": 9.0}
        for body in (rename, rename, {"type": "card_played", "card": "JC", "player": lead, "confidence": 1.0}):
            assert client.post("/api/observations", json=body, headers=EDIT).status_code == 200
        game = client.get("/api/state").json()["game"]
    assert game["played"] == ["10H", "JS", "QH", "KD", "JC"]
    assert missed(game) == [] and not [n for n in game["notices"] if n["kind"] == "seen_twice"]
    assert [e["card"] for e in game["events"] if e["corrected"]] == ["JC"]


def test_a_missed_call_the_camera_withdraws_agrees_with_the_game_only_once_the_play_is_renamed(tmp_path: Path) -> None:
    """`call_withdrawn` after the rename that disproved the honour agrees with the game (its missed call fell with
    the rename); one the game still counts is shown as a disagreement."""
    lead = PLAYERS[1]

    def disagreements(game: dict) -> list[str]:
        return [n["message"] for n in game["notices"] if n["kind"] == "pipeline_disagrees"]

    with TestClient(make_app(tmp_path)) as client:
        assert client.post("/api/games", json=new_game_body(), headers=EDIT).status_code == 201
        for card in ("10H", "JC", "QH", "KD"):
            body = {"type": "card_played", "card": card, "player": lead, "confidence": 0.99}
            assert client.post("/api/observations", json=body, headers=EDIT).status_code == 200
        withdrawn = {"type": "call_withdrawn", "card": "JC", "player": lead, "t": 9.0}
        assert client.post("/api/observations", json=withdrawn, headers=EDIT).status_code == 200
        early = disagreements(client.get("/api/state").json()["game"])
        rename = {"type": "card_corrected", "was": "JC", "card": "JS", "player": lead, "played_at": 2.0, "t": 9.0}
        for body in (rename, withdrawn):
            assert client.post("/api/observations", json=body, headers=EDIT).status_code == 200
        game = client.get("/api/state").json()["game"]
    assert early == [f"the camera no longer says {lead} forgot to call JC; the game still does"]
    assert disagreements(game) == early and not [n for n in game["notices"] if n["kind"] == "call_missed"]


def _game_after_a_correction(tmp_path: Path, plays: Sequence[tuple[str, str]], correction: dict) -> dict:
    """The game once `plays` ((player, card), read surely) and then the camera's `correction` were observed; the
    correction also survives a round trip through the feed's parser."""
    with TestClient(make_app(tmp_path)) as client:
        assert client.post("/api/games", json=new_game_body(), headers=EDIT).status_code == 201
        for player, card in plays:
            body = {"type": "card_played", "card": card, "player": player, "confidence": 0.99}
            assert client.post("/api/observations", json=body, headers=EDIT).status_code == 200
        assert feed.observation_to_dict(feed.parse_observation(correction)) == correction
        assert client.post("/api/observations", json=correction, headers=EDIT).status_code == 200
        return client.get("/api/state").json()["game"]


def test_a_correction_of_the_first_of_two_reads_renames_the_first_play(tmp_path: Path) -> None:
    """The camera read a J♠ as J♣, later the real J♣, whose player emptied its box: the pipeline renames the first
    read (`"first": true`), so the J♣ laid last stays, and the missed call counted for the first falls."""
    lead = PLAYERS[1]
    rename = {"type": "card_corrected", "was": "JC", "card": "JS", "player": lead, "played_at": 2.0,
              "reason": "read_twice", "first": True, "t": 9.0}
    game = _game_after_a_correction(tmp_path, [(lead, c) for c in ("10H", "JC", "QH", "KD", "JC")], rename)
    assert game["played"] == ["10H", "JS", "QH", "KD", "JC"]


def test_a_swap_trades_the_cards_of_two_plays_each_read_as_the_other(tmp_path: Path) -> None:
    """A four-colour deck's 5♠ read as the 5♦, its 5♦ later read as the 5♠: the pipeline's `"swap": true` trades
    the two plays' cards, where a rename of either alone names a card already on the pile."""
    lead, other = PLAYERS[1], PLAYERS[2]
    swap = {"type": "card_corrected", "was": "5D", "card": "5S", "player": lead, "played_at": 2.0,
            "reason": "inks", "swap": True, "t": 9.0}
    plays = [(lead, "4C"), (lead, "5D"), (lead, "6C"), (lead, "7C"), (other, "5S")]
    game = _game_after_a_correction(tmp_path, plays, swap)
    assert game["played"] == ["4C", "5S", "6C", "7C", "5D"]
    assert "seen_twice" not in [n["kind"] for n in game["notices"]]


def test_a_card_the_camera_reads_twice_still_counts_as_a_card_laid(tmp_path: Path) -> None:
    """A deck holds each card once: a second reading of the 4♥ is a card laid and misread. The phone is told
    (`seen_twice`), and the player's count goes down, so the engine still sees them go out."""
    lead = PLAYERS[1]
    with TestClient(make_app(tmp_path)) as client:
        assert client.post("/api/games", json=new_game_body(), headers=EDIT).status_code == 201
        for _ in range(2):
            body = {"type": "card_played", "card": "4H", "player": lead, "confidence": 0.99}
            assert client.post("/api/observations", json=body, headers=EDIT).status_code == 200
        game = client.get("/api/state").json()["game"]
    assert game["played"] == ["4H"] and [n["kind"] for n in game["notices"]] == ["seen_twice"]
    cards_left = {p["name"]: p["cards_left"] for p in game["players"]}
    assert cards_left[lead] == cards_left[PLAYERS[0]] - 2
