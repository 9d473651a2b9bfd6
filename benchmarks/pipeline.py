"""Live pipeline benchmark on simulated deals: prints the issue's figures.

    .venv/bin/python benchmarks/pipeline.py [--deals 6] [--designs held-out] [--recogniser onnx|reference]
    .venv/bin/python benchmarks/pipeline.py --footage DIR     # footage filmed by another simulator
    .venv/bin/python benchmarks/pipeline.py --widened         # tables drawn at random from each seed
    .venv/bin/python benchmarks/pipeline.py ... --decks DIR   # each deal read with its design's enrolled deck

With `--footage DIR`, the deals of a footage folder (`NAME.mp4` beside `NAME.json`, read by
`vision.tablesim.footage`) are read with the calibration each deal carries, and scored the same way, per deal
and in total: footage nothing here was made or tuned with, a check that the pipeline holds on another table.

Each deal is played by the simulator (seeded, Lindor rules, 3 to 5 players), filmed at 1280x720 30 fps into
an mp4, and read back by `vision.watch.observe` from the FILE (decoding included). Prints: plays read with the
right card, plays attributed to the right player without asking, sweeps and missed calls caught, hands read at
the showdown, deals settled exactly right, frames per second, latency from the frame where a card settles to
its card_played event, and the peak memory of a separate `watch` process (with the modules it imported).

`--decks DIR` reads each simulated deal with the deck enrolled for its design in the data directory DIR
(`benchmarks/enrolment.py --decks DIR` enrols them from one pass each): what a family that enrolled its deck
gets. The memory figure is still that of a `watch` without a deck.

`--option NAME=VALUE` plays the house rules a family would choose at set-up: the simulator's players stop only
when unable (`--option stop_at_will=false`), as [FR] plays; the footage's players stop at will (the default).

`--recogniser reference` names cards with a matcher that knows the filmed design (it isolates the rest of the
pipeline); `onnx` (default when the model exists) is the shipped recogniser, which never saw held-out designs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nainjaune.errors import CliError  # noqa: E402
from nainjaune.options import rule_options  # noqa: E402
from nainjaune.threads import single_threaded_blas  # noqa: E402

single_threaded_blas()

from tqdm import tqdm  # noqa: E402

from vision.calibration import VIEW_SCALE, Calibration, parse_calibration  # noqa: E402
from vision.tablesim.faces import default_designs  # noqa: E402
from vision.tablesim.footage import FootageError, read_folder  # noqa: E402
from vision.tablesim.oracle import TemplateHandReader, TemplateIdentifier  # noqa: E402
from vision.tablesim.record import filmed_truth, record_deal  # noqa: E402
from vision.tablesim.scene import CARD_H, SceneConfig, TruthEvent  # noqa: E402
from vision.tablesim.script import DealScript, deal_script  # noqa: E402
from vision.tablesim.truth import Score, score_deal  # noqa: E402
from vision.watch import WatchConfig, observe, recogniser_model  # noqa: E402

NAMES = ("Anne", "Bruno", "Chloé", "Denis", "Emma")

_CHILD = """
import json, sys
from vision.watch import observe
from vision.tablesim.oracle import TemplateIdentifier, TemplateHandReader
stem, mode, card_h, model = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
footage = mode == 'footage'
doc = json.load(open(stem + ('.json' if footage else '.script.json')))
kw = {}
if mode == 'reference':
    kw = dict(identify=TemplateIdentifier(doc['design']), identify_image=TemplateHandReader(doc['design'], card_h))
elif model:
    kw = dict(model=model)
if footage or doc.get('mat', True) is False:
    from vision.calibration import parse_calibration
    calib = doc['calibration'] if footage else json.load(open(stem + '.calib.json'))
    kw['calibration'] = parse_calibration(calib, doc['players'])
