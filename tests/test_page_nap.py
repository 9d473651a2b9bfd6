"""Nap on the phone page, in Debian's chromium at phone size: set-up, bidding, a hand by card taps, the settlement
read and spoken, the pool carried to the next hand, a quick hand by the bidder's tricks, a correction, the stacks."""


import httpx2
import pytest
from nap_table import HAND1_TRICKS, NAP_GAME
from page_support import RECORD_SPEECH, changed, in_language, joined

from companion_api.testing import EDIT

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")




def bid(page: object, word: str) -> None:
    changed(page, lambda: page.click(f'[data-testid=nap-bids] [data-bid="{word}"]'))


def test_a_nap_game_by_taps_from_setup_to_the_second_hand(server: str, browser: object) -> None:
    page = joined(browser, server, RECORD_SPEECH)
    page.wait_for_selector('[data-testid=access]:has-text("modification")')
    page.wait_for_function("document.querySelectorAll('#rules option').length > 0")  # the rule sets have loaded

    page.click("nav [data-tab=setup]")
    page.click("#add-player")
    page.fill("#seat-list li:last-child input", "Denis")
    page.fill("#chips", "20")
    page.select_option("#rules", "nap")
    page.click("#options summary")
    assert page.inner_text('#options label:has(input[name=pool]) small').startswith("Chacun mise avant la donne")
    page.check("#options input[name=pool]")
    changed(page, lambda: page.click("#setup button[type=submit]"))

    status = page.locator("#nap [data-testid=nap-status]")
    turn = page.locator("#nap [data-testid=turn]")
    assert status.inner_text() == "Main 1 · donneur Anne · cagnotte 4"
    assert turn.inner_text() == "À Bruno d'annoncer"
    assert page.locator("[data-testid=boxes]").is_hidden()
    for word in ("pass", "three"):
        bid(page, word)
    assert page.locator("[data-testid=nap-bids] [data-bid=three]").count() == 0  # only the bids allowed now
    for word in ("nap", "pass"):
        bid(page, word)
    assert page.inner_text("#nap [data-testid=contract]") == "Denis annonce Nap"
    assert turn.inner_text() == "À Denis d'entamer"

    for trick in HAND1_TRICKS:
        for card in trick:
            changed(page, lambda card=card: page.click(f'[data-testid=nap-cards] [data-card="{card}"]'))
    result = "Denis fait Nap ! 5 jetons de chacun, et la cagnotte (4)"
    assert page.inner_text("[data-testid=nap-settled] h3") == f"Main 1 — {result}"
    spoken = page.evaluate("window.__spoken")
    assert ["Denis annonce Nap", "fr-FR"] in spoken and [result, "fr-FR"] in spoken
    assert page.inner_text('[data-testid=nap-players] [data-player=Denis] .stack') == "38 jetons"

    changed(page, lambda: page.click("[data-testid=nap-next]"))
    assert status.inner_text() == "Main 2 · donneur Bruno · cagnotte 4"  # the pool carried, the dealer moved on
    for word in ("three", "pass", "four", "pass"):
        bid(page, word)
    changed(page, lambda: page.click('[data-testid=nap-quick] [data-tricks="3"]'))
    assert page.inner_text("[data-testid=nap-settled] h3") == "Main 2 — Anne chute à Quatre : 4 jetons à chacun"
    assert page.inner_text('[data-testid=nap-players] [data-player=Anne] .stack') == "1 jeton"

    page.click("#lang")
    assert status.inner_text() == "Hand 2 · Bruno deals · pool 4"
    page.click("nav [data-tab=fix]")
    changed(page, lambda: page.select_option('#events [data-kind=tricks_won] select', "4"))
    page.click("nav [data-tab=live]")
    assert page.inner_text("[data-testid=nap-settled] h3") == "Hand 2 — Anne makes Four! 4 chips from each"
    assert ["Anne makes Four! 4 chips from each", "en-GB"] in page.evaluate("window.__spoken")

    page.click("nav [data-tab=score]")
    rows = page.locator("[data-testid=totals] tr[data-deal]")
    assert rows.count() == 3
    assert rows.nth(2).inner_text().split() == ["2", "25", "9", "9", "33", "4"]
    assert page.locator("#chart svg path").count() == 5  # four players and the pool
    page.close()


def test_widow_nap_in_english_offers_the_widow_then_only_bids(server: str, browser: object) -> None:
    game = {**NAP_GAME, "options": {"game": "widow"}}
    assert httpx2.post(f"{server}/api/games", json=game, headers=EDIT).status_code == 201
    page = joined(browser, server, in_language("en"))
    page.wait_for_selector("#nap [data-testid=nap-status]")
    assert page.inner_text("#nap [data-testid=turn]") == "Bruno to bid"
    page.locator("[data-testid=nap-bids] [data-bid=pass]").wait_for(state="visible")
    changed(page, lambda: page.click('[data-testid=nap-before-bids] [data-step=widow]'))
    assert page.locator("[data-testid=nap-before-bids]").count() == 0
    assert page.locator("[data-testid=nap-bids] [data-bid=pass]").count() == 0  # who takes the widow must bid
    assert page.locator("[data-testid=nap-bids] [data-bid=three]").count() == 0  # the widow asks for Nap
    bid(page, "nap")
    assert page.inner_text("#nap [data-testid=turn]") == "Chloé to bid"
    page.close()
