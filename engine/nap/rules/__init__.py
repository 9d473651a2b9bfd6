"""The Nap variants by name: the option ``game`` picks one.

``get_rules({"game": "floater", "peek_cost": 2})`` returns a configured :class:`NapRules`. Each
variant is a small subclass of :class:`NapRules` overriding a few hooks; adding one is a module
and a line in :data:`VARIANTS`.
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.core.errors import RulesError
from engine.nap.rules.base import POOL, NapOptions, NapRules
from engine.nap.rules.floater import FloaterNap
from engine.nap.rules.purchase import PurchaseNap
from engine.nap.rules.seven_card import SevenCardNap
from engine.nap.rules.widow import WidowNap

VARIANTS: dict[str, type[NapRules]] = {
    "classic": NapRules,
    "purchase": PurchaseNap,
    "widow": WidowNap,
    "floater": FloaterNap,
    "seven_card": SevenCardNap,
}
"""option ``game`` → its rules class."""

_CACHE: dict[tuple[tuple[str, Any], ...], NapRules] = {}


def variant_of(options: Mapping[str, Any] | NapOptions | None) -> type[NapRules]:
    """The rules class the options name (``game``, default ``classic``)."""
    if isinstance(options, NapOptions):
        name: Any = options.game
    elif options is None:
        name = "classic"
    elif isinstance(options, Mapping):
        name = options.get("game", "classic")
    else:
        raise RulesError(f"options must be an object, got {options!r}")
    if not isinstance(name, str) or name not in VARIANTS:
        raise RulesError(f"option 'game' must be one of {', '.join(map(repr, VARIANTS))}, got {name!r}")
    return VARIANTS[name]


def get_rules(options: Mapping[str, Any] | NapOptions | None = None) -> NapRules:
    """Configured, validated rules; bad options raise :class:`RulesError` with one line. Rules are
    immutable, so equal option sets share one instance."""
    if isinstance(options, NapOptions):
        return variant_of(options)(options)
    key: tuple[tuple[str, Any], ...] | None
    try:
        key = tuple(sorted((options or {}).items()))
        hash(key)
    except TypeError:
        key = None
    if key is not None and key in _CACHE:
        return _CACHE[key]
    rules = variant_of(options)(options)
    if key is not None and len(_CACHE) < 256:
        _CACHE[key] = rules
    return rules


__all__ = ["FloaterNap", "NapOptions", "NapRules", "POOL", "PurchaseNap", "SevenCardNap", "VARIANTS", "WidowNap",
           "get_rules", "variant_of"]
