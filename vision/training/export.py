"""Export a trained classifier checkpoint to ONNX and check onnxruntime agrees with torch.

The shipped model must give the same answers without torch: after export, a few
crops go through both the checkpoint (ultralytics/torch) and the ONNX file
(onnxruntime); the export fails loudly if their probabilities differ.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

from vision.training.offline import import_ultralytics

TOLERANCE = 1e-3


class ExportMismatch(RuntimeError):
    """onnxruntime's output differs from the checkpoint's: the ONNX file must not be shipped."""


def export_onnx(checkpoint: Path, target: Path, sample_crops: np.ndarray | None = None) -> Path:
    """Write `target` (.onnx, dynamic batch) from `checkpoint` and verify it; return `target`."""
    ultralytics = import_ultralytics()
    model = ultralytics.YOLO(str(checkpoint))
    imgsz = int(model.model.args["imgsz"])
    exported = Path(model.export(format="onnx", imgsz=imgsz, dynamic=True, simplify=False, device="cpu"))
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    if exported.resolve() != target.resolve():
        shutil.copyfile(exported, target)
    verify(checkpoint, target, sample_crops)
    return target


def verify(checkpoint: Path, onnx_path: Path, sample_crops: np.ndarray | None = None) -> float:
    """Largest absolute probability difference between torch and onnxruntime; raises above tolerance."""
    import torch

    from vision.recognise.classifier import IndexClassifier

    ultralytics = import_ultralytics()
    classifier = IndexClassifier(Path(onnx_path))
    if sample_crops is None:
        rng = np.random.default_rng(0)
        sample_crops = rng.integers(0, 256, (4, classifier.imgsz, classifier.imgsz, 3), dtype=np.uint8)
    onnx_probs = classifier.probabilities(sample_crops)
    net = ultralytics.YOLO(str(checkpoint)).model.float().eval()
    batch = torch.from_numpy(np.ascontiguousarray(sample_crops[..., ::-1].transpose(0, 3, 1, 2))).float() / 255.0
    with torch.no_grad():
        out = net(batch)
    torch_probs = (out[0] if isinstance(out, (list, tuple)) else out).numpy()
    difference = float(np.abs(torch_probs - onnx_probs).max())
    if difference > TOLERANCE:
        raise ExportMismatch(f"onnxruntime differs from the checkpoint by {difference:.2e} (> {TOLERANCE})")
    names = [net.names[i] for i in sorted(net.names)]
    if names != classifier.names:
        raise ExportMismatch("class names in the ONNX metadata differ from the checkpoint's")
    return difference
