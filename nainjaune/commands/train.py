"""`nainjaune train`: corner crops from generated scenes → classifier → ONNX in models/.

Steps, each skipped when its output is already there (so an interrupted run picks up
where it stopped): crops are cut from the scenes into `<data>/crops`, the classifier
trains in `runs/<name>` (resuming from its last.pt), and the best checkpoint is
exported to `<out>/card-index-cls.onnx` and checked against onnxruntime.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from nainjaune.errors import CliError

MODEL_NAME = "card-index-cls.onnx"
GATE_NAME = "card-index-gate.onnx"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, nargs="+", default=[Path("data/synth/train")],
                        help="scene folders made by `nainjaune synth` (images/ + labels/), default data/synth/train")
    parser.add_argument("--crops", type=Path, default=None,
                        help="where the corner crops go (default: <first --data>/crops)")
    parser.add_argument("--epochs", type=int, default=12, help="training epochs (default 12)")
    parser.add_argument("--imgsz", type=int, default=64, help="crop size in pixels, a multiple of 32 (default 64)")
    parser.add_argument("--batch", type=int, default=64, help="batch size (default 64)")
    parser.add_argument("--lr0", type=float, default=0.002,
                        help="initial learning rate of AdamW (default 0.002, for batch 64; larger batches take more)")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch threads (default 1: on shared cores more threads are slower)")
    parser.add_argument("--device", default="cpu",
                        help="cpu (default), or a CUDA device number such as 0 where a GPU is lent")
    parser.add_argument("--workers", type=int, default=0,
                        help="data loader worker processes (default 0: on 2 cores they only compete)")
    parser.add_argument("--cache", choices=("ram", "disk", "none"), default="ram",
                        help="where decoded crops are kept between epochs (default ram; none with many workers, "
                             "each of which would keep its own copy)")
    parser.add_argument("--hours", type=float, default=None,
                        help="stop training after this many hours; the epoch count is re-fitted after the first epoch")
    parser.add_argument("--runs", type=Path, default=Path("runs"), help="training runs folder (default runs/)")
    parser.add_argument("--name", default="index-cls", help="run name; an existing run with last.pt is resumed")
    parser.add_argument("--init", type=Path, default=None,
                        help="start from these weights (a .pt of an earlier run) instead of from scratch")
    parser.add_argument("--out", type=Path, default=Path("models"), help="where the ONNX model goes (default models/)")
    parser.add_argument("--model-name", default=MODEL_NAME,
                        help=f"file name of the ONNX model in --out (default {MODEL_NAME}; the gate is {GATE_NAME})")


def run(args: argparse.Namespace) -> int:
    if args.imgsz <= 0 or args.imgsz % 32:
        raise CliError(f"--imgsz must be a positive multiple of 32, not {args.imgsz}")
    if args.epochs <= 0:
        raise CliError("--epochs must be at least 1")
    if args.lr0 <= 0:
        raise CliError(f"--lr0 must be positive, not {args.lr0}")
    if args.workers < 0:
        raise CliError(f"--workers must be 0 or more, not {args.workers}")
    if args.hours is not None and args.hours <= 0:
        raise CliError(f"--hours must be positive, not {args.hours}")
    if Path(args.model_name).name != args.model_name or not args.model_name.endswith(".onnx"):
        raise CliError(f"--model-name must be a plain file name ending in .onnx, not {args.model_name!r}")
    missing = [str(d) for d in args.data if not (Path(d) / "labels").is_dir()]
    if missing:
        raise CliError(f"no generated scenes in {', '.join(missing)} (expected images/ and labels/); "
                       "make some with `nainjaune synth --out DIR --count N --split train`")
    try:
        from vision.training.dataset import build_classifier_dataset
        from vision.training.export import export_onnx
        from vision.training.train import TrainConfig, best_checkpoint, last_checkpoint, train
    except ModuleNotFoundError as exc:
        raise CliError(f"training needs the train extra ({exc.name} is missing): pip install '.[train]'") from exc

    _check_device(args.device)
    crops = args.crops or Path(args.data[0]) / "crops"
    if not (crops / "train").is_dir():
        print(f"cutting corner crops from {len(args.data)} scene folder(s) into {crops}")
        counts = build_classifier_dataset([Path(d) for d in args.data], crops)
        print(f"{sum(counts.values())} crops, {len(counts)} classes")
    else:
        print(f"using existing crops in {crops}")
    config = TrainConfig(data=crops, project=args.runs, name=args.name, epochs=args.epochs,
                         imgsz=args.imgsz, batch=args.batch, threads=args.threads, init=args.init,
                         device=args.device, workers=args.workers, cache=None if args.cache == "none" else args.cache,
                         hours=args.hours, lr0=args.lr0)
    if args.init is not None and not Path(args.init).is_file():
        raise CliError(f"--init {args.init}: no such checkpoint")
    if last_checkpoint(config).exists():
        print(f"resuming {last_checkpoint(config)}")
    checkpoint = train(config)
    if not checkpoint.exists():
        raise CliError(f"training produced no checkpoint in {best_checkpoint(config).parent}")
    target = export_onnx(checkpoint, Path(args.out) / args.model_name)
    print(f"exported {target} ({target.stat().st_size / 1e6:.1f} MB), onnxruntime output matches the checkpoint")
    return 0


def _check_device(device: str) -> None:
    """Refuse a GPU this machine does not have before any crop is cut (ultralytics would only say so later)."""
    if device == "cpu":
        return
    try:
        ids = [int(part) for part in device.split(",")]
    except ValueError:
        raise CliError(f"--device takes cpu or CUDA device numbers such as 0 or 0,1, not {device!r}") from None
    import torch

    count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    missing = [i for i in ids if not 0 <= i < count]
    if missing:
        raise CliError(f"--device {device}: torch sees {count} CUDA GPU(s) here; train with --device cpu (the default)")
