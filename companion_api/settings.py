"""Server settings: where the database lives, which source feeds the table, the join code."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vision.datadir import DATA_ENV, default_data_dir

__all__ = ["DATA_ENV", "DB_NAME", "CALIBRATION_NAME", "Settings", "default_data_dir"]

DB_NAME = "nainjaune.sqlite3"
CALIBRATION_NAME = "calib.json"


@dataclass(frozen=True)
class Settings:
    """Everything `create_app` needs; built by `nainjaune serve` or by tests."""

    data_dir: Path
    join_code: str | None = None  # None: the code stored in the database (made once, kept across restarts)
    source: str | None = None  # observation source: events.jsonl file, camera index or stream URL
    replay_speed: float = 1.0  # >1 replays a recorded file faster than it was recorded
    loop_demo: bool = False  # the demo starts a new game and replays again when the recording ends
    calibration: Path | None = None  # zones file for the camera; default calib.json in the data directory

    @property
    def db_path(self) -> Path:
        return self.data_dir / DB_NAME

    @property
    def calibration_path(self) -> Path:
        return self.calibration or self.data_dir / CALIBRATION_NAME
