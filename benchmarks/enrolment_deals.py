"""Live deals of an enrolled design, read without and with its deck: `benchmarks/enrolment.py --deals N`.

Each deal is played and filmed by `tablesim` as `benchmarks/pipeline.py` films it without `--widened` (the
printed mat, 3 to 5 players, 1280x720 at 30 fps into an mp4), then read from the file by `vision.watch.observe`
twice: with the shipped recogniser, and with the deck's readers (`vision.deck.readers`, as `watch --deck` reads).
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vision.tablesim.record import record_deal
from vision.tablesim.scene import SceneConfig, TruthEvent
from vision.tablesim.script import DealScript, deal_script
from vision.tablesim.truth import Score, score_deal
from vision.watch import WatchConfig, observe

NAMES = ("Anne", "Bruno", "Chloé", "Denis", "Emma")


@dataclass
class FilmedDeal:
    """One filmed deal: its video and what happened in it."""

    seed: int
    video: Path
    script: DealScript
    truth: list[TruthEvent]
    fps: float


@dataclass
class Reading:
    """A deal's score and how fast it was read."""

    score: Score
    frames_per_s: float


def film_deals(design: str, count: int, seed: int, folder: Path) -> list[FilmedDeal]:
    """`count` deals of `design` seeded `seed`, `seed + 1`, ..., players and dealer varied as pipeline.py does."""
    deals = []
    for i in range(count):
        players = NAMES[:3 + i % 3]
        script = deal_script(players, players[i % len(players)], seed=seed + i)
        config = SceneConfig(seed=seed + i, design=design)
        stem = folder / f"deal{seed + i}"
        truth = record_deal(stem, script, config, progress=False).truth
        deals.append(FilmedDeal(seed + i, stem.with_suffix(".mp4"), script, truth, config.fps))
    return deals


def read_deal(deal: FilmedDeal, readers: dict[str, Any]) -> Reading:
    """The deal read from its video by the live pipeline with `readers` (none: the shipped recogniser)."""
    stats: dict[str, Any] = {}
    start = time.perf_counter()
    events = list(observe(str(deal.video), None, players=deal.script.players, dealer=deal.script.dealer,
                          config=WatchConfig(), stats=stats, **readers))
    seconds = time.perf_counter() - start
    return Reading(score_deal(deal.script, deal.truth, events, deal.fps), stats["frames"] / seconds)


def deal_figures(readings: list[Reading]) -> str:
    """Right card, right player, losers' hands exact and deals settled exactly, over `readings`."""
    scores = [r.score for r in readings]

    def pct(a: int, b: int) -> str:
        return f"{a}/{b} ({a / b:.1%})" if b else "n/a"

    plays = sum(s.plays for s in scores)
    fps = sum(r.frames_per_s for r in readings) / max(len(readings), 1)
    return (f"right card {pct(sum(s.cards_right for s in scores), plays)}, right player "
            f"{pct(sum(s.players_right for s in scores), plays)}, losers' hands exact "
            f"{pct(sum(s.hands_right for s in scores), sum(s.hands for s in scores))}, settled exactly "
            f"{pct(sum(s.settled_right for s in scores), len(scores))}; {fps:.0f} frames/s")


def bench_deals(design: str, readers: dict[str, Any], count: int, seed: int) -> tuple[list[Reading], list[Reading]]:
    """Film `count` deals of `design` and read each without and with the deck's `readers`; prints per design."""
    with tempfile.TemporaryDirectory(prefix="nj-enrol-deals-") as folder:
        deals = film_deals(design, count, seed, Path(folder))
        generic = [read_deal(d, {}) for d in deals]
        deck = [read_deal(d, readers) for d in deals]
    print(f"deals {seed}-{seed + count - 1} without deck: {deal_figures(generic)}")
    print(f"deals {seed}-{seed + count - 1} with deck:    {deal_figures(deck)}")
    for deal, reading in zip(deals, deck):
        for problem in reading.score.problems[:6]:
            print(f"  with deck, deal {deal.seed}: {problem}")
    return generic, deck
