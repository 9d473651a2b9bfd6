"""The phone at a real table (issue 23), in Debian's chromium: what a tap did is always on screen, portrait and
landscape; a double tap is one card; nothing is lost by one tap; the French page speaks French; long names fit;
a tap with the server gone is refused where it can be seen."""

import re
from pathlib import Path

import pytest
from page_support import changed, in_language, joined, served

from companion_api.testing import ANNE_LEFT, CHLOE_LEFT, JOIN_CODE, OPERA_DEAL
from engine.nain_jaune.rules import RULESETS, rules_class

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")
PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
TABS = ("live", "setup", "fix", "score")
FRENCH_WORDS = {"points", "table", "direction", "hoc"}  # option values that are also words of a French sentence




def tap_card(page: object, card: str) -> None:
    page.click(f'#pad-ranks [data-rank="{card[:-1]}"]')
    changed(page, lambda: page.click(f'#pad-suits [data-card="{card}"]'))


def open_page(browser: object, server: str, viewport: dict[str, int] = PORTRAIT, lang: str = "fr") -> object:
    page = joined(browser, server, in_language(lang), viewport)
    page.wait_for_function("document.querySelectorAll('#rules option').length > 0")
    return page


def new_game(page: object, *players: str) -> None:
    """Set up a game from Réglages (saying yes when a running game is to be set aside)."""
    page.click("nav [data-tab=setup]")
    if players:
        page.evaluate("document.querySelectorAll('#seat-list li').forEach((li) => li.remove())")
        for name in players:
            page.click("#add-player")
            page.locator("#seat-list input").last.fill(name)
    page.click("#setup button[type=submit]")
    confirm = page.locator("[data-action=confirm-new]")
    if confirm.is_visible():
        changed(page, confirm.click)
    page.wait_for_selector("#pad:not(.hidden)")


def fully_visible(page: object, selector: str) -> bool:
    """In the viewport and not covered: the element is what a finger at its centre would touch."""
    return bool(page.evaluate("""(sel) => {
        const node = document.querySelector(sel);
        if (!node) return false;
        const r = node.getBoundingClientRect();
        if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && (node === hit || node.contains(hit));
    }""", selector))


def test_a_card_the_camera_only_guessed_in_a_shown_hand_is_pointed_out(server: str, browser: object) -> None:
    page = open_page(browser, server)
    new_game(page)
    shown = {"type": "hand_revealed", "player": "Anne", "cards": ["KS", "6S"], "guessed": ["6S"]}
    changed(page, lambda: page.request.post(f"{server}/api/observations", data=shown,
                                            headers={"X-Join-Code": JOIN_CODE}))
    notices = page.inner_text("[data-testid=notices]")
    assert "Main d'Anne : 6♠ n'a pas été lu, seulement deviné. Vérifiez-la." in notices
    assert "apprenez-lui votre jeu dans Réglages" in notices  # read without a deck
    page.close()


def test_a_play_the_camera_read_with_a_hand_over_the_pile_and_took_back_is_explained(server: str,
                                                                                      browser: object) -> None:
    """Read while a hand was over the pile, a 4♥ was told; the card laid next showed no card was laid there."""
    page = open_page(browser, server)
    new_game(page)
    for seen in ({"type": "card_played", "card": "3C", "player": "Bruno", "confidence": 0.99},
                 {"type": "card_played", "card": "4H", "player": "Bruno", "confidence": 0.27},
                 {"type": "play_withdrawn", "card": "4H", "cause": "hand_over_pile"}):
        changed(page, lambda: page.request.post(f"{server}/api/observations", data=seen,
                                                headers={"X-Join-Code": JOIN_CODE}))
    notices = page.inner_text("[data-testid=notices]")
    assert "La caméra retire 4♥ : lue pendant qu'une main passait sur le tas" in notices
    assert "qu'elle avait déduit" not in notices   # not an inferred play
    page.close()


