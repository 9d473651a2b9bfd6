"""The shipped classifier with its penultimate layer as a second output: the features a deck is matched in.

The graph is edited when the session is first made (the `onnx` package, no torch), so no second model file ships
and the features always come from the weights that also give the probabilities. The edited graph is kept in the
data directory, named by the model's checksum: later starts neither import `onnx` nor hold two graphs in memory.
"""

from __future__ import annotations

import zlib
from functools import lru_cache
from pathlib import Path

import numpy as np

from vision.recognise.classifier import CHUNK, DEFAULT_MODEL, IndexClassifier

FEATURE_OP = "Flatten"  # the pooled backbone features that feed the final linear layer


def _with_features(model_path: Path) -> bytes:
    """The model's bytes with the input of its last linear layer added as its second output."""
    import onnx

    model = onnx.load(str(model_path))
    graph = model.graph
    flat = [n for n in graph.node if n.op_type == FEATURE_OP]
    if not flat:
        raise ValueError(f"{model_path}: no {FEATURE_OP} node to take features from")
    name = flat[-1].output[0]
    if name not in {o.name for o in graph.output}:
        graph.output.append(onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, None))
    return model.SerializeToString()


def feature_graph(model_path: Path, cache: Path | None = None) -> str | bytes:
    """What a `FeatureClassifier` session is made from: the edited model's file in `cache` (made there the first
    time), or its bytes when there is no cache or it cannot be written."""
    if cache is None:
        return _with_features(model_path)
    # Named by a checksum of the model (zlib's: hashlib's OpenSSL would take more memory than the cache saves).
    path = Path(cache) / f"features-{zlib.crc32(Path(model_path).read_bytes()):08x}.onnx"
    if path.is_file():
        return str(path)
    data = _with_features(model_path)
    partial = path.with_suffix(".partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(data)
        partial.replace(path)
    except OSError:
        return data
    return str(path)


class FeatureClassifier(IndexClassifier):
    """`IndexClassifier` whose every run also keeps the crops' L2-normalised features (`features`)."""

    def __init__(self, model_path: Path = DEFAULT_MODEL, threads: int = 2, cache: Path | None = None) -> None:
        self._cache = cache
        super().__init__(model_path, threads)
        self.output_name, self.feature_name = (o.name for o in self.session.get_outputs()[:2])

    def _graph(self, model_path: Path) -> str | bytes:
        """The model with its features as a second output (`feature_graph`): one session, not the shipped one
        besides."""
        return feature_graph(model_path, self._cache)

    def probabilities_and_features(self, crops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Class probabilities (n, classes) and unit feature vectors (n, dims) of BGR uint8 crops (n, s, s, 3)."""
        if len(crops) == 0:
            return np.zeros((0, len(self.names)), np.float32), np.zeros((0, 0), np.float32)
        probs, feats = [], []
        step = 1 if self.fixed_batch else CHUNK
        for i in range(0, len(crops), step):
            p, f = self.session.run([self.output_name, self.feature_name],
                                    {self.input_name: self._tensor(crops[i:i + step])})
            probs.append(p)
            feats.append(f)
        features = np.concatenate(feats).astype(np.float32)
        return np.concatenate(probs), features / np.maximum(np.linalg.norm(features, axis=1, keepdims=True), 1e-9)


@lru_cache(maxsize=2)
def load_feature_classifier(model_path: Path = DEFAULT_MODEL, cache: Path | None = None) -> FeatureClassifier:
    """The shared `FeatureClassifier` of `model_path`, its edited graph kept in `cache` (see `feature_graph`)."""
    return FeatureClassifier(Path(model_path), cache=cache)
