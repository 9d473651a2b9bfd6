"""Decks on the server: the list, a game's set-up choosing one (kept with the game, across a restart), enrolment
from a recorded pass (start, progress, one-tap fixes, save), refusals that store nothing, and a correction on the
phone teaching the game's deck the picture the camera read."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from companion_api.decks import PileCrops
from companion_api.feed import CardCorrected, CardPlayed, HandRevealed
from companion_api.testing import EDIT, make_app, new_game_body, tap
from deck_support import face
from enrol_support import PASS, film_pass
from vision.deck.samples import pile_crop_samples
from vision.deck.store import DeckStore

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "models" / "card-index-cls.onnx"
needs_model = pytest.mark.skipif(not MODEL.is_file(), reason="shipped model not present")


def enrol(data: Path, name: str, cards: tuple[str, ...] = ("QS", "KS")) -> None:
    """A deck in the store, as `deck add` would make it, from drawn cards."""
    rng = np.random.default_rng(0)
    DeckStore(data).add(name, [s for c in cards for s in pile_crop_samples(face(c), c, rng)], "add:test")


def crops_of(data: Path, name: str) -> dict[str, int]:
    return DeckStore(data).sources(name)


@pytest.fixture(scope="module")
def recorded_pass(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return film_pass(tmp_path_factory.mktemp("pass"))


def wait_read(client: TestClient, timeout_s: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        view: dict[str, Any] = client.get("/api/enrolment").json()
        if view["state"] != "reading":
            return view
        time.sleep(0.1)
    raise AssertionError("the pass was still being read")


def test_the_set_up_picks_a_deck_kept_with_the_game_and_the_next_default(tmp_path: Path) -> None:
    enrol(tmp_path, "family")
    enrol(tmp_path, "travel")
    with TestClient(make_app(tmp_path)) as client:
        listed = {d["name"]: d for d in client.get("/api/decks").json()}
        assert set(listed) == {"family", "travel"} and not any(d["default"] for d in listed.values())
        assert listed["family"]["cards"] == 2 and listed["family"]["crops"] == 40
        client.post("/api/games", json=new_game_body(deck="travel"), headers=EDIT)
        assert client.get("/api/state").json()["deck"] == "travel"
        assert [d["name"] for d in client.get("/api/decks").json() if d["default"]] == ["travel"]
        assert client.get("/api/games/1/export.json").json()["deck"] == "travel"
    with TestClient(make_app(tmp_path)) as client:  # a restart resumes the game with its deck
        assert client.get("/api/state").json()["deck"] == "travel"
        client.post("/api/games", json=new_game_body(), headers=EDIT)
        assert client.get("/api/state").json()["deck"] is None
        client.post("/api/games/1/resume", headers=EDIT)
        assert client.get("/api/state").json()["deck"] == "travel"


def test_an_unknown_deck_is_refused_and_the_running_game_stays(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        answer = client.post("/api/games", json=new_game_body(deck="family"), headers=EDIT)
        assert answer.status_code == 422 and "no deck enrolled yet" in answer.json()["detail"]
        assert client.get("/api/decks").json() == [] and not (tmp_path / "decks").exists()
    enrol(tmp_path, "family")
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(deck="family"), headers=EDIT)
        tap(client, "/api/play", {"card": "AS"})
        for deck, words in (("famliy", "unknown deck 'famliy' (decks: family)"), (" ", "1 to 40 characters"),
                            ("a\nb", "line breaks")):
            answer = client.post("/api/games", json=new_game_body(deck=deck), headers=EDIT)
            assert answer.status_code == 422 and words in answer.json()["detail"]
        state = client.get("/api/state").json()
        assert state["game"]["id"] == 1 and state["game"]["played"] == ["AS"] and state["deck"] == "family"


@needs_model
def test_a_pass_is_read_fixed_and_saved_as_a_deck(tmp_path: Path, recorded_pass: tuple[Path, Path]) -> None:
    video, calib = recorded_pass
    with TestClient(make_app(tmp_path, source=str(video), calibration=calib)) as client:
        started = client.post("/api/enrolment", json={"name": "family", "pack": 32}, headers=EDIT)
        assert started.status_code == 201 and started.json()["name"] == "family"
        view = wait_read(client)
        assert view["state"] == "read" and len(view["sightings"]) == len(PASS)
        for sighting, card in zip(view["sightings"], PASS):  # the user's taps: every card as it was laid
            if sighting["card"] != card or sighting["unsure"]:
                client.put(f"/api/enrolment/sightings/{sighting['index']}", json={"card": card}, headers=EDIT)
        twice = client.put("/api/enrolment/sightings/1", json={"card": "QS"}, headers=EDIT).json()
        assert [s["index"] for s in twice["sightings"] if s["twice"]] == [0, 1] and twice["to_check"] == 2
        view = client.put("/api/enrolment/sightings/1", json={"card": "7d"}, headers=EDIT).json()
        assert [s["card"] for s in view["sightings"]] == list(PASS) and view["to_check"] == 0
        assert len(view["missing"]) == 32 - len(PASS) and not set(PASS) & set(view["missing"])
        picture = client.get("/api/enrolment/pictures/0.jpg")
        assert picture.headers["content-type"] == "image/jpeg" and picture.content[:2] == b"\xff\xd8"
        saved = client.post("/api/enrolment/save", headers=EDIT).json()
        assert saved["state"] == "saved" and saved["stored_crops"] == 20 * len(PASS) and saved["left_out"] == []
        [deck] = client.get("/api/decks").json()
        assert deck["name"] == "family" and deck["cards"] == len(PASS) and deck["crops"] == 20 * len(PASS)
        again = client.post("/api/enrolment/save", headers=EDIT)
        assert again.status_code == 409 and "saved already" in again.json()["detail"]
    assert crops_of(tmp_path, "family") == {f"learn:phone:{video}": 20 * len(PASS)}
    with TestClient(make_app(tmp_path)) as client:  # a new server on the same data directory
        assert [d["name"] for d in client.get("/api/decks").json()] == ["family"]


@needs_model
def test_bad_enrolment_requests_are_refused_and_store_nothing(tmp_path: Path,
                                                              recorded_pass: tuple[Path, Path]) -> None:
    video, calib = recorded_pass
    with TestClient(make_app(tmp_path)) as client:  # no camera
        answer = client.post("/api/enrolment", json={"name": "family"}, headers=EDIT)
        assert answer.status_code == 409 and "no camera" in answer.json()["detail"]
    with TestClient(make_app(tmp_path, source=str(video), calibration=calib)) as client:
        for method, path in (("GET", "/api/enrolment"), ("POST", "/api/enrolment/save"),
                             ("PUT", "/api/enrolment/sightings/0"), ("DELETE", "/api/enrolment")):
            answer = client.request(method, path, json={"card": "QS"}, headers=EDIT)
            assert answer.status_code == 404 and "no deck enrolment" in answer.json()["detail"]
        assert client.post("/api/enrolment", json={"name": "family"}).status_code == 403
        for body, words in (({"name": " "}, "1 to 40"), ({"name": "x", "pack": 40}, "pack"),
                            ({"name": "x", "extra": 1}, "extra")):
            answer = client.post("/api/enrolment", json=body, headers=EDIT)
            assert answer.status_code == 422 and words in answer.json()["detail"]
        client.post("/api/enrolment", json={"name": "family", "pack": 32}, headers=EDIT)
        wait_read(client)
        for index, card, status, words in ((0, "ZZ", 422, "'ZZ' is not a card"),
                                           (0, "2H", 422, "not a card of a 32-card pack"),
                                           (99, "QS", 404, "no card 99")):
            answer = client.put(f"/api/enrolment/sightings/{index}", json={"card": card}, headers=EDIT)
            assert answer.status_code == status and words in answer.json()["detail"]
        for index in range(len(PASS)):  # every card read as the same one: nothing sure is left to save
            client.put(f"/api/enrolment/sightings/{index}", json={"card": "AS"}, headers=EDIT)
        answer = client.post("/api/enrolment/save", headers=EDIT)
        assert answer.status_code == 409 and "nothing to save" in answer.json()["detail"]
        assert client.get("/api/decks").json() == []
        assert client.delete("/api/enrolment", headers=EDIT).status_code == 204
        assert client.get("/api/enrolment").status_code == 404


def test_a_correction_teaches_the_game_deck_the_picture_the_camera_read(tmp_path: Path) -> None:
    enrol(tmp_path, "family")
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(deck="family"), headers=EDIT)
        service = client.app.state.service  # type: ignore[attr-defined]
        client.portal.call(service.observe, CardPlayed("AS", player="Bruno", confidence=0.6), "camera", face("KS"))
        game = tap(client, "/api/play", {"card": "2S"})
        read_as = {e["card"]: e["index"] for e in game["events"] if e["kind"] == "play"}
        before = sum(crops_of(tmp_path, "family").values())
        game = tap(client, "/api/corrections", {"index": read_as["AS"], "card": "KS"})
        assert game["notices"][-1]["kind"] == "deck_taught"
        sources = crops_of(tmp_path, "family")
        seq = len(game["events"]) - 1
        assert sources[f"correction:1/{seq}"] == 20 and sum(sources.values()) == before + 20
        game = tap(client, "/api/corrections", {"index": read_as["2S"], "card": "2C"})  # a tap: no picture
        assert game["notices"][-1]["kind"] == "deck_not_taught" and "kept no picture" in game["notices"][-1]["message"]
        assert game["sequence"][-1] == "2C" and sum(crops_of(tmp_path, "family").values()) == before + 20


def test_a_rename_the_camera_proved_teaches_the_deck_and_a_guessed_one_does_not(tmp_path: Path) -> None:
    """The pipeline's `card_corrected` proven by a sweep adds the play's picture as the right card; one that took
    a read's runner-up (read twice) adds nothing, though the play is renamed all the same."""
    enrol(tmp_path, "family")
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(deck="family"), headers=EDIT)
        service = client.app.state.service  # type: ignore[attr-defined]
        before = sum(crops_of(tmp_path, "family").values())
        for card in ("KD", "QD"):
            client.portal.call(service.observe, CardPlayed(card, player="Bruno", confidence=0.7), "camera",
                               face("KS"))
        game = client.portal.call(service.observe, CardCorrected("KD", "KH", "Bruno", reason="sweep"),
                                  "camera")["game"]
        seq = len(game["events"]) - 1
        assert game["notices"][-1]["kind"] == "deck_taught"
        assert crops_of(tmp_path, "family")[f"correction:1/{seq}:sweep"] == 20
        client.portal.call(service.observe, CardCorrected("QD", "QS", "Bruno", reason="read_twice"), "camera")
        assert sorted(str(c) for c in service.table.state.pile) == ["KH", "QS"]
        assert sum(crops_of(tmp_path, "family").values()) == before + 20


