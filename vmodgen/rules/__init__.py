"""Rules: a game-neutral core (:mod:`vmodgen.rules.core`) and one rule set per game over it.

``ruleset_for(game)`` gives the rule set a game names in ``game.ruleset``; ``check(position)``
gives the findings of one position.
"""
from __future__ import annotations

import importlib

from ..errors import InputError
from ..model.game import Game
from .base import ALWAYS, EVERY_PHASE_END, MOVEMENT_END, SUPPLY, Rule, RuleSet, When
from .finding import Finding

#: ``game.ruleset`` → "module:Class"
REGISTRY = {
    "generic": "generic:GenericRules",
    "operation-mercury": "operation_mercury:OperationMercuryRules",
    "invasion-malta": "invasion_malta:InvasionMaltaRules",
    "north-africa-41": "north_africa_41:NorthAfrica41Rules",
}


def ruleset_class(name: str) -> type[RuleSet]:
    spec = REGISTRY.get(name)
    if spec is None:
        raise InputError(None, f"unknown rule set '{name}' (known: {', '.join(REGISTRY)})")
    mod, cls = spec.split(":")
    return getattr(importlib.import_module(f"{__name__}.{mod}"), cls)


def ruleset_for(game: Game) -> RuleSet:
    """The rule set of ``game`` (by ``game.ruleset``), configured by ``game.rules``."""
    return ruleset_class(game.ruleset)(game)


def check(position) -> list[Finding]:
    """Every finding of one position, by the rule set of its game."""
    return ruleset_for(position.game).check(position)


__all__ = ["ALWAYS", "EVERY_PHASE_END", "Finding", "MOVEMENT_END", "REGISTRY", "Rule", "RuleSet", "SUPPLY",
           "When", "check", "ruleset_class", "ruleset_for"]
