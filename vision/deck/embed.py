"""The shipped classifier with its penultimate layer as a second output: the features a deck is matched in.

The graph is edited in memory when the session is made (the `onnx` package, no torch), so no second model file
ships and the features always come from the weights that also give the probabilities.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from vision.recognise.classifier import CHUNK, DEFAULT_MODEL, IndexClassifier

FEATURE_OP = "Flatten"  # the pooled backbone features that feed the final linear layer


def _with_features(model_path: Path) -> tuple[bytes, str]:
    """The model's bytes with the input of its last linear layer added as an output, and that output's name."""
    import onnx

    model = onnx.load(str(model_path))
    graph = model.graph
    flat = [n for n in graph.node if n.op_type == FEATURE_OP]
    if not flat:
        raise ValueError(f"{model_path}: no {FEATURE_OP} node to take features from")
    name = flat[-1].output[0]
    if name not in {o.name for o in graph.output}:
        graph.output.append(onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, None))
    return model.SerializeToString(), name


class FeatureClassifier(IndexClassifier):
    """`IndexClassifier` whose every run also keeps the crops' L2-normalised features (`features`)."""

    def __init__(self, model_path: Path = DEFAULT_MODEL, threads: int = 2) -> None:
        super().__init__(model_path, threads)
        import onnxruntime as ort

        self.output_name = self.session.get_outputs()[0].name
        data, self.feature_name = _with_features(Path(model_path))
        self.session = ort.InferenceSession(data, self.session.get_session_options(),
                                            providers=["CPUExecutionProvider"])

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
def load_feature_classifier(model_path: Path = DEFAULT_MODEL) -> FeatureClassifier:
    return FeatureClassifier(Path(model_path))
