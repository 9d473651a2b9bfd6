"""The command line: dispatch, clear errors, and a light start for light commands."""

import subprocess
import sys


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "nainjaune", *args], capture_output=True, text=True, timeout=120)


def test_unknown_command_is_refused_with_usage() -> None:
    result = _run("frobnicate")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
    assert "Traceback" not in result.stderr


def test_help_lists_every_command() -> None:
    from nainjaune.cli import COMMANDS

    result = _run("--help")
    assert result.returncode == 0
    for name in COMMANDS:
        assert name in result.stdout


def test_blas_is_kept_on_one_thread_before_a_command_loads_unless_the_user_chose(monkeypatch) -> None:  # noqa: ANN001
    """OpenBLAS reads its thread count when numpy loads, so the limit is set before the command's module is."""
    import argparse
    import os
    import types

    from nainjaune import cli

    seen: list[str | None] = []

    def load(name: str) -> types.SimpleNamespace:
        seen.append(os.environ.get("OPENBLAS_NUM_THREADS"))
        return types.SimpleNamespace(configure=lambda parser: None, run=lambda args: 0)

    monkeypatch.setattr(cli, "_load", load)
    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", lambda self, rest=None: argparse.Namespace())
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    assert cli.main(["settle"]) == 0
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "2")
    assert cli.main(["settle"]) == 0
    assert seen == ["1", "2"]
