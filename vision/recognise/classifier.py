"""The corner-index classifier at run time: one onnxruntime session, loaded once.

Runs on onnxruntime only (no torch, no ultralytics). Two intra-op threads that do not
spin: on a machine whose cores are shared, spinning threads stall everything else.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import numpy as np

MODELS_DIR = Path(__file__).resolve().parents[2] / "models"
DEFAULT_MODEL = MODELS_DIR / "card-index-cls.onnx"
NONE_CLASS = "none"
CHUNK = 128  # crops per onnxruntime call: bounds the activation memory whatever the crop count


class ModelMissing(FileNotFoundError):
    """The ONNX weights are not where they should be; the message says how to make them."""


def require_model(model_path: Path) -> Path:
    """`model_path`, or `ModelMissing` saying how to make it."""
    model_path = Path(model_path)
    if not model_path.is_file():
        raise ModelMissing(
            f"recogniser model {model_path} not found; train it with `nainjaune train` "
            "(needs the train extra: pip install '.[train]'), or restore models/ from git")
    return model_path


class IndexClassifier:
    """Classify batches of canonical corner crops (BGR uint8, square) into a card code or "none"."""

    def __init__(self, model_path: Path = DEFAULT_MODEL, threads: int = 2) -> None:
        import onnxruntime as ort

        model_path = require_model(model_path)
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        options.add_session_config_entry("session.inter_op.allow_spinning", "0")
        self.session = ort.InferenceSession(self._graph(model_path), options, providers=["CPUExecutionProvider"])
        node = self.session.get_inputs()[0]
        self.input_name = node.name
        meta = self.session.get_modelmeta().custom_metadata_map
        self.imgsz = int(ast.literal_eval(meta["imgsz"])[0])
        names = ast.literal_eval(meta["names"])
        self.names: list[str] = [names[i] for i in sorted(names)]
        self.none_index = self.names.index(NONE_CLASS)
        self.fixed_batch = node.shape[0] if isinstance(node.shape[0], int) else None

    def _graph(self, model_path: Path) -> str | bytes:
        """What the session is made from: the model file itself (a subclass may edit its graph first)."""
        return str(model_path)

    def probabilities(self, crops: np.ndarray) -> np.ndarray:
        """Class probabilities, shape (n, classes), for crops of shape (n, s, s, 3) BGR uint8."""
        if len(crops) == 0:
            return np.zeros((0, len(self.names)), np.float32)
        step = 1 if self.fixed_batch else CHUNK
        return np.concatenate([self._run(self._tensor(crops[i:i + step])) for i in range(0, len(crops), step)])

    @staticmethod
    def _tensor(crops: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(crops[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255.0

    def _run(self, batch: np.ndarray) -> np.ndarray:
        return self.session.run(None, {self.input_name: batch})[0]


@lru_cache(maxsize=4)
def load_classifier(model_path: Path = DEFAULT_MODEL) -> IndexClassifier:
    """The shared classifier for `model_path` (the session is created on first use only)."""
    return IndexClassifier(Path(model_path))
