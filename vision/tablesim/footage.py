"""Footage filmed by another simulator, read in this package's truth terms so `truth.score_deal` scores it.

A footage folder holds `NAME.mp4` beside `NAME.json`: players clockwise, dealer, the calibration polygons, every
play with its time, player, card and (for honours) whether its call was made, the sweeps, the losers' remaining
cards and the winner. The pipeline is checked on such footage with the calibration it carries, nothing else.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from vision.tablesim.scene import TruthEvent
from vision.tablesim.script import Action, DealScript


class FootageError(ValueError):
    """A footage folder or deal file that cannot be read, worded for the user."""


@dataclass(frozen=True)
class FootageDeal:
    name: str
    video: Path
    script: DealScript
    truth: list[TruthEvent]
    calibration: dict
    fps: float
    chips: int


def _sweep_time(doc: dict, box: str, after: float) -> float | None:
    """When the sweep of `box` that follows `after` ended (the box is empty from then on)."""
    ends = [s["t_end"] for s in doc.get("sweeps", []) if s.get("box") == box and s.get("t_end", -1) >= after]
    return min(ends, default=None)


def read_deal(path: Path) -> FootageDeal:
    """One deal's JSON (and the video beside it) as a script and timed truth events."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        players = tuple(doc["players"])
        dealer = doc["dealer"]
        fps = float(doc.get("fps", 15))
        plays = doc["plays"]
        remaining = {p: tuple(c) for p, c in doc.get("remaining", {}).items()}
        actions: list[Action] = []
        truth: list[TruthEvent] = []
        for play in plays:
            t = float(play["t"])
            actions.append(Action("play", play["player"], card=play["card"]))
            truth.append(TruthEvent(round(t * fps), {"type": "card_played", "player": play["player"],
                                                     "card": play["card"]}))
            if play.get("call"):
                actions.append(Action("sweep", play["player"], box=play["card"]))
                end = _sweep_time(doc, play["card"], t)
                frame = round((end if end is not None else t) * fps)
                truth.append(TruthEvent(frame, {"type": "box_swept", "box": play["card"], "player": play["player"]}))
        for player, cards in remaining.items():
            actions.append(Action("showdown", player, cards=cards))
        dealt = doc.get("dealt", {})
        script = DealScript(players, dealer, {p: tuple(dealt.get(p, ())) for p in players},
                            tuple(doc.get("talon", ())), tuple(actions), doc["winner"], False)
        calibration = doc["calibration"]
        chips = int(next(iter(doc.get("chips_start", {"": 100}).values())))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, ValueError, StopIteration) as exc:
        raise FootageError(f"{path}: not a footage deal file ({type(exc).__name__}: {exc})") from None
    video = path.with_suffix(".mp4")
    if not video.is_file():
        raise FootageError(f"{path}: its video {video.name} is missing")
    if not math.isfinite(fps) or fps <= 0:
        raise FootageError(f"{path}: fps {fps} is not a frame rate")
    return FootageDeal(path.stem, video, script, truth, calibration, fps, chips)


def read_folder(folder: Path) -> list[FootageDeal]:
    """Every deal of a footage folder, by name; an error when the folder holds none."""
    if not folder.is_dir():
        raise FootageError(f"footage folder {folder} does not exist")
    deals = [read_deal(p) for p in sorted(folder.glob("*.json")) if p.with_suffix(".mp4").exists()]
    if not deals:
        raise FootageError(f"footage folder {folder} holds no NAME.json beside a NAME.mp4")
    return deals