def test_a_game_without_a_deck_teaches_nothing(tmp_path: Path) -> None:
    enrol(tmp_path, "family")
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(), headers=EDIT)
        service = client.app.state.service  # type: ignore[attr-defined]
        game = client.portal.call(service.observe, CardPlayed("AS", player="Bruno"), "camera", face("KS"))["game"]
        game = tap(client, "/api/corrections", {"index": game["events"][-1]["index"], "card": "KS"})
        assert not [n for n in game["notices"] if n["kind"].startswith("deck")]
    assert crops_of(tmp_path, "family") == {"add:test": 40}


def test_the_pile_crop_kept_is_the_one_read_as_the_card_reported() -> None:
    crops = PileCrops(keep=3)
    as_read = SimpleNamespace(card="KS", confidence=0.6, scores={"KS": 0.6, "QS": 0.3}, corner=None)  # `read_crop`
    given = [{"QS": 0.9}, as_read, {"QS": 0.8}]
    reads = iter(given)
    read = crops.reader(lambda crop: next(reads))
    assert crops.take("QS") is None
    for value, result in zip((1, 2, 3), given):
        assert read(np.full((4, 4, 3), value, np.uint8)) is result   # the pile reader gets what was read
    assert int(crops.take("KS")[0, 0, 0]) == 2  # the pipeline settled on a card read first once only
    assert int(crops.take("QS")[0, 0, 0]) == 3
    assert int(crops.take("7D")[0, 0, 0]) == 3  # a card never read first: the latest crop


