"""Property: a refused request changes nothing. Every write endpoint, in every phase of a deal, gets bodies that are
mostly wrong (random JSON, and near misses built from the game's own names and cards); whenever the answer is a
4xx, the database, the state the page shows, the saved calibration and the deck store are exactly as they were."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion_api.feed import OBSERVATION_TYPES
from companion_api.testing import (
    ANNE_LEFT, EDIT, OPERA_DEAL, PLAYERS, db_snapshot, make_app, new_game_body, settle_opera_deal, tap,
)

CARDS = ["AS", "QS", "KS", "7H", "10D", "7D", "JC", "KH", "2H", "ZZ", "1S", "10X"]
NAMES = ["Zed", "", " ", "\u200b", "anne", "Chloe\u0301", "=1+1", *PLAYERS]  # wrong ones first: tried first
KEYS = ["type", "card", "player", "call", "box", "hands", "index", "action", "candidates", "confidence", "was",
        "cards", "winner", "opera", "players", "dealer", "chips", "rules", "options", "pile", "boxes", "seats",
        "image_size", "t", "played_at", "board"]

scalars = (st.sampled_from([*CARDS, *NAMES, *OBSERVATION_TYPES, "delete", "replace", "no", "lindor"])
           | st.integers(-3, 40) | st.sampled_from([2**63, 10**400, -1]) | st.booleans() | st.none()
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=6))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(NAMES + CARDS), inner, max_size=3), max_leaves=8)
cards, names = st.sampled_from(CARDS), st.sampled_from(NAMES)
edges = st.sampled_from([10, 1, 14, 15, 0, -1, 100, 100_001, True])  # around the limits of a count of chips
anything = st.dictionaries(st.sampled_from(KEYS), values, max_size=5) | values


def near(required: dict[str, Any], **optional: Any) -> Any:
    """Bodies shaped like the endpoint's own, with wrong values likely in every field."""
    return st.fixed_dictionaries(required, optional=optional)


point = st.tuples(st.integers(-5, 700) | st.floats(allow_nan=True), st.integers(-5, 400))
zones = near({"pile": st.lists(point, max_size=5)}, boxes=st.dictionaries(cards, st.lists(point, max_size=4)),
             seats=st.dictionaries(names, st.lists(point, max_size=4)), image_size=st.tuples(scalars, scalars),
             board=st.lists(point, max_size=5), board_size=st.lists(scalars | st.integers(-2, 50), max_size=3))
BODIES = {  # each write endpoint and the near misses it gets (besides anything at all)
    ("POST", "/api/games"): near({"players": st.permutations(PLAYERS), "chips": edges | scalars}, dealer=names,
                                 deck=names,
                                 rules=st.sampled_from(["lindor", "avantcoureur", "x"]), options=st.dictionaries(
                                     st.sampled_from(["min_confidence", "bete", "max_deals"]), scalars)),
    ("POST", "/api/deals"): st.none(),
    ("POST", "/api/play"): near({"card": cards}, player=names, call=scalars),
    ("POST", "/api/pass"): near({}, player=names),
    ("POST", "/api/call"): near({"box": cards}, player=names),
    ("POST", "/api/sweep"): near({"box": cards}, player=names),
    ("POST", "/api/showdown"): near({"hands": st.dictionaries(names, st.lists(cards, max_size=15))}),
    ("POST", "/api/undo"): st.none(),
    ("POST", "/api/corrections"): near({"index": st.integers(-1, 60)}, action=st.sampled_from(["delete", "replace"]),
                                       player=names, card=cards, box=cards, call=scalars),
    ("POST", "/api/questions/1"): near({"player": names}),
    ("POST", "/api/observations"): near({"type": st.sampled_from(["card_played", "hand_revealed"])
                                                 | st.sampled_from(OBSERVATION_TYPES), "card": cards, "player": names},
                                        box=cards, was=cards, cards=st.lists(cards, max_size=3), call=scalars,
                                        confidence=scalars, winner=names, chips=values),
    ("PUT", "/api/calibration"): zones,
    ("POST", "/api/games/2/resume"): st.none(),
    ("POST", "/api/corrections/3/revert"): st.none(),
    ("POST", "/api/showdown/correct"): near({"hands": st.dictionaries(names, st.lists(cards, max_size=15))}),
    ("POST", "/api/taps/bid"): near({"bid": st.sampled_from(["nap", "3", "misère", "x"])}, player=names),
    ("POST", "/api/enrolment"): near({"name": names}, pack=st.sampled_from([32, 52, 40, "52"])),
    ("PUT", "/api/enrolment/sightings/0"): near({"card": cards}),
    ("POST", "/api/enrolment/stop"): st.none(),
    ("POST", "/api/enrolment/save"): st.none(),
    ("DELETE", "/api/enrolment"): st.none(),
}


def play_a_little(client: TestClient) -> None:
    for card in ("AS", "2S"):
        tap(client, "/api/play", {"card": card})
    unsure = {"type": "card_played", "card": "3S", "player": None, "candidates": ["Bruno", "Chloé"]}
    tap(client, "/api/observations", unsure)  # an open question (id 1)


def reach_the_showdown(client: TestClient) -> None:
    for card in OPERA_DEAL:
        tap(client, "/api/play", {"card": card})
    tap(client, "/api/observations", {"type": "hand_revealed", "player": "Anne", "cards": ANNE_LEFT})


PHASES: dict[str | None, Callable[[TestClient], Any]] = {  # the phase the page shows: how to get there
    None: lambda client: None,
    "play": play_a_little,
    "showdown": reach_the_showdown,
    "settled": settle_opera_deal,
}


def everything(client: TestClient, data: Path) -> tuple[Any, ...]:
    calib, decks = data / "calib.json", data / "decks" / "decks.sqlite3"
    return (client.get("/api/state").json(), db_snapshot(data / "nainjaune.sqlite3"),
            calib.read_bytes() if calib.exists() else None, db_snapshot(decks) if decks.exists() else None)


@pytest.mark.slow
@pytest.mark.parametrize("write", BODIES, ids=" ".join)
@pytest.mark.parametrize("phase", PHASES)
def test_a_refused_write_changes_nothing(tmp_path: Path, phase: str | None, write: tuple[str, str]) -> None:
    with TestClient(make_app(tmp_path)) as client:
        if phase is not None:
            client.post("/api/games", json=new_game_body(chips=200), headers=EDIT)
        PHASES[phase](client)
        game = client.get("/api/state").json()["game"]
        assert (game and game["phase"]) == phase
        refused: list[int] = []

        @settings(max_examples=30, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(body=BODIES[write] | anything)
        def refused_leaves_no_trace(body: Any) -> None:
            before = everything(client, tmp_path)
            answer = client.request(write[0], write[1], content=json.dumps(body, allow_nan=True),
                                    headers={**EDIT, "Content-Type": "application/json"})
            assert answer.status_code < 500, (write, body, answer.text)
            if answer.status_code >= 400:
                refused.append(answer.status_code)
                assert answer.json()["detail"]
                assert everything(client, tmp_path) == before, (write, body, answer.json())

        refused_leaves_no_trace()
    assert len(refused) > 10  # the bodies were mostly wrong: the property was tested, not skipped

