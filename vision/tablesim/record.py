"""Write a filmed deal to disk: the video, its calib.json, the expected events and the deal script.

    python -m vision.tablesim.record OUT_DIR/NAME [--seed 7] [--design NAME] [--players Anne,Bruno,Chloé] [--widened]

gives NAME.mp4, NAME.calib.json (zones in image pixels, as a user would tap them), NAME.truth.jsonl (the
observation events a perfect pipeline would write, with their times) and NAME.script.json (the deal itself).
`--widened` films a table whose every dimension is drawn from the seed (`SceneConfig.widened`); when it has no
printed mat, NAME.calib.json is the only calibration (script.json says `"mat": false`).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

import cv2
from tqdm import tqdm

from vision.tablesim.faces import default_designs
from vision.tablesim.scene import SceneConfig, TableScene, TruthEvent
from vision.tablesim.script import DealScript, deal_script
from vision.tablesim.truth import expected_missed_calls, expected_settlement
from vision.tablesim.wide import WideScene


def truth_events(scene: TableScene, chips: int = 100) -> list[dict]:
    """Ground truth in the events.jsonl format, in time order, with the missed calls and the settlement."""
    fps = scene.config.fps
    events = [{"t": round(t.frame / fps, 3), **t.event} for t in scene.truth]
    plays = [e for e in events if e["type"] == "card_played"]
    for card, player in expected_missed_calls(scene.script):
        laid = next(i for i, e in enumerate(plays) if e["card"] == card)
        t = plays[laid + 1]["t"] if laid + 1 < len(plays) else events[-1]["t"]
        events.append({"t": t, "type": "call_missed", "card": card, "player": player})
    events.sort(key=lambda e: e["t"])
    events.append({"t": events[-1]["t"], "type": "settlement", **expected_settlement(scene.script, chips)})
    return events


def record_deal(stem: Path, script: DealScript, config: SceneConfig, progress: bool = True) -> TableScene:
    stem.parent.mkdir(parents=True, exist_ok=True)
    scene = (TableScene if config.look is None else WideScene)(script, config)
    writer = cv2.VideoWriter(str(stem.with_suffix(".mp4")), cv2.VideoWriter_fourcc(*"mp4v"), config.fps, config.size)
    if not writer.isOpened():
        raise OSError(f"cannot write video {stem.with_suffix('.mp4')}")
    try:
        for frame in tqdm(scene.frames(), desc="filming", unit="frame", disable=not progress, mininterval=2.0):
            writer.write(frame)
    finally:
        writer.release()
    stem.with_suffix(".calib.json").write_text(json.dumps(scene.calibration_json(), indent=1) + "\n", encoding="utf-8")
    with stem.with_suffix(".truth.jsonl").open("w", encoding="utf-8") as out:
        for event in truth_events(scene):
            out.write(json.dumps(event, ensure_ascii=False) + "\n")
    doc = {"players": list(script.players), "dealer": script.dealer, "winner": script.winner, "opera": script.opera,
           "hands": {p: list(h) for p, h in script.hands.items()}, "talon": list(script.talon),
           "actions": [{k: v for k, v in asdict(a).items() if v not in (None, ())} for a in script.actions],
           "design": config.design, "seed": config.seed, "fps": config.fps, "size": list(config.size)}
    if config.look is not None:
        doc.update(widened=True, mat=config.look.mat)
    stem.with_suffix(".script.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return scene


def filmed_truth(stem: Path, script: DealScript, config: SceneConfig) -> list[TruthEvent] | None:
    """The truth of a deal `record_deal` filmed to `stem` before, as `TableScene.truth` gives it, or None when no
    deal of this script, design and seed was filmed there (re-reading a filmed deal saves filming it again)."""
    paths = [stem.with_suffix(ext) for ext in (".mp4", ".truth.jsonl", ".script.json", ".calib.json")]
    if not all(p.is_file() for p in paths):
        return None
    doc = json.loads(paths[2].read_text(encoding="utf-8"))
    if (doc.get("design"), doc.get("seed"), doc.get("players"), doc.get("dealer"), doc.get("widened", False)) != (
            config.design, config.seed, list(script.players), script.dealer, config.look is not None):
        return None
    truth = []
    for line in paths[1].read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event["type"] in ("call_missed", "settlement"):  # added by truth_events, not seen by the scene
            continue
        t = event.pop("t")
        truth.append(TruthEvent(round(t * doc["fps"]), event))
    return truth


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="film a simulated deal of Nain Jaune")
    parser.add_argument("stem", type=Path, help="output path without extension, e.g. demo/demo_deal")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--design", default=None, help="deck design (default: the first training design); "
                        "NAME:french, NAME:styleN or NAME:styleN:LETTERS redraw its indices (vision.tablesim.faces)")
    parser.add_argument("--players", default="Anne,Bruno,Chloé")
    parser.add_argument("--dealer", default=None)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=720)
    parser.add_argument("--fps", type=float, default=30.0)
    parser.add_argument("--noise", type=float, default=2.0, help="sensor noise (grey levels); less makes smaller files")
    parser.add_argument("--widened", action="store_true",
                        help="draw the table from the seed: board tray or mat, chips, camera tilt, seats, arms, light")
    args = parser.parse_args(argv)
    players = tuple(p.strip() for p in args.players.split(","))
    design = args.design or default_designs()[0]
    script = deal_script(players, args.dealer or players[0], seed=args.seed)
    scale = args.width / 1280
    pace = args.fps / 30.0  # the same gestures in seconds, whatever the frame rate
    if args.widened:
        config = SceneConfig.widened(args.seed, design, size=(args.width, args.height), fps=args.fps)
    else:
        config = SceneConfig(size=(args.width, args.height), fps=args.fps, design=design, seed=args.seed,
                             mat_px=560.0 * scale, render_scale=600.0 * scale, noise=args.noise,
                             frames_in=max(4, round(10 * pace)), frames_hold=max(2, round(3 * pace)),
                             frames_out=max(4, round(8 * pace)), frames_still=max(9, round(14 * pace)))
    record_deal(args.stem, script, config)
    print(f"wrote {args.stem}.mp4 ({design}, {len(script.plays)} plays, winner {script.winner})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
