"""Bad input from a careless or hostile phone (issue 22): a refused request changes nothing, and no request is a 500.

One test (or a few) per point of the issue, each sending exactly what was found to break."""

import json
import math
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from companion_api.testing import (
    EDIT, JOIN_CODE, PLAYERS, db_snapshot, make_app, new_game_body, settle_opera_deal, tap,
)

ALL_ZONES = {
    "pile": [[200, 150], [440, 150], [440, 300]],
    "boxes": {b: [[10 + 60 * i, 10], [60 + 60 * i, 10], [60 + 60 * i, 60]]
              for i, b in enumerate(("10D", "JC", "QS", "KH", "7D"))},
    "seats": {"Anne": [[0, 300], [100, 300], [100, 350]]},
    "image_size": [640, 360],
}


def state_and_rows(client: TestClient, db: Path) -> tuple[dict, dict]:
    return client.get("/api/state").json(), db_snapshot(db)


# --- 1. a set-up the engine refuses keeps the running game ------------------------------------------------------


@pytest.mark.parametrize("chips", [10, 1, 14, True])
def test_a_refused_new_game_keeps_the_running_one(tmp_path: Path, chips: object) -> None:
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(), headers=EDIT)
        tap(client, "/api/play", {"card": "AS"})
        before = state_and_rows(client, tmp_path / "nainjaune.sqlite3")
        answer = client.post("/api/games", json=new_game_body(chips=chips), headers=EDIT)
        assert 400 <= answer.status_code < 500 and answer.json()["detail"]
        assert state_and_rows(client, tmp_path / "nainjaune.sqlite3") == before
        game = tap(client, "/api/play", {"card": "2S"})  # later taps still act on the game on the page
        assert game["played"] == ["AS", "2S"]
    with TestClient(make_app(tmp_path)) as client:  # and a restart resumes it
        assert client.get("/api/state").json()["game"]["played"] == ["AS", "2S"]


# --- 2. a refused observation does not start the next deal -------------------------------------------------------


def test_a_refused_observation_after_a_settled_deal_starts_nothing(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(chips=200), headers=EDIT)
        assert settle_opera_deal(client)["phase"] == "settled"
        before = state_and_rows(client, tmp_path / "nainjaune.sqlite3")
        answer = client.post("/api/observations", json={"type": "card_played", "card": "7H", "player": "Zed"},
                             headers=EDIT)
        assert answer.status_code == 422 and "Zed" in answer.json()["detail"]
        assert state_and_rows(client, tmp_path / "nainjaune.sqlite3") == before


# --- 3. a join code with characters outside ASCII ----------------------------------------------------------------


def test_a_join_code_outside_ascii_is_just_wrong(client: TestClient) -> None:
    access = client.get("/api/access?code=%C3%A9")
    assert access.status_code == 200 and access.json()["can_edit"] is False
    for headers, query in (({}, "?code=%C3%A9"), ({"X-Join-Code": "é".encode()}, "")):
        answer = client.post(f"/api/games{query}", json=new_game_body(), headers=headers)
        assert answer.status_code == 403 and "read-only" in answer.json()["detail"]
    assert client.get("/api/state").json()["game"] is None


# --- 4. a game id beyond 64 bits ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["export.json", "ledger.csv"])
@pytest.mark.parametrize("game_id", [2**63, 10**30, -(2**63) - 1])
def test_a_game_id_beyond_64_bits_is_a_clear_4xx(client: TestClient, path: str, game_id: int) -> None:
    answer = client.get(f"/api/games/{game_id}/{path}")
    assert answer.status_code in (404, 422) and answer.json()["detail"]


# --- 5. options must be finite numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, 10**400])
def test_an_option_that_is_not_a_finite_number_is_refused(client: TestClient, value: float) -> None:
    body = json.dumps(new_game_body(options={"min_confidence": value}))
    answer = client.post("/api/games", content=body, headers={**EDIT, "Content-Type": "application/json"})
    assert answer.status_code == 422 and "min_confidence" in answer.json()["detail"]
    assert client.get("/api/games").json() == []


