"""Documented, validated options: how a table's house rules reach a game.

A game's options are a frozen dataclass deriving from :class:`Options`; each field is made with
:func:`option`, which carries its explanation (shown in the docs, on the phone and in error
messages) and its bounds. :meth:`Options.from_mapping` checks a user's JSON against the fields'
types: unknown names and bad values raise :class:`RulesError` with one clear line.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping, TypeVar

from engine.core.errors import RulesError

OptionsT = TypeVar("OptionsT", bound="Options")


@dataclass(frozen=True)
class Words:
    """An option in a player's language: its label, a help sentence and a word per choice.

    ``doc`` keeps the sources and field names for ``docs/rules.md``; these are what a family reads."""

    label: str
    help: str
    choices: Mapping[Any, str] = field(default_factory=dict)


def option(default: Any, doc: str, **meta: Any) -> Any:
    """A documented option field (``doc`` feeds ``docs/rules.md`` and error messages).

    ``fr=Words(...)`` and ``en=Words(...)`` give the player-facing words in each language."""
    return field(default=default, metadata={"doc": doc, **meta})


def option_words(meta: Mapping[str, Any], lang: str) -> Words | None:
    """The player-facing words of an option field in ``lang`` (``"fr"`` or ``"en"``), if it has them."""
    words = meta.get(lang)
    return words if isinstance(words, Words) else None


@dataclass(frozen=True)
class Options:
    """Base of every game's options; it has none of its own."""

    @classmethod
    def from_mapping(cls: type[OptionsT], mapping: "Mapping[str, Any] | Options | None") -> OptionsT:
        """Build validated options from a user's mapping; unknown names and bad values raise :class:`RulesError`."""
        if mapping is None:
            return cls()
        if isinstance(mapping, cls):
            return mapping
        if isinstance(mapping, Options):
            raise RulesError(f"options of type {type(mapping).__name__} do not fit {cls.__name__}")
        if not isinstance(mapping, Mapping):
            raise RulesError(f"options must be an object, got {mapping!r}")
        known = {f.name: f for f in dataclasses.fields(cls)}
        hints = typing.get_type_hints(cls)
        values: dict[str, Any] = {}
        for name, value in mapping.items():
            if name not in known:
                raise RulesError(f"unknown option {name!r} (known: {', '.join(sorted(known))})")
            values[name] = _check_option(name, value, hints[name], known[name].metadata)
        return cls(**values)

    @classmethod
    def coerce(cls, mapping: Mapping[str, Any]) -> dict[str, Any]:
        """Command-line strings turned into the type of the option they name ("true" → True, "3" → 3,
        "null" → None where the option allows it); typed values and unknown names pass unchanged, for
        :meth:`from_mapping` to judge."""
        hints = typing.get_type_hints(cls)
        return {name: _from_text(value, hints[name]) if isinstance(value, str) and name in hints else value
                for name, value in mapping.items()}

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def describe(cls) -> list[tuple[str, str, Any, str]]:
        """``(name, allowed values, default, doc)`` for every option, for documentation."""
        hints = typing.get_type_hints(cls)
        rows = []
        for f in dataclasses.fields(cls):
            rows.append((f.name, _type_text(hints[f.name]), f.default, f.metadata.get("doc", "")))
        return rows


_TRUE, _FALSE = frozenset({"true", "yes", "1"}), frozenset({"false", "no", "0"})


def _from_text(text: str, tp: Any) -> Any:
    """``text`` as a value of type ``tp`` when it reads as one, else the text itself (stripped)."""
    word = text.strip()
    low = word.lower()
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if low in ("null", "none") and type(None) in args:
            return None
        for arg in args:
            value = _from_text(word, arg)
            if not isinstance(value, str):
                return value
        return word
    if tp is bool:
        return True if low in _TRUE else False if low in _FALSE else word
    if tp in (int, float):
        try:
            return tp(word)
        except ValueError:
            return word
    return word


def _type_text(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is Literal:
        return " | ".join(repr(a) for a in typing.get_args(tp))
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_type_text(a) for a in typing.get_args(tp))
    if tp is type(None):
        return "null"
    return getattr(tp, "__name__", str(tp))


def _check_option(name: str, value: Any, tp: Any, meta: Mapping[str, Any]) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if value is None and type(None) in args:
            return None
        others = [a for a in args if a is not type(None)]
        if len(others) == 1:
            return _check_option(name, value, others[0], meta)
        for arg in others:
            try:
                return _check_option(name, value, arg, meta)
            except RulesError:
                pass
        raise RulesError(f"option {name!r} must be {_type_text(tp)}, got {value!r}")
    if origin is Literal:
        if value not in typing.get_args(tp) or isinstance(value, bool) != any(
            isinstance(a, bool) for a in typing.get_args(tp) if a == value
        ):
            raise RulesError(f"option {name!r} must be one of {_type_text(tp)}, got {value!r}")
        return value
    if tp is type(None):
        if value is not None:
            raise RulesError(f"option {name!r} must be null, got {value!r}")
        return None
    if tp is bool:
        if not isinstance(value, bool):
            raise RulesError(f"option {name!r} must be true or false, got {value!r}")
        return value
    if tp is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(f"option {name!r} must be a whole number, got {value!r}")
    elif tp is float:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise RulesError(f"option {name!r} must be a number, got {value!r}")
        value = float(value)
    else:
        raise RulesError(f"option {name!r} has an unsupported type")
    lo, hi = meta.get("minimum"), meta.get("maximum")
    if lo is not None and value < lo:
        raise RulesError(f"option {name!r} must be ≥ {lo}, got {value!r}")
    if hi is not None and value > hi:
        raise RulesError(f"option {name!r} must be ≤ {hi}, got {value!r}")
    return value