n = sum(1 for _ in observe(stem + '.mp4', players=doc['players'], dealer=doc['dealer'], **kw))
heavy = sorted(m for m in ('torch', 'ultralytics', 'torchvision') if m in sys.modules)
print(json.dumps({'events': n, 'heavy': heavy}))
"""


def _model_path(given: Path | None) -> Path | None:
    if given is not None:
        return given if given.is_file() else None
    return recogniser_model()


def _peak_memory_run(stem: Path, mode: str, card_h: int, model: Path | None) -> tuple[dict | None, str]:
    """Run the pipeline on one filmed deal in a fresh process and sample its resident memory.

    (ru_maxrss of a child started from this big process would count the pages it shared before exec.)
    """
    import psutil

    proc = psutil.Popen([sys.executable, "-c", _CHILD, str(stem), mode, str(card_h), str(model or "")],
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                        cwd=Path(__file__).resolve().parents[1])
    peak = 0
    while proc.poll() is None:
        try:
            peak = max(peak, proc.memory_info().rss)
        except psutil.NoSuchProcess:
            break
        time.sleep(0.02)
    out, err = proc.communicate()
    if proc.returncode != 0:
        return None, err
    result = json.loads(out.strip().splitlines()[-1])
    result["peak_mb"] = peak / 2**20  # sampled every 20 ms
    return result, err


def _identifiers(mode: str, design: str, card_h: int, model: Path | None, decks: DeckReaders | None = None
                 ) -> dict:
    if mode == "reference":
        return dict(identify=TemplateIdentifier(design), identify_image=TemplateHandReader(design, card_h))
    if decks is not None:
        return dict(decks(design), model=model)
    return dict(model=model)


class DeckReaders:
    """`observe`'s readers with the deck enrolled for a design in a data directory, each deck loaded once."""

    def __init__(self, data: Path, model: Path) -> None:
        from vision.deck.store import DeckStore

        self.store = DeckStore(data)
        self.model = model
        self.known = {d.name for d in self.store.decks()}
        self._readers: dict[str, dict] = {}

    def missing(self, designs: list[str]) -> list[str]:
        return [d for d in designs if d not in self.known]

    def __call__(self, design: str) -> dict:
        if design not in self._readers:
            from vision.deck.readers import deck_readers
            from vision.deck.store import load_deck_classifier

            classifier = load_deck_classifier(self.store, design, self.model)
            self._readers[design] = deck_readers(classifier)
        return self._readers[design]


@dataclass
class Deal:
    """One deal to read: its video, what happened, and how to read it."""

    label: str
    video: Path
    script: DealScript
    truth: list[TruthEvent]
    fps: float
    calibration: Calibration | None
    """None: the mat's markers."""
    kw: dict
    chips: int = 100


def _simulated(args: argparse.Namespace, designs: list[str], mode: str, card_h: int, model: Path | None,
               folder: Path, decks: DeckReaders | None = None) -> Iterator[Deal]:
    """Deals played by the simulator and filmed now (or read again from `--keep` with `--reuse`)."""
    for i, seed in _set_deals(args):
        players = NAMES[:3 + i % 3]
        design = designs[i % len(designs)]
        script = deal_script(players, players[i % len(players)], seed=seed)
        stem = folder / f"deal{seed}"
        scene_config = SceneConfig.widened(seed, design) if args.widened else SceneConfig(seed=seed, design=design)
        truth = filmed_truth(stem, script, scene_config) if args.reuse else None
        if truth is None:
            truth = record_deal(stem, script, scene_config, progress=False).truth
        calibration = None  # the mat's markers
        if scene_config.look is not None and not scene_config.look.mat:
            calib_json = json.loads(stem.with_suffix(".calib.json").read_text(encoding="utf-8"))
            calibration = parse_calibration(calib_json, players)
        yield Deal(f"deal {seed} ({design}, {len(players)} players)", stem.with_suffix(".mp4"), script, truth,
                   scene_config.fps, calibration, _identifiers(mode, design, card_h, model, decks))


def _footage(deals: list, model: Path | None) -> Iterator[Deal]:
    for d in deals:
        yield Deal(f"{d.name} ({len(d.script.players)} players)", d.video, d.script, d.truth, d.fps,
                   parse_calibration(d.calibration, d.script.players), dict(model=model), d.chips)


def _set_deals(args: argparse.Namespace) -> list[tuple[int, int]]:
    """(index in the set, seed) of each deal of the set to film or read: all of them, or those `--only` names."""
    return [(i, args.seed + i) for i in range(args.deals) if not args.only or args.seed + i in args.only]


