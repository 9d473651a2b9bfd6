"""`nainjaune synth`: generate labelled synthetic table scenes from the installed deck art."""

from __future__ import annotations

import argparse
import re
from types import ModuleType

from nainjaune.errors import CliError

SPLITS = ("train", "heldout")


def parse_size(text: str) -> tuple[int, int]:
    """"1280x720" → (1280, 720); CliError for anything else."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match:
        raise CliError(f"--size {text!r}: expected WIDTHxHEIGHT, e.g. 1280x720")
    width, height = int(match.group(1)), int(match.group(2))
    if not (64 <= width <= 8192 and 64 <= height <= 8192):
        raise CliError(f"--size {text!r}: width and height must be between 64 and 8192 px")
    return width, height


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default="data/synth", help="output folder (default: data/synth)")
    parser.add_argument("--count", type=int, default=500, help="number of scenes (default: 500)")
    parser.add_argument("--seed", type=int, default=0, help="dataset seed; same seed, same files (default: 0)")
    parser.add_argument("--split", choices=SPLITS, default="train",
                        help="deck designs to draw from: training designs or the held-out ones (default: train)")
    parser.add_argument("--size", default="1280x720", help="image size WIDTHxHEIGHT (default: 1280x720)")
    parser.add_argument("--french-indices", type=float, default=0.2, metavar="SHARE",
                        help="share of scenes whose J/Q/K read V/D/R, 0 to 1 (default: 0.2)")
    parser.add_argument("--restyle-indices", type=float, default=0.0, metavar="SHARE",
                        help="share of scenes whose corner indices are repainted in another typeface and suit "
                             "shape, 0 to 1: more index styles than the installed decks have (default: 0)")
    parser.add_argument("--foreign-letters", type=float, default=0.0, metavar="SHARE",
                        help="share of the restyled scenes (not French) whose ranks are drawn in German (B/D), "
                             "Russian (Т/В/Д/К) or Swedish (E/Kn/D) letters, 0 to 1 (default: 0)")
    parser.add_argument("--kinds", default=None,
                        help="comma-separated scene kinds: single,pile,fan,row,mixed (default: all)")
    parser.add_argument("--designs", default=None,
                        help="comma-separated design names to use instead of the --split designs")
    parser.add_argument("--list-designs", action="store_true",
                        help="list installed designs (used, held out or skipped with the reason) and exit")


def _check_renderer(decks: ModuleType, sources: list) -> None:
    """cairosvg is only needed while one of these designs' faces is not rendered into the cache yet."""
    import importlib.util

    if all(decks.is_cached(s) for s in sources):
        return
    if importlib.util.find_spec("cairosvg") is None:
        raise CliError("cairosvg is needed to render the deck art the first time: pip install -e '.[train]'")


def _chosen_designs(decks: ModuleType, names: list[str]) -> list[str]:
    """Screen only the named designs; CliError for unknown or unusable ones."""
    sources = {s.name: s for s in decks.discover_sources()}
    unknown = [n for n in names if n not in sources]
    if unknown:
        raise CliError(f"--designs: unknown design(s) {', '.join(unknown)}; installed: {', '.join(sources)}")
    for name in names:
        status = decks.screen_source(sources[name])
        if not status.usable:
            raise CliError(f"--designs: {name} is not usable: {status.reason}")
    return names


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    size = parse_size(args.size)
    if args.count < 1:
        raise CliError("--count must be at least 1")
    if not 0.0 <= args.french_indices <= 1.0:
        raise CliError("--french-indices is a share between 0 and 1")
    if not 0.0 <= args.restyle_indices <= 1.0:
        raise CliError("--restyle-indices is a share between 0 and 1")
    if not 0.0 <= args.foreign_letters <= 1.0:
        raise CliError("--foreign-letters is a share between 0 and 1")
    from vision.synth.layouts import KINDS

    kinds = tuple(k.strip() for k in args.kinds.split(",")) if args.kinds else KINDS
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise CliError(f"--kinds: unknown kind(s) {', '.join(unknown)}; choose from {', '.join(KINDS)}")

    from vision.synth import dataset, decks

    sources = decks.discover_sources()
    if not sources:
        raise CliError("no deck art installed: sudo apt-get install gnome-cards-data kdegames-card-data-kf5")
    out = Path(args.out)
    if not args.list_designs:
        try:
            dataset.check_output_folder(out)
        except OSError as exc:
            raise CliError(f"cannot write to --out {out}: {exc.strerror or exc}") from None
    named = [d.strip() for d in args.designs.split(",") if d.strip()] if args.designs else None
    _check_renderer(decks, [s for s in sources if named is None or s.name in named])
    if args.list_designs:
        statuses = decks.survey(progress=True)
        held = set(decks.held_out_designs())
        for status in statuses:
            role = ("held out" if status.name in held else "train") if status.usable else "skipped"
            print(f"{status.name:36} {role:9} {'' if status.usable else status.reason}")
        return 0
    if named is not None:
        designs = _chosen_designs(decks, named)
    else:
        decks.survey(progress=True)
        designs = decks.train_designs() if args.split == "train" else decks.held_out_designs()
    if not designs:
        raise CliError(f"no usable deck design for the {args.split} split")
    try:
        summary = dataset.write_dataset(out, args.count, args.seed, designs, size, args.french_indices, kinds,
                                        args.split, progress=True, restyle_share=args.restyle_indices,
                                        foreign_share=args.foreign_letters)
    except OSError as exc:
        raise CliError(f"cannot write to --out {out}: {exc.strerror or exc}") from None
    source = f"designs {', '.join(designs)}" if args.designs else f"{args.split}: {len(designs)} designs"
    print(f"wrote {summary.count} scenes ({source}) to {out} in "
          f"{summary.seconds:.1f} s ({summary.scenes_per_second:.1f} scenes/s)")
    return 0
