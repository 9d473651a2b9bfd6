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
