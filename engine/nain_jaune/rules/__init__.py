"""Rule sets by name. ``get_rules("lindor", {"payment": "cards"})`` returns a configured :class:`RuleSet`.

Rule-set modules are imported on first use, so adding one is adding a line to :data:`RULESETS`.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from engine.core.errors import RulesError
from engine.nain_jaune.rules.base import BaseOptions, RuleSet, Wanted

RULESETS: dict[str, tuple[str, str]] = {
    "lindor": ("engine.nain_jaune.rules.lindor", "LindorRules"),
    "avantcoureur": ("engine.nain_jaune.rules.avantcoureur", "AvantcoureurRules"),
}
"""name → (module, class). ``lindor`` is the default."""

DEFAULT_RULES = "lindor"


def rules_class(name: str) -> type[RuleSet]:
    """The :class:`RuleSet` subclass registered as ``name``."""
    if not isinstance(name, str) or name not in RULESETS:
        raise RulesError(f"unknown rule set {name!r} (known: {', '.join(RULESETS)})")
    module_name, class_name = RULESETS[name]
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            raise RulesError(f"rule set {name!r} is not available in this version") from None
        raise
    cls: type[RuleSet] = getattr(module, class_name)
    return cls


_CACHE: dict[tuple[str, Any], RuleSet] = {}


def get_rules(name: str = DEFAULT_RULES, options: Mapping[str, Any] | BaseOptions | None = None) -> RuleSet:
    """A configured rule set; unknown names or options raise :class:`engine.core.errors.RulesError`.

    Rule sets are immutable, so equal requests share one instance (and its caches).
    """
    try:
        key: tuple[str, Any] | None = (name, options if isinstance(options, BaseOptions)
                                       else tuple(sorted((options or {}).items())))
        hash(key)
    except TypeError:
        key = None
    if key is not None:
        cached = _CACHE.get(key)
        if cached is not None:
            return cached
    rules = rules_class(name)(options)
    if key is not None and len(_CACHE) < 256:
        _CACHE[key] = rules
    return rules


__all__ = ["BaseOptions", "DEFAULT_RULES", "RULESETS", "RuleSet", "Wanted", "get_rules", "rules_class"]
