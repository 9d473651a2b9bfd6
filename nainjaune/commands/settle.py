"""`nainjaune settle FILE`: settle one deal transcript (JSON, UTF-8) and print the result as JSON.

Light on purpose: imports only the standard library and the pure `engine` package (never OpenCV,
torch, ultralytics or numpy). Any problem with the file is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from nainjaune.errors import CliError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Settle one deal transcript (JSON, UTF-8; '-' reads standard input) and print the "
                          "result as JSON: winner, opéra, chips and board after settlement, missed calls, "
                          "payments. The transcript format is in docs/rules.md.")
    parser.add_argument("file", metavar="FILE", help="the transcript (JSON), or - for standard input")
    parser.add_argument("--compact", action="store_true", help="print the result on one line")


def _read(path: str) -> str:
    try:
        if path == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                raw = handle.read()
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise CliError(f"{path} is a directory, not a transcript") from None
    except PermissionError:
        raise CliError(f"cannot read {path}: permission denied") from None
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(f"{path} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})") from None
    return text.removeprefix("\ufeff")


def run(args: argparse.Namespace) -> int:
    from engine.core.errors import TranscriptError
    from engine.nain_jaune.transcript import settle_transcript

    path: str = args.file
    text = _read(path)
    if not text.strip():
        raise CliError(f"{path} is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliError(f"{path} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise CliError(f"{path} is not valid JSON: nested too deeply") from None
    try:
        result = settle_transcript(data)
    except TranscriptError as exc:
        raise CliError(str(exc)) from None
    out = json.dumps(result, ensure_ascii=False, indent=None if args.compact else 2)
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:  # UTF-8 whatever the locale says
        sys.stdout.flush()
        buffer.write(out.encode("utf-8") + b"\n")
        buffer.flush()
    else:
        sys.stdout.write(out + "\n")
    return 0
