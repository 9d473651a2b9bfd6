"""Make the README's two pictures with the project's own code: the camera view with its zones, and the phone page.

usage: python scripts/doc_images.py [OUT_DIR]   (default docs/images; needs the vision extras, Playwright and
/usr/bin/chromium). Both come from the bundled recorded deal, so anyone can make them again.
"""

from __future__ import annotations

import json
import signal
import sys
import tempfile
import time
from pathlib import Path

import cv2
import httpx2

from companion_api.testing import JOIN_CODE, free_port, start_server
from vision.calibration import draw_zones, load_calibration_file

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "demo" / "demo_deal"
PHONE = {"width": 390, "height": 844}
JPEG = [int(cv2.IMWRITE_JPEG_QUALITY), 80]


def camera_view(out: Path, at_s: float = 24.0, width: int = 960) -> None:
    """A frame of the recorded deal, mid-game, with the pile, boxes and seats drawn as the phone's preview draws them."""
    video = cv2.VideoCapture(str(DEMO.with_suffix(".mp4")))
    video.set(cv2.CAP_PROP_POS_MSEC, at_s * 1000)
    ok, frame = video.read()
    video.release()
    if not ok:
        raise SystemExit(f"no frame at {at_s} s in {DEMO.with_suffix('.mp4')}")
    players = json.loads(DEMO.with_suffix(".script.json").read_text(encoding="utf-8"))["players"]
    calib = load_calibration_file(DEMO.with_suffix(".calib.json"), players)
    drawn = draw_zones(frame, calib)
    small = cv2.resize(drawn, (width, round(drawn.shape[0] * width / drawn.shape[1])), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(out), small, JPEG)


def phone_page(out: Path, plays: int = 10, wait_s: float = 90.0) -> None:
    """`nainjaune serve --demo` in Debian's chromium at a phone's size, once the recorded deal has `plays` cards."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        server = start_server(Path(data), port, "--demo")
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + wait_s
            while len(httpx2.get(f"{url}/api/state", timeout=5).json()["game"]["played"]) < plays:
                if time.monotonic() > deadline:
                    raise SystemExit(f"the demo did not reach {plays} plays in {wait_s:.0f} s")
                time.sleep(0.5)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                            args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_page(viewport=PHONE)
                page.goto(f"{url}/?code={JOIN_CODE}")
                page.wait_for_selector("[data-testid=turn]")
                page.wait_for_timeout(1500)
                page.screenshot(path=str(out), type="jpeg", quality=80)
                browser.close()
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    camera_view(out / "camera-view.jpg")
    phone_page(out / "phone-page.jpg")
    for name in ("camera-view.jpg", "phone-page.jpg"):
        print(f"{out / name}: {(out / name).stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
