"""The bundled demo deal: a short filmed deal that `make run` plays when no camera is attached.

    demo_recording() -> DemoRecording        the files and who plays
    demo_observations() -> Iterator[dict]    its observation events, as `vision.watch.observe` yields them

`demo_observations` runs the real pipeline on the video when the recogniser's model is installed; otherwise
it replays the recorded ground truth (same events, same times), so the demo works on any install.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

DEMO_DIR = Path(__file__).resolve().parents[2] / "demo"
DEMO_STEM = DEMO_DIR / "demo_deal"


@dataclass(frozen=True)
class DemoRecording:
    video: Path
    calibration: Path
    truth: Path
    players: tuple[str, ...]
    dealer: str
    chips: int = 100


def demo_recording(stem: Path = DEMO_STEM) -> DemoRecording:
    script = stem.with_suffix(".script.json")
    if not script.is_file():
        raise FileNotFoundError(f"the demo recording is missing ({script}); make it with "
                                "`python -m vision.tablesim.record demo/demo_deal`")
    doc = json.loads(script.read_text(encoding="utf-8"))
    return DemoRecording(stem.with_suffix(".mp4"), stem.with_suffix(".calib.json"), stem.with_suffix(".truth.jsonl"),
                         tuple(doc["players"]), doc["dealer"])


def demo_observations(live: bool | None = None, stem: Path = DEMO_STEM) -> Iterator[dict]:
    """Observation events of the demo deal: from the video through the pipeline (`live`, default when the
    recogniser is installed), or the recorded truth."""
    rec = demo_recording(stem)
    from vision.watch import observe, recogniser_model

    if live is None:
        live = recogniser_model() is not None
    if live:
        yield from observe(rec.video, None, players=rec.players, dealer=rec.dealer, chips=rec.chips)
        return
    with rec.truth.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)
