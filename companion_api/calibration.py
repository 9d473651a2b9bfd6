"""The zones tapped on the phone, kept as calib.json: saved only once `vision`'s own reader (the one `nainjaune
watch --calibration` uses) accepts them, and told back with the view they give, so the user sees whether the board
made a top-down view."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def view_of(data: dict[str, Any], players: Sequence[str] | None = None) -> dict[str, Any]:
    """How `watch` will see the table with these zones; raises `vision.calibration.CalibrationError`."""
    from vision.calibration import fit_to_frame, parse_calibration

    calib = parse_calibration(data, players)
    width, height = data.get("image_size") or calib.view_size
    fitted = fit_to_frame(calib, (height, width))
    return {"source": fitted.source, "size": list(fitted.view_size),
            "from_board": fitted.source == "plane" and calib.board is not None}


def save(path: Path, data: dict[str, Any], players: Sequence[str] | None) -> dict[str, Any]:
    """Write `data` to `path` whole (a temporary file renamed over it) once it is read as `watch` will read it, with a
    seat for each of `players`; nothing is written when it is refused."""
    view = view_of(data, players)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)
    return {**data, "view": view}
