"""Setting up a game over the API: the join code, validation of every field, the rules catalogue, the schema."""

import pytest
from fastapi.testclient import TestClient

from companion_api.testing import EDIT, JOIN_CODE, new_game_body


def test_page_schema_and_empty_state_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "Nain Jaune" in page.text
    assert client.get("/static/app.js").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/state", "/api/games", "/api/play", "/api/pass", "/api/call", "/api/sweep", "/api/showdown",
                 "/api/undo", "/api/corrections", "/api/observations", "/api/calibration", "/api/rules"):
        assert path in paths, path
    state = client.get("/api/state").json()
    assert state["game"] is None and state["source"]["kind"] == "idle"


def test_rules_catalogue_describes_every_option_in_words(client: TestClient) -> None:
    rules = {r["name"]: r for r in client.get("/api/rules").json()}
    assert "lindor" in rules
    options = {o["name"]: o for o in rules["lindor"]["options"]}
    assert options["payment"]["kind"] == "choice" and "cards" in options["payment"]["choices"]
    assert options["bete"]["kind"] == "bool"
    assert rules.keys() >= {"lindor", "avantcoureur"}
    for rule_set in rules.values():
        for o in rule_set["options"]:
            # a label in plain words from the engine, not the field name reworded, and its explanation
            assert o["label"] and o["label"] != o["name"].replace("_", " ").capitalize(), o
            assert len(o["help"]) > len(o["label"]), o


def test_changing_anything_needs_the_join_code(client: TestClient) -> None:
    refused = client.post("/api/games", json=new_game_body())
    assert refused.status_code == 403 and "read-only" in refused.json()["detail"]
    assert client.post("/api/games", json=new_game_body(), headers={"X-Join-Code": "WRONG1"}).status_code == 403
    assert client.get("/api/access").json()["can_edit"] is False
    assert client.get(f"/api/access?code={JOIN_CODE.lower()}").json()["can_edit"] is True
    created = client.post(f"/api/games?code={JOIN_CODE}", json=new_game_body())
    assert created.status_code == 201
    assert client.post("/api/play", json={"card": "AS"}).status_code == 403


def test_new_game_antes_and_deals_at_once(client: TestClient) -> None:
    game = client.post("/api/games", json=new_game_body(), headers=EDIT).json()["game"]
    assert game["phase"] == "play" and game["deal_no"] == 1
    assert game["turn"] == "Bruno"  # left of the dealer Anne
    assert game["board"] == {"10D": 3, "JC": 6, "QS": 9, "KH": 12, "7D": 15}
    assert [p["chips"] for p in game["players"]] == [85, 85, 85]
    assert [p["cards_left"] for p in game["players"]] == [15, 15, 15]


@pytest.mark.parametrize(("body", "words"), [
    (new_game_body(players=["Anne", "Bruno"]), "at least 3"),
    (new_game_body(players=["Anne", "Bruno", "anne"]), "same name"),
    (new_game_body(dealer="Zoé"), "dealer"),
    (new_game_body(rules="belote"), "unknown rule set"),
    (new_game_body(options={"payment": "gold"}), "payment"),
    (new_game_body(options={"no_such_option": 1}), "unknown option"),
    (new_game_body(chips=-5), "greater than or equal"),
    (new_game_body(players=["A", "B", "C", "D", "E", "F", "G", "H", "I"]), "at most 8"),
    ({"players": "Anne"}, "players"),
    ({**new_game_body(), "colour": "red"}, "colour"),
])
def test_bad_setups_get_a_clear_4xx(client: TestClient, body: dict, words: str) -> None:
    answer = client.post("/api/games", json=body, headers=EDIT)
    assert 400 <= answer.status_code < 500
    assert words in answer.json()["detail"]
    assert client.get("/api/state").json()["game"] is None


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    answer = client.post("/api/games", content=b"{players", headers={**EDIT, "Content-Type": "application/json"})
    assert answer.status_code == 422 and answer.json()["detail"]


def test_a_new_game_keeps_the_old_one_in_the_database(client: TestClient) -> None:
    client.post("/api/games", json=new_game_body(), headers=EDIT)
    client.post("/api/games", json=new_game_body(players=["Xavier", "Yves", "Zoé", "Will"], dealer="Yves"),
                headers=EDIT)
    games = client.get("/api/games").json()
    assert [g["status"] for g in games] == ["active", "abandoned"]
    assert client.get("/api/state").json()["game"]["players"][0]["name"] == "Xavier"
