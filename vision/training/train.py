"""Train the corner-index classifier with ultralytics, from its yaml, offline, resumable.

The network is built from `yolov8n-cls.yaml` (never a `.pt` name: that would download
pretrained weights); `init` starts instead from our own earlier checkpoint, to fine-tune on
more data. That checkpoint is opened as the model itself: loaded into the yaml's network
(1000 classes) its 53-class head would not fit and be drawn at random again. A run lives
in `<project>/<name>/`; when its `weights/last.pt` exists, training resumes from it instead
of starting again, so a long run can be spread across sessions.

The defaults are for these 2-core machines (CPU, crops cached in RAM, no loader workers).
On a lent GPU machine `device`, `workers` and `cache=None` (crops read from disk: each
loader worker would otherwise cache its own copy of a million crops) make the same run
fast; `hours` caps a run by time, ultralytics re-fitting the epoch count after the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vision.training.offline import import_ultralytics

MODEL_YAML = "yolov8n-cls.yaml"


@dataclass(frozen=True)
class TrainConfig:
    """What a training run needs; the defaults are the shipped model's settings."""

    data: Path
    project: Path
    name: str = "index-cls"
    epochs: int = 12
    imgsz: int = 48
    batch: int = 64
    threads: int = 1
    workers: int = 0
    seed: int = 0
    patience: int = 100
    lr0: float = 0.002
    init: Path | None = None  # start from these weights (e.g. the shipped model's run) instead of from scratch
    device: str = "cpu"
    cache: str | None = "ram"  # "ram", "disk" or None (read each crop from disk)
    hours: float | None = None  # stop after this long (the epoch count is re-fitted after the first epoch)


def last_checkpoint(config: TrainConfig) -> Path:
    return Path(config.project).resolve() / config.name / "weights" / "last.pt"


def best_checkpoint(config: TrainConfig) -> Path:
    return Path(config.project).resolve() / config.name / "weights" / "best.pt"


def train(config: TrainConfig) -> Path:
    """Train (or resume) and return the path of the best checkpoint."""
    ultralytics = import_ultralytics(threads=config.threads)
    last = last_checkpoint(config)
    if last.exists():
        model = ultralytics.YOLO(str(last))
        model.train(resume=True, data=str(Path(config.data).resolve()), workers=config.workers)
    else:
        model = ultralytics.YOLO(str(config.init) if config.init is not None else MODEL_YAML, task="classify")
        model.train(
            data=str(Path(config.data).resolve()),
            epochs=config.epochs,
            imgsz=config.imgsz,
            batch=config.batch,
            device=config.device,
            workers=config.workers,
            project=str(Path(config.project).resolve()),
            name=config.name,
            exist_ok=True,
            seed=config.seed,
            deterministic=False,
            amp=False,
            plots=False,
            fliplr=0.0,
            flipud=0.0,
            # The crops are already rectified and augmented by the dataset builder; ultralytics'
            # classification augmentations (random resized crop, erasing) would cut the glyph away.
            auto_augment=None,
            erasing=0.0,
            scale=0.0,
            hsv_h=0.0,
            hsv_s=0.3,
            hsv_v=0.3,
            translate=0.0,
            patience=config.patience,
            # ultralytics' "auto" optimiser picks a tiny learning rate for 53 classes and warms up
            # for 3 epochs: too slow for short CPU runs.
            optimizer="AdamW",
            lr0=config.lr0,
            warmup_epochs=0.5,
            cos_lr=True,
            val=True,
            verbose=False,
            cache=config.cache or False,
            time=config.hours,
        )
    best = best_checkpoint(config)
    return best if best.exists() else last
