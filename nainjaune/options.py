"""`--option NAME=VALUE` on the command line: a rule set's house options, typed and checked before any work."""

from __future__ import annotations

from typing import Any

from nainjaune.errors import CliError


def parse_options(pairs: list[str]) -> dict[str, str]:
    """The `--option` pairs as a mapping of names to their text; a pair without "=" is refused."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise CliError(f"--option {pair!r}: expected NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def rule_options(rules: str, pairs: list[str]) -> dict[str, Any]:
    """The `--option` pairs typed and validated against the Nain Jaune rule set `rules` (one line on bad input)."""
    from engine.core.errors import EngineError
    from engine.nain_jaune.rules import rules_class

    try:
        options = rules_class(rules).Options
        typed = options.coerce(parse_options(pairs))
        options.from_mapping(typed)
        return typed
    except EngineError as exc:
        raise CliError(f"--option: {exc}") from None
