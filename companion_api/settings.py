"""Server settings: where the database lives, which source feeds the table, the join code."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DATA_ENV = "NAINJAUNE_DATA"
DB_NAME = "nainjaune.sqlite3"
CALIBRATION_NAME = "calib.json"


def default_data_dir() -> Path:
    """`$NAINJAUNE_DATA`, else the per-user data directory, so a family never has to choose one."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("nainjaune"))


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
