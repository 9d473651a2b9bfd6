"""The camera calibration screen in Debian's chromium: the board's four corners tapped on the camera's picture
and its size are saved, the page says the board made a top-down view, and both come back after a reload."""

import cv2
import numpy as np
import pytest
from page_support import PHONE

from companion_api.testing import JOIN_CODE

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

W, H = 1280, 720
BOARD = [(400, 200), (880, 200), (1000, 600), (280, 600)]
"""A board seen by a camera tilted towards the far edge: its sides meet far above the picture."""


def picture() -> bytes:
    """The camera's still: a table with the board on it, as `/api/camera.jpg` would serve it."""
    image = np.full((H, W, 3), (40, 90, 30), np.uint8)
    cv2.fillConvexPoly(image, np.array(BOARD, np.int32), (40, 200, 230))
    return cv2.imencode(".jpg", image)[1].tobytes()


def open_setup(browser: object, server: str) -> object:
    page = browser.new_page(viewport=PHONE)
    page.add_init_script("localStorage.setItem('nj-lang', 'en');")
    page.route("**/api/camera.jpg*", lambda route: route.fulfill(body=picture(), content_type="image/jpeg"))
    page.goto(f"{server}/?code={JOIN_CODE}")
    page.wait_for_selector("[data-testid=access].ok")
    page.click("nav [data-tab=setup]")
    page.wait_for_function(f"ui.calib.size && ui.calib.size[0] === {W}")  # the picture has loaded
    page.locator("#calib-svg").scroll_into_view_if_needed()
    return page


def tap(page: object, x: float, y: float) -> None:
    """A tap on the picture at its pixel (x, y)."""
    box = page.locator("#calib-svg").bounding_box()
    page.mouse.click(box["x"] + x / W * box["width"], box["y"] + y / H * box["height"])


def test_the_board_s_corners_are_tapped_saved_and_read_back(server: str, browser: object) -> None:
    page = open_setup(browser, server)
    zones = page.locator("#calib-zones button:not([data-zone=board])")
    for n in range(zones.count()):  # the pile, the five boxes, a seat per player, each a small triangle
        zones.nth(n).click()
        x = 60 + 120 * n
        for dx, dy in ((0, 640), (60, 640), (30, 700)):
            tap(page, x + dx, dy)
    page.click("#calib-zones [data-zone=board]")
    assert "Board (4 corners)" in page.inner_text("#calib-zones [data-zone=board]")
    for x, y in BOARD[:3]:
        tap(page, x, y)
    page.fill("#calib-board-w", "40")
    page.fill("#calib-board-h", "30")
    page.click("#calib-save")  # three corners: refused, nothing saved
    page.wait_for_selector("[data-testid=error]:not(.hidden)")
    assert "4 corners" in page.inner_text("[data-testid=error]")
    tap(page, *BOARD[3])
    page.click("#calib-save")
    page.wait_for_selector("[data-testid=calib-view]:has-text('Top-down view: yes')")
    assert "from the board's corners" in page.inner_text("[data-testid=calib-view]")
    page.close()

    again = open_setup(browser, server)
    again.wait_for_selector("[data-testid=calib-view]:has-text('from the board')")
    corners = again.evaluate("ui.calib.zones.board")
    screen_px = W / again.locator("#calib-svg").bounding_box()["width"]  # picture pixels per pixel of the phone
    assert np.abs(np.array(corners) - np.array(BOARD)).max() <= 1.5 * screen_px  # where the finger was
    assert again.input_value("#calib-board-w") == "40" and again.input_value("#calib-board-h") == "30"
    again.click("#calib-zones [data-zone=board]")
    assert again.locator("#calib-svg polygon.board").count() == 1
    assert again.locator("#calib-svg .zone-dot").count() == 4
    again.close()