def _seeds(text: str) -> frozenset[int]:
    """`--only`'s comma list of seeds."""
    try:
        return frozenset(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma list of seeds: {text!r}") from None


def _listed(seeds: frozenset[int]) -> str:
    """A few of `seeds`, in order, for a message."""
    ordered = sorted(seeds)
    return ", ".join(map(str, ordered[:4])) + (", ..." if len(ordered) > 4 else "")


def _figures(scores: list[Score]) -> list[str]:
    """The accuracy lines of a set of scored deals."""
    total = lambda attr: sum(getattr(s, attr) for s in scores)  # noqa: E731
    pct = lambda a, b: f"{100.0 * a / b:.1f} % ({a}/{b})" if b else "n/a (none in these deals)"  # noqa: E731
    return [
        f"plays with the right card:                {pct(total('cards_right'), total('plays'))}   target >= 99.5 %"
        f"  (after {total('renamed')} renamed by card_corrected)",
        f"plays attributed right without asking:    {pct(total('players_right'), total('plays'))}   target >= 98 %"
        f"  (asked: {total('players_asked')}, extra plays seen: {total('extra_plays')})",
        f"sweeps caught (right box and player):     {pct(total('sweeps_caught'), total('sweeps'))}   target all"
        f"  (told that were none: {total('extra_sweeps')})",
        f"missed calls caught:                      {pct(total('missed_caught'), total('missed_calls'))}   target all"
        f"  (false alarms: {total('false_missed')}; told, then withdrawn: {total('withdrawn_missed')})",
        f"deal end (winner, opera) right:           {pct(sum(s.deal_over_right for s in scores), len(scores))}",
        f"losers' hands read exactly:               {pct(total('hands_right'), total('hands'))}",
        f"deals settled exactly right:              {pct(sum(s.settled_right for s in scores), len(scores))}"
        "   target >= 95 %",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--footage", type=Path, help="read the deals of this footage folder instead of filming")
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--widened", action="store_true",
                        help="film tables drawn at random from each seed (board tray or mat, camera tilt, seats, "
                             "light)")
    parser.add_argument("--designs", default="held-out",
                        help="held-out (the recogniser's held-out designs), train, or a comma list of names")
    parser.add_argument("--recogniser", choices=("onnx", "reference"), default=None)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--only", type=_seeds, default=frozenset(),
                        help="comma list of seeds: film or read only these deals of the set (each keeps the design "
                             "and player count it has in the whole set)")
    parser.add_argument("--keep", type=Path, help="keep the filmed deals in this folder")
    parser.add_argument("--model", type=Path, help="ONNX recogniser to use instead of the installed one")
    parser.add_argument("--reuse", action="store_true",
                        help="with --keep: read again the deals filmed there before (same seeds) instead of filming "
                             "them anew; only the pipeline's figures change between two such runs")
    parser.add_argument("--decks", type=Path,
                        help="read each deal with the deck enrolled for its design in this data directory "
                             "(benchmarks/enrolment.py --decks)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a house rule the table plays, as `watch --option` takes it (repeatable): the simulator's "
                             "players stop only when unable (stop_at_will=false); the footage's stop at will")
    args = parser.parse_args(argv)
    try:
        options = rule_options("lindor", args.option)
    except CliError as exc:
        print(exc, file=sys.stderr)
        return 2

    if args.reuse and args.keep is None:
        print("--reuse reads the deals filmed in the --keep folder: name it", file=sys.stderr)
        return 2
    if args.footage is None:
        if args.deals < 1:
            print(f"no deal to film or read: --deals {args.deals}", file=sys.stderr)
            return 2
        outside = frozenset(s for s in args.only if not args.seed <= s < args.seed + args.deals)
        if outside:
            print(f"--only names seeds outside the set (seeds {args.seed} to {args.seed + args.deals - 1}): "
                  f"{_listed(outside)}", file=sys.stderr)
            return 2
    model = _model_path(args.model)
    mode = args.recogniser or ("onnx" if model else "reference")
    if mode == "onnx" and model is None:
        print("the ONNX recogniser model is missing: use --recogniser reference", file=sys.stderr)
        return 2
    card_h = int(CARD_H * VIEW_SCALE)
    if args.footage is not None:
        if mode != "onnx":
            print("--footage reads unknown deck art: it needs the ONNX recogniser", file=sys.stderr)
            return 2
        if args.decks is not None:
            print("--decks reads each deal with its design's deck: footage names no design", file=sys.stderr)
            return 2
        try:
            footage = read_folder(args.footage)
        except FootageError as exc:
            print(exc, file=sys.stderr)
            return 2
        deals, count = _footage(footage, model), len(footage)
        folder = args.keep or Path(tempfile.mkdtemp(prefix="nj-footage-"))
    else:
        if args.designs in ("held-out", "train"):
            designs = default_designs(held_out=args.designs == "held-out")
        else:
            designs = [d.strip() for d in args.designs.split(",") if d.strip()]
        decks = None
        if args.decks is not None:
            if mode != "onnx":
                print("--decks reads with the ONNX recogniser's features: not with --recogniser reference",
                      file=sys.stderr)
                return 2
            assert model is not None  # onnx mode
            decks = DeckReaders(args.decks, model)
            if decks.missing(designs):
                print(f"no deck enrolled in {args.decks} for: {', '.join(decks.missing(designs))} "
                      "(benchmarks/enrolment.py --decks DIR --designs ... --scenes 0 enrols them)", file=sys.stderr)
                return 2
        folder = args.keep or Path(tempfile.mkdtemp(prefix="nj-bench-"))
        deals = _simulated(args, designs, mode, card_h, model, folder, decks)
        count = len(_set_deals(args))
    folder.mkdir(parents=True, exist_ok=True)
    config = WatchConfig()
    scores: list[Score] = []
    labels: list[str] = []
    fps_list: list[float] = []
    proc_lat: list[float] = []
    realtime: list[float] = []
    """Per play: milliseconds from the first still frame to its card_played event, at the camera's pace."""
    videos: list[Path] = []
    for deal in tqdm(deals, total=count, desc="deals", unit="deal"):
        videos.append(deal.video)
        stats: dict = {}
        started = time.perf_counter()
        events = list(observe(str(deal.video), deal.calibration, players=deal.script.players,
                              dealer=deal.script.dealer, chips=deal.chips, options=options, config=config,
                              stats=stats, **deal.kw))
        elapsed = time.perf_counter() - started
        fps_list.append(stats["frames"] / elapsed)
        proc_lat += stats["latencies"]
        (folder / f"{deal.video.stem}.events.jsonl").write_text(
            "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
        score = score_deal(deal.script, deal.truth, events, deal.fps, deal.chips)
        # From the first frame of a still scene (the card lies, the hand has gone) to the card_played event, at
        # the camera's pace: the frames waited (gate, confirming reads) plus the work of the emitting frame.
        realtime += [(e["frame"] - e["still_since"]) / deal.fps * 1000 + e["step_s"] * 1000 for e in stats["emitted"]]
        scores.append(score)
        labels.append(deal.label)
        for problem in score.problems:
            tqdm.write(f"  {deal.label}: {problem}")

    mem_mode = "footage" if args.footage is not None else mode
    mem_stem = videos[0].with_suffix("")
    child_out, child_err = _peak_memory_run(mem_stem, mem_mode, card_h, model)

    if args.footage is not None:
        print(f"\nLive pipeline on {len(scores)} deals of footage {args.footage} (calibration from each deal's JSON)")
        print("per deal: card, player without asking, sweeps, missed calls (false alarms), deal end, hands, settled")
        for label, s in zip(labels, scores):
            print(f"  {label:28s} {s.cards_right}/{s.plays}  {s.players_right}/{s.plays}  "
                  f"{s.sweeps_caught}/{s.sweeps}  {s.missed_caught}/{s.missed_calls} ({s.false_missed}"
                  f"{f', {s.withdrawn_missed} withdrawn' if s.withdrawn_missed else ''})  "
                  f"{'right' if s.deal_over_right else 'WRONG'}  {s.hands_right}/{s.hands}  "
                  f"{'exact' if s.settled_right else 'NOT exact'}")
    else:
        kind = "widened " if args.widened else ""
        print(f"\nLive pipeline on {len(scores)} {kind}simulated deals ({', '.join(sorted(set(designs)))}; "
              f"3-5 players; 1280x720 mp4 read from file)")
    reader = (f"ONNX model {model}" if mode == "onnx"
              else "reference matcher of the filmed design (NOT the learned model)")
    if args.decks is not None:
        reader += f", each design's deck enrolled in {args.decks}"
    print(f"recogniser: {reader}")
    print("house rules: " + (", ".join(f"{k}={v}" for k, v in options.items()) or "the rule set's defaults"))
    for line in _figures(scores):
        print(line)
    print(f"throughput, file source incl. decoding:   {statistics.mean(fps_list):.0f} frames/s "
          f"(min {min(fps_list):.0f})   target >= 30")
    if realtime:
        print(f"settle frame -> card_played (camera pace): median {statistics.median(realtime):.0f} ms, "
              f"max {max(realtime):.0f} ms   target <= 300 ms  (processing alone: median "
              f"{statistics.median(proc_lat) * 1000:.1f} ms)")
    if child_out:
        print(f"peak memory of a watch process:           {child_out['peak_mb']:.0f} MB   target <= 600 MB"
              f"  (torch/ultralytics imported: {', '.join(child_out['heavy']) or 'no'})")
    else:
        print(f"peak memory: child run failed: {child_err.strip()[-300:]}")
    print(f"events{'' if args.footage is not None else ', filmed deals'} in {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