def test_a_table_set_up_to_stop_only_when_unable_is_told_when_it_stops_at_will(server: str, browser: object) -> None:
    """Réglages set with "On peut s'arrêter quand on veut" unticked; Bruno stops on his 4♣ and lays a 5 later."""
    page = open_page(browser, server)
    page.click("nav [data-tab=setup]")
    page.click("#options summary")
    page.uncheck("#options [name=stop_at_will]")
    page.click("#setup button[type=submit]")
    confirm = page.locator("[data-action=confirm-new]")
    if confirm.is_visible():
        changed(page, confirm.click)
    page.wait_for_selector("#pad:not(.hidden)")
    for player, card in (("Bruno", "3C"), ("Bruno", "4C"), ("Chloé", "5H"), ("Bruno", "6S"), ("Bruno", "5D")):
        seen = {"type": "card_played", "card": card, "player": player, "confidence": 0.99}
        changed(page, lambda: page.request.post(f"{server}/api/observations", data=seen,
                                                headers={"X-Join-Code": JOIN_CODE}))
    assert "à cette table, on s'arrête quand on veut" in page.inner_text("[data-testid=notices]")
    page.close()


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_call_and_the_missed_call_are_on_screen_with_the_pad(server: str, browser: object,
                                                                  viewport: dict[str, int]) -> None:
    page = open_page(browser, server, viewport)
    new_game(page)
    for card in OPERA_DEAL[:12]:  # up to the queen of spades
        tap_card(page, card)
    page.locator('#pad-suits [data-card="KS"]').scroll_into_view_if_needed()
    assert fully_visible(page, '#pad-suits [data-card="KS"]')
    assert fully_visible(page, "[data-testid=call]")
    assert fully_visible(page, "[data-testid=pad-last]") and "Q♠" in page.inner_text("[data-testid=pad-last]")
    if viewport is LANDSCAPE:  # side by side: the run and whose turn it is stay beside the pad
        assert fully_visible(page, "[data-testid=turn]") and fully_visible(page, "[data-testid=boxes]")
    tap_card(page, "KS")  # the queen was not called before the next card: missed
    assert fully_visible(page, '#pad-ranks [data-rank="A"]')
    assert fully_visible(page, "[data-testid=announcement]")
    assert page.inner_text("[data-testid=announcement]").startswith("Bruno :")
    assert fully_visible(page, "nav [data-tab=fix]")  # the tab bar stays at the top
    assert "Bruno n'a pas annoncé Q♠" in page.inner_text("[data-testid=notices]")
    page.click("nav [data-tab=fix]")
    assert page.locator("#events li[data-kind=play]", has_text="Q♠").locator("[data-testid=missed-mark]").count() == 1
    page.close()


