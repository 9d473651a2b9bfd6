"""A short pass of cards dealt face up onto the pile, filmed by `tablesim` to a video and its calib.json, as
`benchmarks/enrolment.py`'s `film_pass` films a whole pack (small and quick, for the enrolment tests)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2

from vision.tablesim.scene import SceneConfig, TableScene
from vision.tablesim.script import Action, DealScript

PLAYERS = ("Anne", "Bruno", "Chloé")
PASS = ("QS", "7D", "KH", "AC")
QUICK = SceneConfig(size=(640, 360), mat_px=280.0, render_scale=300.0, seed=3, fidget_rate=0.0, frames_in=5,
                    frames_hold=2, frames_out=4, frames_still=8)


def film_pass(folder: Path, cards: tuple[str, ...] = PASS) -> tuple[Path, Path]:
    """`cards` laid one by one onto the pile: the video and its zones."""
    script = DealScript(PLAYERS, PLAYERS[0], {p: () for p in PLAYERS}, (),
                        tuple(Action("play", PLAYERS[1], c) for c in cards), PLAYERS[1], False)
    scene = TableScene(script, QUICK)
    video, calib = folder / "pass.mp4", folder / "pass.calib.json"
    writer = cv2.VideoWriter(str(video), cv2.VideoWriter_fourcc(*"mp4v"), QUICK.fps, QUICK.size)
    try:
        for frame in scene.frames():
            writer.write(frame)
    finally:
        writer.release()
    calib.write_text(json.dumps(scene.calibration_json()), encoding="utf-8")
    return video, calib
