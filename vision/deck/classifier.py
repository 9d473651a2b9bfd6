"""Read corner crops with a head learnt on a deck's own crops, over the shipped network's frozen features.

Adaptation is a softmax regression on the penultimate features of the deck's stored crops, plus each crop's
index ink (numpy, seconds on a CPU, no torch); at play time one onnxruntime run gives both the shipped
probabilities and the features. Chosen over nearest prototypes in the same features, which read fewer cards
surely at a lower precision (models/MODEL_CARD.md, "Enrolled decks"). Drop-in for `IndexClassifier` (same
`names`, `none_index`, `imgsz`, `probabilities`), so the whole recogniser reads with a deck unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.cielab import chroma_of, gained_linear, lightness_of
from vision.deck.cards import pack
from vision.deck.embed import load_feature_classifier
from vision.inks import INDEX_REGION, INK_CONTRAST, MIN_INK_SHARE
from vision.recognise.classifier import CHUNK, DEFAULT_MODEL
from vision.recognise.crops import REGION_X, REGION_Y

SHARPNESS = 10.0  # features are unit vectors: logits need this gain to reach sure probabilities
STEPS = 300
LEARNING_RATE = 2.0
WEIGHT_DECAY = 1e-4
COLOUR_SCALE = 0.5 / 60.0  # ink chroma (a*, b*, up to about 60) as two features as weighty as the shape's strongest
GENERIC_NONE = 0.0  # from here the shipped model's "none" (table, chips, pictures no deck crop shows) overrules:
# at 0 (the likelier "none" of the two) precision held on all six held-out designs, at 0.5 it fell on four
SURE_NONE = 0.995  # the shipped model this sure of "none" is not asked further (most corners; the ink costs)
INK_STRIDE = 2  # the ink is a mean over the index's pixels: every other pixel each way, an even quarter of them,
# gives the same mean at a quarter of the cost (within 3 a*, b* units on 95 % of three decks' crops; two colours
# lie 19 or more apart)
HEAD_VERSION = "features+ink/3"  # what a cached head was fitted on
MAX_MISSED = 4  # a deck lacking at most this many cards of its pack is a whole pack whose pass missed them


@dataclass(frozen=True)
class Head:
    """A linear layer over unit features: weights (dims, classes), bias (classes), which classes the deck has."""

    weights: np.ndarray
    bias: np.ndarray
    present: np.ndarray

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        logits = SHARPNESS * features @ self.weights + self.bias
        logits[:, ~self.present] = -np.inf
        logits -= logits.max(axis=1, keepdims=True)
        out = np.exp(logits)
        return out / out.sum(axis=1, keepdims=True)


def train_head(features: np.ndarray, classes: np.ndarray, count: int) -> Head:
    """Softmax regression by full-batch gradient descent: a few thousand crops, a few seconds."""
    features = np.asarray(features, np.float32)
    target = np.eye(count, dtype=np.float32)[classes]
    present = np.zeros(count, bool)
    present[np.unique(classes)] = True
    head = Head(np.zeros((features.shape[1], count), np.float32), np.zeros(count, np.float32), present)
    for _ in range(STEPS):
        grad = (head.probabilities(features) - target) / len(features)
        head.weights[...] -= LEARNING_RATE * (SHARPNESS * features.T @ grad + WEIGHT_DECAY * head.weights)
        head.bias[...] -= LEARNING_RATE * grad.sum(axis=0)
    return head


def index_inks(crops: np.ndarray) -> np.ndarray:
    """(a*, b*) of each corner crop's index ink, (0, 0) where too little ink shows: `vision.inks.corner_ink` for a
    whole batch at once (per crop it would cost nearly as much as the network): the ink mask from L* alone, a* and
    b* of the ink's pixels only, summed per crop."""
    height, width = crops.shape[1:3]
    (rx0, rx1), (ry0, ry1) = REGION_X, REGION_Y
    (x0, x1), (y0, y1) = INDEX_REGION
    cols = slice(int((x0 - rx0) / (rx1 - rx0) * width), int((x1 - rx0) / (rx1 - rx0) * width))
    rows = slice(int((y0 - ry0) / (ry1 - ry0) * height), int((y1 - ry0) / (ry1 - ry0) * height))
    pixels = np.ascontiguousarray(crops[:, rows, cols][:, ::INK_STRIDE, ::INK_STRIDE]).reshape(len(crops), -1, 3)
    values = pixels.astype(np.float32)
    light = values @ np.ones(3, np.float32)  # sums of three bytes, exact: ranked as their means are
    bright = (light >= _row_quantile(light, 0.8)).astype(np.float32)
    paper = np.matmul(bright[:, None, :], values)[:, 0] / np.maximum(bright.sum(axis=1), 1)[:, None]
    gain = paper.mean(axis=1, keepdims=True) / np.maximum(paper, 1.0) / 255.0
    linear = gained_linear(pixels, gain)
    lightness, fy = lightness_of(linear)
    ink = lightness <= _row_quantile(lightness, 0.8) - INK_CONTRAST
    count = ink.sum(axis=1)
    running = np.concatenate([np.zeros((1, 2)), np.cumsum(chroma_of(linear[ink], fy[ink]), axis=0, dtype=np.float64)])
    ends = np.cumsum(count)
    chroma = (running[ends] - running[ends - count]) / np.maximum(count, 1)[:, None]
    return np.where((count >= MIN_INK_SHARE * pixels.shape[1])[:, None], chroma, 0.0).astype(np.float32)


