"""Keep numpy's BLAS on one thread: set before numpy is first imported (OpenBLAS reads it when it loads)."""

from __future__ import annotations

import os

BLAS_THREADS = "1"
"""numpy's products here are small (a deck's head, sums over masked pixels): OpenBLAS's extra threads spin while
they wait, taking a core from the onnxruntime and video work on a 2-core machine. The parallel work has its own
pools (onnxruntime, torch)."""


def single_threaded_blas() -> None:
    """Limit OpenBLAS to `BLAS_THREADS` threads unless the user chose otherwise."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", BLAS_THREADS)
