"""Schemathesis over the ASGI app (no network): every operation of /openapi.json, with and without the join code,
gets generated requests, valid and not; no answer may be a 500 or break the documented status codes and schemas.

Bounded for the test suite (a few dozen cases per operation). The long run is the CLI against a server, see
docs/companion.md. `positive_data_acceptance` is left out: 422 is the documented answer for input the schema
cannot describe (an unknown player, a card not in the hand), which that check reads as a refusal of valid data.
"""

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.specs.openapi.checks import positive_data_acceptance

from companion_api.testing import EDIT, make_app, new_game_body, tap

load_all_checks()
ALL_BUT_ACCEPTANCE = [check for check in CHECKS.get_all() if check is not positive_data_acceptance]


DATA = Path(tempfile.mkdtemp(prefix="nainjaune-fuzz-"))  # made at collection: removed at exit, run or not
atexit.register(shutil.rmtree, DATA, ignore_errors=True)
APP = make_app(DATA)


async def without_lifespan(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """APP for schemathesis, which starts and stops an app around each test; APP's shutdown closes its database
    for good (a server's lifespan runs once), and APP has no feed to start, so its lifespan is skipped."""
    if scope["type"] != "lifespan":
        await APP(scope, receive, send)
        return
    while (message := await receive())["type"] != "lifespan.shutdown":
        await send({"type": "lifespan.startup.complete"})
    await send({"type": "lifespan.shutdown.complete"})


schema = schemathesis.openapi.from_dict(APP.openapi())
schema.app = without_lifespan  # what `from_asgi` sets


@pytest.fixture(scope="module", autouse=True)
def a_game_in_play() -> None:
    """A game in its first deal with an open question, so generated taps reach the engine. (The client is not
    entered: schemathesis runs the app's lifespan, once for the whole module.)"""
    client = TestClient(APP)
    client.post("/api/games", json=new_game_body(chips=200), headers=EDIT)
    tap(client, "/api/play", {"card": "AS"})
    tap(client, "/api/observations", {"type": "card_played", "card": "2S", "player": None})


bounded = settings(max_examples=20, deadline=None, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                          HealthCheck.data_too_large])


def call_and_check(case: Any, headers: dict[str, str]) -> None:
    if case.path == "/api/camera.mjpg":
        pytest.skip("a stream: it only ends when the client goes away (a 404 without a camera, checked elsewhere)")
    case.call_and_validate(headers=headers, checks=ALL_BUT_ACCEPTANCE)


@pytest.mark.slow
@schema.parametrize()
@bounded
def test_with_the_code_no_request_gets_a_500_or_breaks_the_schema(case: Any) -> None:
    call_and_check(case, EDIT)


@pytest.mark.slow
@schema.parametrize()
@bounded
def test_without_the_code_no_request_gets_a_500_or_breaks_the_schema(case: Any) -> None:
    call_and_check(case, {})