@needs_model
def test_a_deck_learnt_on_the_command_line_is_listed_by_a_new_server(tmp_path: Path,
                                                                     recorded_pass: tuple[Path, Path]) -> None:
    video, calib = recorded_pass
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "nainjaune", "deck", "--data", str(tmp_path), "learn", "family",
                           str(video), "--calibration", str(calib), "--pack", "32"],
                          capture_output=True, text=True, timeout=180, cwd=ROOT, env=env)
    assert done.returncode == 0, done.stderr
    stored = DeckStore(tmp_path).decks()[0]
    with TestClient(make_app(tmp_path)) as client:
        [deck] = client.get("/api/decks").json()
    assert deck["name"] == "family" and deck["crops"] == stored.crops > 0 and deck["cards"] == stored.cards


@needs_model
def test_serve_reads_a_game_with_its_deck_and_a_correction_teaches_it(tmp_path: Path,
                                                                      recorded_pass: tuple[Path, Path]) -> None:
    """The whole loop on a recorded table: enrol from the pass, set up a game with that deck, the live pipeline
    reads the same cards with it, and a correction of one of them adds the crops the camera read."""
    video, calib = recorded_pass
    with TestClient(make_app(tmp_path, source=str(video), calibration=calib)) as client:
        client.post("/api/enrolment", json={"name": "family", "pack": 32}, headers=EDIT)
        for sighting, card in zip(wait_read(client)["sightings"], PASS):
            client.put(f"/api/enrolment/sightings/{sighting['index']}", json={"card": card}, headers=EDIT)
        client.post("/api/enrolment/save", headers=EDIT)
        client.post("/api/games", json=new_game_body(deck="family"), headers=EDIT)
        deadline = time.monotonic() + 90
        state = client.get("/api/state").json()
        while time.monotonic() < deadline and (state["source"]["running"] or state["source"]["kind"] == "idle"):
            time.sleep(0.2)
            state = client.get("/api/state").json()
        assert state["source"]["error"] == "the camera source ended"
        plays = [e for e in state["game"]["events"] if e["kind"] == "play"]
        assert [e["card"] for e in plays] == list(PASS)
        before = sum(crops_of(tmp_path, "family").values())
        game = tap(client, "/api/corrections", {"index": plays[1]["index"], "card": "7H"})
        assert game["notices"][-1]["kind"] == "deck_taught"
        assert sum(crops_of(tmp_path, "family").values()) == before + 20


@pytest.mark.parametrize("deck", [None, "family"], ids=["without a deck", "with a deck"])
def test_a_game_read_without_a_deck_suggests_teaching_it_once_cards_are_only_guessed(tmp_path: Path,
                                                                                    deck: str | None) -> None:
    """Once per game, and only when the camera reads without an enrolled deck: a hand read whole says nothing, and
    a second hand with guessed cards does not repeat it."""
    enrol(tmp_path, "family")
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(deck=deck), headers=EDIT)
        service = client.app.state.service  # type: ignore[attr-defined]

        def suggested(obs: HandRevealed) -> list[dict[str, Any]]:
            game = client.portal.call(service.observe, obs, "camera")["game"]
            return [n for n in game["notices"] if n["kind"] == "deck_suggested"]

        assert suggested(HandRevealed("Anne", ("KS", "6S"))) == []
        first = suggested(HandRevealed("Bruno", ("2C", "9D"), guessed=("9D",)))
        again = suggested(HandRevealed("Chloé", ("3H", "4H"), guessed=("4H",)))
    if deck is None:
        assert len(first) == 1 and "teach it your deck" in first[0]["message"] and again == first
    else:
        assert first == again == []
