"""Which generator code made a dataset: a hash of the scene generator's own source files.

A seed names a dataset only together with the code that drew it. The held-out set behind the
model card's first figures was made at commit 5f3db57 and kept on disk; two minutes later a
change to mixed scenes and table grain (3f16e25) made the same command draw another set
(1,448 expected card sightings instead of 1,474), and nothing said so. The manifest now
records this fingerprint, and the recognition benchmark names a set made by other code.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

GENERATOR_DIR = Path(__file__).resolve().parent
LENGTH = 12  # hex digits: enough to tell versions apart, short enough to print


def generator_fingerprint(folder: Path = GENERATOR_DIR) -> str:
    """The hash of every Python file of `folder` (names and bytes, in name order)."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:LENGTH]
