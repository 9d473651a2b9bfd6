"""Where the companion keeps what it learns: one data directory, shared by the server and the vision tools."""

from __future__ import annotations

import os
from pathlib import Path

DATA_ENV = "NAINJAUNE_DATA"


def default_data_dir() -> Path:
    """`$NAINJAUNE_DATA`, else the per-user data directory, so a family never has to choose one."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("nainjaune"))
