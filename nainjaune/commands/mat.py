"""`nainjaune mat`: write the printable calibration mat (PDF) with the ArUco markers, the pile and the boxes."""

from __future__ import annotations

import argparse
from pathlib import Path

from nainjaune.errors import CliError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", choices=("A3", "A2"), default="A3", help="paper size (landscape); default A3")
    parser.add_argument("--board", choices=("printed", "outline"), default="printed",
                        help="printed: the five boxes drawn on the mat; outline: where your own wooden board goes")
    parser.add_argument("--out", type=Path, default=Path("mat.pdf"), help="PDF to write (default mat.pdf)")


def run(args: argparse.Namespace) -> int:
    from vision.mat import write_pdf

    out: Path = args.out
    if out.exists() and out.is_dir():
        raise CliError(f"{out} is a folder: give a file name such as mat.pdf")
    if not out.parent.exists():
        raise CliError(f"folder {out.parent} does not exist")
    try:
        write_pdf(str(out), args.size, args.board)
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(f"wrote {out} ({args.size}, {args.board} board): print it at 100 % (no 'fit to page'), lay it flat, "
          "and point the camera so that all 8 corner and edge markers are in view")
    return 0
