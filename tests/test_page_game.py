"""The phone page in Debian's chromium on a phone-sized screen: set up, play a deal by taps, hear a missed call,
correct an event, read the settlement — and, without the join code, only watch."""

from pathlib import Path

import pytest
from page_support import PHONE, RECORD_SPEECH, changed, joined

from companion_api.testing import ANNE_LEFT, CHLOE_LEFT, JOIN_CODE, OPERA_DEAL

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")




def start_game(page: object) -> None:
    """Submit the setup form; over a running game the page asks first, and the test says yes."""
    page.click("#setup button[type=submit]")
    confirm = page.locator("[data-action=confirm-new]")
    if confirm.is_visible():
        confirm.click()


def tap_card(page: object, card: str) -> None:
    page.click(f'#pad-ranks [data-rank="{card[:-1]}"]')
    changed(page, lambda: page.click(f'#pad-suits [data-card="{card}"]'))


def test_a_deal_played_by_taps_from_setup_to_settlement(server: str, browser: object, tmp_path: Path) -> None:
    page = joined(browser, server, RECORD_SPEECH)
    page.wait_for_selector('[data-testid=access]:has-text("modification")')
    page.wait_for_function("document.querySelectorAll('#rules option').length > 0")  # the rule sets have loaded

    page.click("nav [data-tab=setup]")
    page.fill("#chips", "200")
    changed(page, lambda: page.click("#setup button[type=submit]"))
    assert page.inner_text("[data-testid=turn]") == "À Bruno de jouer"
    assert page.inner_text(".box-QS .box-stake") == "9"

    for card in OPERA_DEAL[:13]:  # spades ace to king; the queen laid without "Dame qui prend !"
        tap_card(page, card)
    banner = page.locator("[data-testid=announcement]")
    banner.wait_for(state="visible")
    missed = "Bruno : « Dame qui prend » oubliée ! Les 9 jetons restent dans la case."
    assert banner.inner_text() == missed
    assert [missed, "fr-FR"] in page.evaluate("window.__spoken")

    tap_card(page, "AD")  # a slip of the finger: the ace of hearts was played
    page.click("nav [data-tab=fix]")
    page.click("#events li[data-kind=play]:first-child")
    page.click("#events li[data-kind=play]:first-child button[data-action=card]")
    changed(page, lambda: page.click('#fix-editor [data-card="AH"]'))
    assert "AH" in page.evaluate("Array.from(document.querySelectorAll('#events .event:not(.corrected)'))"
                                 ".map(e => e.textContent).join(' ').replace('♥', 'H')")
    page.click("nav [data-tab=live]")
    tap_card(page, "2H")

    showdown = page.locator("[data-testid=showdown]")
    showdown.wait_for(state="visible")
    for card in ANNE_LEFT:
        page.locator("#showdown .picker").nth(0).locator(f'[data-card="{card}"]').click()
    for card in CHLOE_LEFT:
        page.locator("#showdown .picker").nth(1).locator(f'[data-card="{card}"]').click()
    changed(page, lambda: page.click("[data-testid=reveal-ok]"))
    settled = page.locator("[data-testid=settled]")
    assert "Bruno a gagné la donne" in settled.inner_text() and "Opéra" in settled.inner_text()
    page.screenshot(path=str(tmp_path / "settled.png"), full_page=True)

    page.click("nav [data-tab=score]")
    rows = page.locator("#settlements .payment").all_inner_texts()
    assert any(r.split() == "Chloé → Bruno 96 jetons 15 cartes en main : 96 points".split() for r in rows), rows
    assert any(r.split() == "Anne → Bruno 92 jetons 15 cartes en main : 92 points".split() for r in rows), rows
    totals = [page.locator(f"[data-testid=totals] tr[data-player={p}]").inner_text().split()
              for p in ("Anne", "Bruno", "Chloé")]
    assert totals == [["Anne", "200", str(185 - 92)], ["Bruno", "200", str(185 + 92 + 96 + 45)],
                      ["Chloé", "200", str(185 - 96)]]
    assert page.locator("#chart svg path").count() == 3
    page.screenshot(path=str(tmp_path / "score.png"), full_page=True)
    page.close()


