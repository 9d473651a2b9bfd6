"""What the phone-page tests share: Debian's chromium at phone size, a real server, speech recorded, and waiting
for the state a tap pushes."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion_api.testing import JOIN_CODE, free_port, start_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
RECORD_SPEECH = "window.__spoken = []; window.speechSynthesis.speak = (u) => window.__spoken.push([u.text, u.lang]);"
"""Speech is recorded instead of spoken, so a test can read what the page said aloud."""


@contextmanager
def served(data: Path, *extra: str) -> Iterator[str]:
    """`nainjaune serve` on `data` (more options in `extra`) for as long as the block runs; skips the test without
    chromium."""
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (make system-deps)")
    port = free_port()
    proc = start_server(data, port, *extra)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


@contextmanager
def chromium(playwright_api: Any) -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def in_language(lang: str) -> str:
    """A script that sets the page's language before it loads."""
    return f"localStorage.setItem('nj-lang', '{lang}');"


def joined(browser: Any, server: str, script: str, viewport: dict[str, int] = PHONE) -> Any:
    """A new phone page that runs `script` before the page's own (`in_language`, `RECORD_SPEECH`), opened with the
    table's join code, once it says it may change the game."""
    page = browser.new_page(viewport=viewport)
    page.add_init_script(script)
    page.goto(f"{server}/?code={JOIN_CODE}")
    page.wait_for_selector("[data-testid=access].ok")
    return page


def changed(page: Any, action: Any) -> None:
    """Do `action` and wait for the pushed state that follows it."""
    revision = int(page.evaluate("document.body.dataset.revision || 0"))
    action()
    page.wait_for_function(f"Number(document.body.dataset.revision) > {revision}")