def _row_quantile(values: np.ndarray, q: float) -> np.ndarray:
    """Each row's `q` quantile as a column, the nearest rank's value: one partition, no interpolation between two
    ranks (hundreds of pixels a row: neighbouring ranks differ by a fraction of a unit)."""
    k = round(q * (values.shape[1] - 1))
    return np.partition(values, k, axis=1)[:, k:k + 1]


def with_ink(crops: np.ndarray, features: np.ndarray) -> np.ndarray:
    """The shape features with each crop's index ink appended: the shipped network was trained to tell suits by
    shape whatever their colour, and a deck's own colours (four-colour decks) are what the deck can add."""
    return np.concatenate([features, COLOUR_SCALE * index_inks(crops)], axis=1)


class DeckClassifier:
    """Class probabilities of crops from a deck's head, with the shipped model's "none" where it is the likelier
    answer: the deck's crops never showed the table, chips or pictures that the shipped model knows."""

    def __init__(self, head: Head, model_path: Path = DEFAULT_MODEL, cache: Path | None = None) -> None:
        self.base = load_feature_classifier(Path(model_path), cache)
        self.names, self.none_index, self.imgsz = self.base.names, self.base.none_index, self.base.imgsz
        self.head = head
        self.missed = missed_cards(self.names, head.present)

    def probabilities(self, crops: np.ndarray) -> np.ndarray:
        if len(crops) <= CHUNK:
            return self._chunk_probabilities(crops)
        # Chunk by chunk: an image's thousands of corners would otherwise hold all their features at once.
        return np.concatenate([self._chunk_probabilities(crops[i:i + CHUNK]) for i in range(0, len(crops), CHUNK)])

    def _chunk_probabilities(self, crops: np.ndarray) -> np.ndarray:
        generic, features = self.base.probabilities_and_features(crops)
        out = generic.astype(np.float32)
        generic_none = generic[:, self.none_index]
        asked = generic_none < max(GENERIC_NONE, SURE_NONE)
        if not asked.any():
            return out
        deck = self.head.probabilities(with_ink(crops[asked], features[asked]))
        head_none, generic_none = deck[:, self.none_index], generic_none[asked]
        none = np.where(generic_none >= GENERIC_NONE, np.maximum(generic_none, head_none), head_none)
        deck *= ((1.0 - none) / np.maximum(1.0 - head_none, 1e-9))[:, None]
        deck[:, self.none_index] = none
        out[asked] = missed_from(generic[asked], deck, self.missed)
        return out


def missed_cards(names: Sequence[str], present: np.ndarray) -> np.ndarray:
    """Which classes are cards of the deck's pack (52 cards when it holds a 2 to 6, else 32) that it holds no crop
    of, when they are few (`MAX_MISSED`: cards the pass missed); none for a deck taught only some cards."""
    held = {name for name, known in zip(names, present) if known}
    size = 52 if held & (set(pack(52)) - set(pack(32))) else 32
    lacking = [i for i, name in enumerate(names) if name in pack(size) and not present[i]]
    out = np.zeros(len(names), bool)
    if len(lacking) <= MAX_MISSED:
        out[lacking] = True
    return out


def missed_from(generic: np.ndarray, deck: np.ndarray, missed: np.ndarray) -> np.ndarray:
    """`deck`'s probabilities with each `missed` card as likely as the shipped model finds it, the rest scaled to
    make room: a card the pass missed reads as without a deck, where the head alone could never name it."""
    if not missed.any():
        return deck
    out = deck * (1.0 - generic[:, missed].sum(axis=1, keepdims=True))
    out[:, missed] = generic[:, missed]
    return out


def learn_head(labels: list[str], crops: np.ndarray, model_path: Path = DEFAULT_MODEL, cache: Path | None = None
               ) -> Head:
    """The head for labelled crops (BGR uint8, (n, s, s, 3)); labels are card codes or "none"; `cache`: where the
    network's edited graph is kept (`vision.deck.embed.feature_graph`)."""
    base = load_feature_classifier(Path(model_path), cache)
    _, features = base.probabilities_and_features(crops)
    classes = np.array([base.names.index(label) for label in labels])
    return train_head(with_ink(crops, features), classes, len(base.names))
