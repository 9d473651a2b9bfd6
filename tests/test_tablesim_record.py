"""A filmed deal on disk gives back the truth the simulator had while filming it (so a benchmark can read it again)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vision.tablesim.record import filmed_truth, record_deal
from vision.tablesim.scene import SceneConfig
from vision.tablesim.script import deal_script

QUICK = dict(size=(320, 180), mat_px=140.0, render_scale=150.0, frames_in=3, frames_hold=1, frames_out=3,
             frames_still=4)


def test_a_filmed_deal_gives_back_its_truth_and_only_for_the_same_deal(tmp_path: Path) -> None:
    script = deal_script(("Anne", "Bruno", "Chloé"), "Anne", seed=5)
    config = SceneConfig(seed=5, **QUICK)
    stem = tmp_path / "deal5"
    scene = record_deal(stem, script, config, progress=False)
    truth = filmed_truth(stem, script, config)
    assert truth == scene.truth and any(t.event["type"] == "box_swept" for t in truth)
    assert filmed_truth(stem, script, replace(config, seed=6)) is None
    assert filmed_truth(stem, script, replace(config, design="other")) is None
    assert filmed_truth(stem, deal_script(("Anne", "Bruno", "Chloé"), "Bruno", seed=5), config) is None
    stem.with_suffix(".mp4").unlink()
    assert filmed_truth(stem, script, config) is None
