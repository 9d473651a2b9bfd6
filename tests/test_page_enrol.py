"""The enrolment screen in Debian's chromium, driven by a short recorded pass: each card is shown as read with its
confidence, the unsure ones and a card read twice stand out, one tap on a card and one on the picker fixes it,
Save stores the deck, and the set-up offers it (the last one used by default)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from page_support import changed, in_language, joined, served

from enrol_support import PASS, film_pass

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")
MODEL = Path(__file__).resolve().parents[1] / "models" / "card-index-cls.onnx"


@pytest.fixture(scope="module")
def pass_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not MODEL.is_file():
        pytest.skip("shipped model not present")
    video, calib = film_pass(tmp_path_factory.mktemp("pass"))
    with served(tmp_path_factory.mktemp("data"), "--source", str(video), "--calibration", str(calib)) as url:
        yield url


def open_setup(browser: Any, server: str) -> Any:
    page = joined(browser, server, in_language("en"))
    page.click("nav [data-tab=setup]")
    page.wait_for_function("document.querySelectorAll('#deck option').length > 0")
    return page


def sightings(page: Any) -> list[dict[str, Any]]:
    """The sightings shown, once each picture has loaded or failed (a busy machine loads them after the list)."""
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=sightings] .sighting img')]"
                           ".every((i) => i.complete)")
    return page.evaluate("""() => [...document.querySelectorAll('[data-testid=sightings] .sighting')].map((b) => ({
        card: b.dataset.card, unsure: b.classList.contains('unsure'), twice: b.classList.contains('twice'),
        fixed: b.classList.contains('fixed'), text: b.innerText,
        picture: b.querySelector('img').complete && b.querySelector('img').naturalWidth}))""")


def fix(page: Any, index: int, card: str) -> None:
    page.click(f"[data-testid=sightings] .sighting[data-index='{index}']")
    page.click(f"[data-testid=enrol-picker] [data-card='{card}']")
    page.wait_for_selector(f"[data-testid=sightings] .sighting[data-index='{index}'][data-card='{card}'].fixed")


def test_a_pass_is_enrolled_on_the_phone_and_offered_at_set_up(browser: Any, pass_server: str) -> None:
    page = open_setup(browser, pass_server)
    assert page.locator("#deck option").all_inner_texts() == ["Shipped recogniser"]
    page.fill("#enrol-name", "family")
    page.select_option("#enrol-pack", "32")
    page.click("#enrol-form button[type=submit]")
    page.wait_for_selector("[data-testid=enrolment] .enrol-state[data-state=read]", timeout=60_000)
    shown = sightings(page)
    served_view = page.evaluate("fetch('/api/enrolment').then((r) => r.json())")
    assert len(shown) == len(PASS) == len(served_view["sightings"])
    for node, read in zip(shown, served_view["sightings"]):  # the page shows what the server read
        assert node["card"] == (read["card"] or "") and node["unsure"] == read["unsure"]
        assert node["text"].endswith(f"{round(read['confidence'] * 100)} %" + (" · unsure" if read["unsure"] else ""))
        assert node["picture"] > 0
    for index, (node, card) in enumerate(zip(shown, PASS)):
        if node["card"] != card or node["unsure"]:
            fix(page, index, card)
    page.wait_for_function("!document.querySelector('.sighting.unsure')")
    fix(page, 1, "QS")  # the 7♦ taken for a second Q♠: both are pointed out
    assert [s["twice"] for s in sightings(page)] == [True, True, False, False]
    assert "2 to check" in page.inner_text("[data-testid=enrol-check]")
    picker = page.locator("[data-testid=enrol-picker] [data-card='2H']")
    page.click("[data-testid=sightings] .sighting[data-index='1']")
    assert picker.is_disabled()  # a 32-card pack has no 2
    page.click("[data-testid=enrol-picker] [data-card='7D']")
    page.wait_for_function("!document.querySelector('.sighting.twice')")
    missing = page.inner_text("[data-testid=enrol-missing]")
    assert "7♠" in missing and "Q♠" not in missing and len(missing.split(":")[1].split()) == 32 - len(PASS)
    page.click("[data-action=enrol-save]")
    page.wait_for_selector("[data-testid=enrol-saved]")
    assert "80 pictures" in page.inner_text("[data-testid=enrol-saved]")
    assert page.inner_text("#deck-list").strip() == f"family: {len(PASS)} cards, 80 pictures"
    assert page.locator("#deck option").all_inner_texts() == ["Shipped recogniser", "family"]

    page.select_option("#deck", "family")
    changed(page, lambda: page.click("#setup button[type=submit]"))
    assert page.evaluate("fetch('/api/state').then((r) => r.json()).then((s) => s.deck)") == "family"
    page.close()
    again = open_setup(browser, pass_server)  # the next set-up starts from the deck last used
    again.wait_for_function("document.querySelector('#deck').value === 'family'")
    again.close()