def test_a_double_tap_on_a_suit_records_one_card(server: str, browser: object) -> None:
    page = open_page(browser, server)
    new_game(page)
    tap_card(page, "JH")  # the first card of a deal makes the status grow: the double tap is on a later one
    page.click('#pad-ranks [data-rank="Q"]')
    box = page.locator('#pad-suits [data-card="QH"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(200)
    page.mouse.click(x, y)  # the same spot 0.2 s later: by now the pad shows the kings
    page.wait_for_timeout(700)
    assert page.evaluate("ui.state.game.played") == ["JH", "QH"]
    assert page.locator('#pad-suits [data-card="KH"]').is_enabled()
    assert "Q♥" in page.inner_text("[data-testid=pad-last]")
    page.click('#pad-ranks [data-rank="A"]')
    page.click('#pad-suits [data-card="AS"]')  # out of sequence: refused where the finger is, in French
    page.wait_for_selector("[data-testid=error]:not(.hidden)")
    assert page.inner_text("[data-testid=error]") == "A♠ refusé : on attend un K."
    assert fully_visible(page, "[data-testid=error]")
    page.close()


def test_a_new_game_asks_first_and_the_old_one_is_resumed_from_comptes(server: str, browser: object) -> None:
    page = open_page(browser, server)
    new_game(page)
    tap_card(page, "AS")
    first = page.evaluate("ui.state.game.id")
    page.click("nav [data-tab=setup]")
    page.click("#setup button[type=submit]")
    page.locator("[data-testid=confirm-new]").wait_for(state="visible")
    page.click("[data-testid=confirm-new] [data-action=keep]")
    assert page.evaluate("ui.state.game.id") == first
    new_game(page)
    assert page.evaluate("ui.state.game.id") != first
    page.click("nav [data-tab=score]")
    row = page.locator(f"#games li[data-game='{first}']")
    row.wait_for()
    assert "mise de côté" in row.inner_text()
    changed(page, lambda: row.locator("[data-action=resume]").click())
    assert page.evaluate("ui.state.game.id") == first and page.evaluate("ui.state.game.played") == ["AS"]
    page.locator("#tab-live").wait_for(state="visible")   # shown once the resume's answer is in
    page.close()


def test_a_deletion_asks_first_and_a_correction_is_put_back(server: str, browser: object) -> None:
    page = open_page(browser, server)
    new_game(page)
    tap_card(page, "AS")
    tap_card(page, "2S")
    page.click("nav [data-tab=fix]")
    two = page.locator("#events li[data-kind=play]", has_text="2♠")
    two.click()
    two.locator("[data-action=delete]").click()
    assert page.evaluate("ui.state.game.played") == ["AS", "2S"]  # asked, not done
    changed(page, lambda: two.locator("[data-action=confirm-delete]").click())
    assert page.evaluate("ui.state.game.played") == ["AS"]
    changed(page, lambda: page.locator("#events li[data-kind=correction] [data-action=revert]").first.click())
    assert page.evaluate("ui.state.game.played") == ["AS", "2S"]
    assert page.locator("#events li[data-kind=play].corrected").count() == 0
    page.close()


def test_the_cards_shown_are_fixed_after_the_settlement(server: str, browser: object) -> None:
    page = open_page(browser, server)
    new_game(page)
    for card in OPERA_DEAL:
        tap_card(page, card)
    slip = [c for c in ANNE_LEFT if c != "4D"] + ["7C"]  # the 7♣ picked for Anne instead of her 4♦
    for picker, cards in ((0, slip), (1, CHLOE_LEFT)):
        for card in cards:
            page.locator("#showdown .picker").nth(picker).locator(f'[data-card="{card}"]').click()
    changed(page, lambda: page.click("[data-testid=reveal-ok]"))
    anne = page.locator("#settled .payment[data-reason=cards][data-payer=Anne]")
    assert "95 points" in anne.inner_text()
    page.click("#settled [data-action=reshow]")
    picker = page.locator("#showdown .picker").nth(0)
    picker.locator('[data-card="7C"]').click()
    picker.locator('[data-card="4D"]').click()
    changed(page, lambda: page.click("[data-testid=reveal-ok]"))
    assert "92 points" in anne.inner_text() and not page.locator("#showdown").is_visible()
    page.close()


def option_words() -> set[str]:
    """Every option name and choice value of every rule set: the words a French page must not show."""
    words = set()
    for name in RULESETS:
        for option, values, _default, _doc in rules_class(name).Options.describe():
            words.add(option)
            words.update(re.findall(r"'([^']+)'", values))
    return words - FRENCH_WORDS


def test_the_french_page_shows_no_option_key_or_value(server: str, browser: object) -> None:
    page = open_page(browser, server)
    new_game(page)
    for card in OPERA_DEAL[:13]:  # a missed call gives a notice, a mark and a banner to read
        tap_card(page, card)
    keys = option_words()
    assert {"next_card", "first_turn", "no_opponent_honour", "chips_per_card", "stand_in"} <= keys
    for rules in RULESETS:
        page.click("nav [data-tab=setup]")
        page.select_option("#rules", rules)
        page.locator("#options details").evaluate("d => d.open = true")
        for tab in TABS:
            page.click(f"nav [data-tab={tab}]")
            text = page.inner_text("body")
            if tab == "setup":
                text += " ".join(page.evaluate("[...document.querySelectorAll('#options option')].map(o => o.text)"))
            shown = {k for k in keys if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text)}
            assert not shown, (rules, tab, shown)
    assert "Options des règles" in page.inner_text("#options")
    page.click("#lang")
    assert "Rule options" in page.inner_text("#options")
    page.close()


def test_a_long_name_is_kept_whole_and_the_comptes_table_fits(server: str, browser: object) -> None:
    long_name = "Marie-Christine Dupont-L"  # 24 letters, the most a name may have
    page = open_page(browser, server)
    page.click("nav [data-tab=setup]")
    page.click("#add-player")
    page.locator("#seat-list input").last.fill(long_name + "ine")
    page.click("#setup button[type=submit]")
    assert "trop long" in page.inner_text("[data-testid=error]") and fully_visible(page, "[data-testid=error]")
    new_game(page, "Anne", long_name, "Chloé", "Bernadette", "Jean-Baptiste", "Zoé", "Yves", "Xavier")
    assert page.inner_text(f"#players li[data-player='{long_name}'] .name") == long_name
    assert page.inner_text(f"#pad-who [data-player='{long_name}']").replace("\n", "") == long_name
    page.click("nav [data-tab=score]")
    assert page.inner_text(f"#totals tr[data-player='{long_name}'] th").replace("\n", "") == long_name
    assert page.evaluate("document.documentElement.scrollWidth") <= PORTRAIT["width"]
    page.close()


def test_a_tap_with_the_server_gone_is_refused_where_it_is_seen(browser: object, tmp_path: Path) -> None:
    with served(tmp_path) as url:
        page = open_page(browser, url)
        new_game(page)
    page.wait_for_selector("[data-testid=offline]:not(.hidden)")
    assert "Connexion perdue" in page.inner_text("[data-testid=offline]")
    page.click('#pad-ranks [data-rank="A"]')
    page.click('#pad-suits [data-card="AS"]')
    error = page.locator("[data-testid=error]")
    error.wait_for()
    assert "n'a pas été enregistré" in error.inner_text() and fully_visible(page, "[data-testid=error]")
    page.close()