def test_a_game_stored_with_a_nan_option_still_loads_and_exports(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        client.post("/api/games", json=new_game_body(), headers=EDIT)
    db = sqlite3.connect(tmp_path / "nainjaune.sqlite3")
    with db:
        db.execute("""UPDATE games SET options='{"min_confidence": NaN, "bete": false}'""")
    db.close()
    with TestClient(make_app(tmp_path)) as client:  # what a version before the fix left behind
        assert client.get("/api/state").json()["game"]["options"]["min_confidence"] == 0.0
        export = client.get("/api/games/1/export.json")
        assert export.status_code == 200 and export.json()["options"] == {"bete": False}


# --- 6. only a calibration that `watch` can load is saved; a bad file on disk is a clear 409 ---------------------


def _bad_zones() -> list[tuple[dict, str]]:
    boxes = ALL_ZONES["boxes"]
    return [
        ({**ALL_ZONES, "pile": [[math.nan, 0], [10, 0], [10, 10]]}, "pile"),
        ({**ALL_ZONES, "pile": [[math.inf, 0], [10, 0], [10, 10]]}, "pile"),
        ({**ALL_ZONES, "pile": [[1e400, 0], [10, 0], [10, 10]]}, "pile"),
        ({**ALL_ZONES, "pile": [[-5, 0], [10, 0], [10, 10]]}, "pile"),
        ({**ALL_ZONES, "pile": [[0, 0], [10, 0], [20, 0]]}, "area"),
        ({**ALL_ZONES, "pile": [[x % 600, x // 600 % 300] for x in range(5_000)]}, "pile"),
        ({**ALL_ZONES, "pile": [[700, 0], [710, 0], [710, 10]]}, "inside"),
        ({**ALL_ZONES, "image_size": [-640, 360]}, "image_size"),
        ({**ALL_ZONES, "image_size": [10**12, 360]}, "image_size"),
        ({**ALL_ZONES, "boxes": {k: v for k, v in boxes.items() if k != "QS"}}, "QS"),
        ({**ALL_ZONES, "seats": {}}, "seats"),
    ]


@pytest.mark.parametrize(("zones", "words"), _bad_zones())
def test_a_calibration_watch_cannot_load_is_refused(client: TestClient, tmp_path: Path, zones: dict,
                                                     words: str) -> None:
    answer = client.put("/api/calibration", content=json.dumps(zones),
                        headers={**EDIT, "Content-Type": "application/json"})
    assert answer.status_code == 422 and words in answer.json()["detail"], answer.json()
    assert not (tmp_path / "calib.json").exists()


def test_a_saved_calibration_is_one_watch_loads(client: TestClient, tmp_path: Path) -> None:
    from vision.calibration import load_calibration_file

    assert client.put("/api/calibration", json=ALL_ZONES, headers=EDIT).status_code == 200
    loaded = load_calibration_file(tmp_path / "calib.json", ["Anne"])
    assert loaded.zones.pile.tolist() == ALL_ZONES["pile"]


def test_a_calibration_needs_a_seat_for_each_player_of_the_game(game_client: TestClient, tmp_path: Path) -> None:
    answer = game_client.put("/api/calibration", json=ALL_ZONES, headers=EDIT)  # Anne's seat only
    assert answer.status_code == 422 and "Bruno, Chloé" in answer.json()["detail"]
    assert not (tmp_path / "calib.json").exists()
    seats = {p: [[100 * i, 300], [100 * i + 90, 300], [100 * i + 90, 350]] for i, p in enumerate(PLAYERS)}
    assert game_client.put("/api/calibration", json={**ALL_ZONES, "seats": seats}, headers=EDIT).status_code == 200


@pytest.mark.parametrize("text", ['[1, 2]', '{"pile": 3}', '{"pile": [[0, 0], [1, 0], [1, 1]], "boxes": []}',
                                  "not json"])
def test_a_calibration_file_of_the_wrong_shape_is_a_clear_409(client: TestClient, tmp_path: Path,
                                                              text: str) -> None:
    (tmp_path / "calib.json").write_text(text)
    answer = client.get("/api/calibration")
    assert answer.status_code == 409 and "save a new one" in answer.json()["detail"]


# --- 7. smaller: auth before parsing, a body limit, the error contract, CSV cells, names, calls, guessing --------


def test_a_body_without_the_code_is_refused_before_it_is_read(client: TestClient) -> None:
    answer = client.post("/api/games", content=b"{not json at all", headers={"Content-Type": "application/json"})
    assert answer.status_code == 403 and "read-only" in answer.json()["detail"]


def test_a_body_over_the_limit_is_refused(client: TestClient) -> None:
    big = json.dumps({"type": "call_missed", "card": "QS", "player": "x" * 2_000_000})
    answer = client.post("/api/observations", content=big, headers={**EDIT, "Content-Type": "application/json"})
    assert answer.status_code == 413 and "1 MB" in answer.json()["detail"]
    chunks = (b" " * 100_000 for _ in range(20))  # no Content-Length: counted as it streams in
    answer = client.post("/api/observations", content=chunks, headers={**EDIT, "Content-Type": "application/json"})
    assert answer.status_code == 413 and "1 MB" in answer.json()["detail"]


def test_a_body_json_cannot_parse_is_a_422(client: TestClient) -> None:
    deep = b"[" * 200_000 + b"]" * 200_000  # valid JSON, deeper than the parser's recursion limit
    answer = client.post("/api/observations", content=deep, headers={**EDIT, "Content-Type": "application/json"})
    assert answer.status_code == 422 and answer.json()["detail"]


@pytest.mark.parametrize(("method", "path", "status"), [
    ("DELETE", "/api/state", 405),
    ("GET", "/api/nothing-here", 404),
    ("POST", "/api/games", 415),
])
def test_every_error_is_a_json_detail(client: TestClient, method: str, path: str, status: int) -> None:
    body = b"players" if method == "POST" else None
    answer = client.request(method, path, content=body, headers={**EDIT, "Content-Type": "text/plain"})
    assert answer.status_code == status
    assert answer.headers["content-type"] == "application/json" and answer.json()["detail"]


def test_an_unexpected_fault_is_still_a_json_detail(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion_api.service import TableService

    def broken(self: TableService) -> list:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(TableService, "rules_catalogue", broken)
    with TestClient(make_app(tmp_path), raise_server_exceptions=False) as client:
        answer = client.get("/api/rules")
    assert answer.status_code == 500 and answer.headers["content-type"] == "application/json"
    assert "disk on fire" not in answer.json()["detail"] and "error" in answer.json()["detail"]


def test_the_ledger_csv_escapes_cells_a_spreadsheet_would_run(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        players = ["=HYPERLINK(1)", "+Bob", "@Cy", "-Dee"]
        client.post("/api/games", json=new_game_body(players=players, dealer=players[0]), headers=EDIT)
        game_id = client.get("/api/state").json()["game"]["id"]
        rows = client.get(f"/api/games/{game_id}/ledger.csv").text.splitlines()[1:]
    holders = {r.split(",")[1] for r in rows if r.startswith("0,")}
    assert holders >= {"'=HYPERLINK(1)", "'+Bob", "'@Cy", "'-Dee"}
    assert not any(h[:1] in "=+-@" for h in holders)


def test_names_in_nfc_and_nfd_are_one_player(client: TestClient) -> None:
    answer = client.post("/api/games", json=new_game_body(players=["Chlo\u00e9", "Chloe\u0301", "Anne"],
                                                          dealer="Anne"), headers=EDIT)
    assert answer.status_code == 422 and "same name" in answer.json()["detail"]
    created = client.post("/api/games", json=new_game_body(players=["Anne", "Bruno", "Chloe\u0301"]), headers=EDIT)
    game = created.json()["game"]
    assert [p["name"] for p in game["players"]] == ["Anne", "Bruno", "Chlo\u00e9"]


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200d\ufeff", " \u2060 ", "An\x00ne", "An\nne", "\ud800"])
def test_invisible_or_control_names_are_refused(client: TestClient, name: str) -> None:
    body = json.dumps(new_game_body(players=["Anne", "Bruno", name]))
    answer = client.post("/api/games", content=body, headers={**EDIT, "Content-Type": "application/json"})
    assert answer.status_code == 422 and "players" in answer.json()["detail"]
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize(("field", "value"), [("call", "no"), ("call", 1), ("opera", "false")])
def test_an_observation_flag_must_be_true_or_false(game_client: TestClient, field: str, value: object) -> None:
    kind = {"call": {"type": "card_played", "card": "AS", "player": "Bruno"}, "opera": {"type": "deal_over"}}[field]
    answer = game_client.post("/api/observations", json={**kind, field: value}, headers=EDIT)
    assert answer.status_code == 422 and field in answer.json()["detail"]
    assert game_client.get("/api/state").json()["game"]["played"] == []


def test_wrong_codes_are_slowed_down_per_client(tmp_path: Path) -> None:
    with TestClient(make_app(tmp_path)) as client:
        client.app.state.guard.clock = lambda: 1000.0  # the hold lasts 1 s: a loaded machine must not outlast it
        for n in range(10):
            assert client.get(f"/api/access?code=WRONG{n}").json()["can_edit"] is False
        held = client.get(f"/api/access?code={JOIN_CODE}")
        assert held.status_code == 429 and "wait" in held.json()["detail"]
        assert int(held.headers["retry-after"]) >= 1
        assert client.post("/api/play", json={"card": "AS"}, headers=EDIT).status_code == 429
        assert client.get("/api/state").status_code == 200  # watching is never slowed down


def test_a_new_join_code_is_long_enough_not_to_be_guessed(tmp_path: Path) -> None:
    from companion_api.store import JOIN_CODE_ALPHABET, Store

    code = Store(tmp_path / "db.sqlite3").join_code()
    assert len(JOIN_CODE_ALPHABET) ** len(code) > 10**11  # ~ 40 years at 100 tries a second
