"""The offline guarantee: ultralytics trains and exports with networking cut off, and never tries it.

A subprocess installs an audit hook that records and refuses every name lookup and
connection, then trains one tiny epoch of the classifier at imgsz 32 through the
project's training code and exports it to ONNX through the project's exporter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ultralytics")

SCRIPT = r"""
import json, socket, sys
attempts = []

def refuse(event, args):
    if event in ("socket.connect", "socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyaddr",
                 "urllib.Request", "http.client.connect"):
        attempts.append(f"{event} {args!r}"[:200])
        raise OSError("network disabled by test")

sys.addaudithook(refuse)
from pathlib import Path
import cv2, numpy as np
from vision.training import offline
root = Path(sys.argv[1])
offline.prepare(cache_dir=root / "cache")
from vision.training.dataset import Sample, write_samples
rng = np.random.default_rng(0)
def crop(text):
    img = np.full((32, 32, 3), 230, np.uint8)
    if text:
        cv2.putText(img, text, (2, 22), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 0), 2)
    return np.clip(img + rng.normal(0, 8, img.shape), 0, 255).astype(np.uint8)
for split, n in (("train", 4), ("val", 1)):
    write_samples([Sample(crop(t), label) for t, label in (("A", "AS"), ("K", "KH"), ("", "none")) for _ in range(n)],
                  root / "crops", split)
from vision.training.train import TrainConfig, train
from vision.training.export import export_onnx
checkpoint = train(TrainConfig(data=root / "crops", project=root / "runs", epochs=1, imgsz=32, batch=4, lr0=0.05))
onnx = export_onnx(checkpoint, root / "model.onnx")
# Fine-tuning from that checkpoint, at a learning rate too small to move anything, keeps its head.
import torch
tuned = train(TrainConfig(data=root / "crops", project=root / "runs", name="tuned", epochs=1, imgsz=32, batch=4,
                          lr0=1e-9, init=checkpoint))
def head(path):
    ckpt = torch.load(path, map_location="cpu", weights_only=False)
    return (ckpt.get("ema") or ckpt["model"]).float().model[-1].linear.weight.detach()
head_change = float((head(tuned) - head(checkpoint)).abs().max())
print("RESULT " + json.dumps({"attempts": attempts, "onnx": str(onnx), "head_change": head_change,
                              "font": (root / "cache" / "Ultralytics" / "Arial.ttf").is_file()}))
"""


@pytest.mark.slow
def test_tiny_training_and_export_make_no_network_attempt(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True,
                            timeout=240, cwd=Path(__file__).resolve().parents[1],
                            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(Path(__file__).resolve().parents[1])})
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(l for l in result.stdout.splitlines() if l.startswith("RESULT "))
    report = json.loads(line.removeprefix("RESULT "))
    assert report["attempts"] == []
    assert report["head_change"] < 1e-4, f"fine-tuning must start from the given head ({report['head_change']})"
    assert report["font"], "the offline font must be in place before ultralytics looks for Arial.ttf"
    assert Path(report["onnx"]).stat().st_size > 10_000

    import numpy as np

    from vision.recognise.classifier import IndexClassifier

    classifier = IndexClassifier(Path(report["onnx"]))
    assert classifier.names == ["AS", "KH", "none"]
    probs = classifier.probabilities(np.zeros((2, classifier.imgsz, classifier.imgsz, 3), np.uint8))
    assert probs.shape == (2, 3)
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
