"""Keep ultralytics off the network, and on a polite CPU budget.

Ultralytics reads its settings once, at import: it would otherwise fetch a font
(Arial.ttf), pretrained weights named like `yolo11n.pt`, a demo dataset when no
`data=` is given, and sync settings with its hub. `prepare()` must run BEFORE the
first `import ultralytics`; `import_ultralytics()` does both in the right order.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CACHE = PROJECT_ROOT / ".cache" / "ultralytics"


def prepare(cache_dir: Path | None = None, threads: int = 1) -> Path:
    """Set the offline environment and the font ultralytics looks for; return the config dir.

    `threads` stays at 1 by default: on shared cores two spinning torch threads collapse
    (see the project notes); training on an idle machine may pass 2.
    """
    if "ultralytics" in sys.modules:
        raise RuntimeError("vision.training.offline.prepare() must run before ultralytics is imported")
    config_dir = Path(cache_dir or DEFAULT_CACHE).resolve()
    (config_dir / "Ultralytics").mkdir(parents=True, exist_ok=True)
    mpl_dir = config_dir / "matplotlib"
    mpl_dir.mkdir(parents=True, exist_ok=True)
    os.environ["YOLO_OFFLINE"] = "true"
    os.environ["YOLO_AUTOINSTALL"] = "false"
    os.environ["YOLO_CONFIG_DIR"] = str(config_dir)
    os.environ["MPLCONFIGDIR"] = str(mpl_dir)
    os.environ.setdefault("OMP_NUM_THREADS", str(threads))
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    _install_font(config_dir / "Ultralytics" / "Arial.ttf")
    return config_dir


def _install_font(target: Path) -> None:
    """Copy matplotlib's bundled DejaVuSans where ultralytics expects Arial.ttf (else it downloads one)."""
    if target.exists():
        return
    import matplotlib

    source = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    shutil.copyfile(source, target)
    shutil.copyfile(source, target.with_name("Arial.Unicode.ttf"))


def import_ultralytics(cache_dir: Path | None = None, threads: int = 1) -> ModuleType:
    """Prepare the offline environment (once) and return the imported `ultralytics` module."""
    if "ultralytics" not in sys.modules:
        prepare(cache_dir, threads)
    import ultralytics
    from ultralytics.utils import torch_utils

    torch_utils.NUM_THREADS = threads
    import torch

    torch.set_num_threads(threads)
    return ultralytics
