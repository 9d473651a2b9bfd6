"""A rule set's options in the shape the set-up form renders (`OptionSpecOut`): the same for every game, since every
game's options are `engine.core.options.Options` dataclasses with the same field metadata."""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal

from engine.core.options import option_words

LANGUAGES = ("fr", "en")


def option_words_by_language(meta: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The option's label, help and choice words in each language the engine gives (for the page)."""
    out = {}
    for lang in LANGUAGES:
        words = option_words(meta, lang)
        if words is not None:
            out[lang] = {"label": words.label, "help": words.help,
                         "choices": {str(k): v for k, v in words.choices.items()}}
    return out


def option_spec(name: str, hint: Any, default: Any, doc: str, label: str | None = None,
                 words: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """One engine option in the shape the page renders (OptionSpec): kind, choices, label and help."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    origin = typing.get_origin(hint)
    nullable = origin in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint)
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        hint, origin = args[0], typing.get_origin(args[0])
    if hint is bool:
        kind, choices = "bool", None
    elif origin is Literal:
        kind, choices = "choice", list(typing.get_args(hint))
    elif hint is int:
        kind, choices = "int", None
    else:
        kind, choices = "number", None
    return {"name": name, "kind": kind, "default": default, "choices": choices, "nullable": nullable,
            "label": label or re.sub(r"_+", " ", name).strip().capitalize(), "help": doc, "words": words or {}}


__all__ = ["LANGUAGES", "option_spec", "option_words_by_language"]