def test_without_the_join_code_the_page_only_watches(server: str, browser: object) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(server)
    page.wait_for_selector('[data-testid=access]:has-text("lecture seule")')
    page.wait_for_selector("#live:not(.hidden)")
    assert not page.locator("[data-testid=pad]").is_visible()
    assert "Lecture seule" in page.inner_text("[data-testid=readonly-banner]")
    page.click("nav [data-tab=setup]")
    assert page.locator("#chips").is_disabled() and not page.locator("#setup button[type=submit]").is_visible()
    page.click("nav [data-tab=live]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.click("#lang")
    assert page.inner_text("nav [data-tab=score]") == "Scores"
    page.close()
    wrong = browser.new_page(viewport=PHONE)
    wrong.goto(f"{server}/?code=NOPE")
    wrong.wait_for_selector('[data-testid=access]:has-text("lecture seule")')
    # the badge reads "lecture seule" from the first render, before the server has answered on the code
    wrong.wait_for_selector('[data-testid=readonly-banner]:has-text("Code « NOPE » refusé")')
    wrong.close()


def test_friendly_reminder_questions_and_calibration_in_english(server: str, browser: object) -> None:
    page = joined(browser, server, RECORD_SPEECH)
    page.wait_for_selector('[data-testid=access]:has-text("modification")')
    page.wait_for_function("document.querySelectorAll('#rules option').length > 0")  # the rule sets have loaded
    page.click("#lang")
    page.click("nav [data-tab=setup]")
    page.check("#pref-friendly")
    changed(page, lambda: start_game(page))

    for card in OPERA_DEAL[:12]:  # up to the queen of spades
        tap_card(page, card)
    reminder = page.locator("[data-testid=reminder]")
    assert 'Bruno, call "Queen takes": 9 chips!' in reminder.inner_text()
    assert ['Bruno, call "Queen takes": 9 chips!', "en-GB"] in page.evaluate("window.__spoken")
    changed(page, lambda: page.click("[data-testid=call]"))
    assert page.inner_text(".box-QS .box-stake") == "0" and not reminder.is_visible()

    tap_card(page, "KS")
    unsure = {"type": "card_played", "card": "7H", "player": None, "candidates": ["Bruno", "Chloé"],
              "confidence": 0.6}
    changed(page, lambda: page.request.post(f"{server}/api/observations", data=unsure,
                                            headers={"X-Join-Code": JOIN_CODE}))
    question = page.locator("#questions [data-testid=question]")
    assert "Who played the 7♥?" in question.inner_text()
    changed(page, lambda: question.locator("button", has_text="Chloé").click())
    assert page.locator("#questions [data-testid=question]").count() == 0
    assert "Chloé" in page.inner_text("[data-testid=last-card]")
    stray = {"type": "box_swept", "box": "JC", "player": "Anne"}  # the camera saw a box taken for no reason
    changed(page, lambda: page.request.post(f"{server}/api/observations", data=stray,
                                            headers={"X-Join-Code": JOIN_CODE}))
    assert "Anne sweeps the J♣ box without having laid the card." in page.inner_text("[data-testid=notices]")

    page.click("nav [data-tab=setup]")
    page.locator("#calib-svg").scroll_into_view_if_needed()
    box = page.locator("#calib-svg").bounding_box()
    zones = page.locator("#calib-zones button:not([data-zone=board])")
    for n in range(zones.count()):  # the pile, the five boxes, a seat per player: all a calibration needs
        zones.nth(n).click()
        left = 0.05 + 0.1 * n
        for fx, fy in ((left, 0.3), (left + 0.08, 0.3), (left + 0.04, 0.7)):
            page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
    assert page.locator("#calib-svg polygon").count() == 9
    changed(page, lambda: page.click("#calib-save"))
    saved = page.request.get(f"{server}/api/calibration").json()
    assert len(saved["pile"]) == 3 and saved["pile"][0][0] < saved["pile"][1][0]
    page.close()
