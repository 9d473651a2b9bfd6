"""Fixtures shared by the companion's API tests: a companion on a temporary data directory with a known join code
(`companion_api.testing.JOIN_CODE`), with or without a game set up. Imports stay inside the fixtures so that the
other suites (engine, vision) do not load the server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from fastapi.testclient import TestClient


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A companion with no game yet."""
    from fastapi.testclient import TestClient

    from companion_api.testing import make_app

    with TestClient(make_app(tmp_path)) as c:
        yield c


@pytest.fixture()
def game_client(client: TestClient) -> TestClient:
    """A companion with a three-player game set up (`new_game_body()`), its first deal dealt."""
    from companion_api.testing import EDIT, new_game_body

    answer = client.post("/api/games", json=new_game_body(), headers=EDIT)
    assert answer.is_success, answer.json()
    return client


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """For the phone-page tests: a real server on a fresh data folder, shared by one module's tests."""
    from page_support import served

    with served(tmp_path_factory.mktemp("page")) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """For the phone-page tests: Debian's chromium through Playwright, shared by one module's tests."""
    from page_support import chromium

    with chromium(pytest.importorskip("playwright.sync_api")) as launched:
        yield launched
