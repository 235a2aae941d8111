"""Rules: the shape every rule set shares (:mod:`.base`), the game-neutral mechanisms
(:mod:`.core`), the generic rule set (:mod:`.generic`) and one package per game
(:mod:`.games`), files named by rule area.

Generic, then a game overrides these hooks (python-chess's shape: ``chess.Board`` is the standard
game, each variant a small subclass). :class:`~.base.RuleSet` declares every hook with one
signature and holds the skeletons every rule set shares: the move check (``check_moves`` →
``judges_move``, ``move_zoc``, ``check_unit_move`` → ``check_move``, ``check_retreat``,
``check_advance``, ``check_reaction``; a logged move tried in the modes of
``unannounced_trials``), the enemy ZOC (``enemy_field``, ``enemy_zoc``), the memory carried
between phases (``memory_type``, a :class:`~.base.Memory` dataclass; ``RuleSet[M]``) and the
status aliases (``status_aliases``, which the unit states of the rule set's positions answer to).
:class:`~.generic.GenericRules` answers the hooks from its parameters (``PARAMS``): the default
behaviour. Each game subclasses it (``games/<game>/units.py`` is the first layer), overrides the
hooks its rulebook changes, extends its memory (``games/<game>/carried.py``) and says which
generic behaviour it does not take (a block at the top of its first layer).

This module is the one registry of rule sets: ``game.ruleset`` names one of :data:`REGISTRY`
(the kit loader refuses other names); ``ruleset_for(game)`` builds it, ``check(position)`` gives
the findings of one position, ``unknown_param`` says which ``[rules]`` keys a rule set refuses. It
imports no rule set until one is asked for, so the layers below (the kit loader) can read the
registry.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..errors import InputError

if TYPE_CHECKING:
    from ..model.game import Game
    from ..positions.model import Position
    from .base import RuleSet
    from .finding import Finding

#: ``game.ruleset`` → "module:Class" (below :mod:`vmodgen.rules`)
REGISTRY: dict[str, str] = {
    "generic": "generic:GenericRules",
    "operation-mercury": "games.operation_mercury.ruleset:OperationMercuryRules",
    "invasion-malta": "games.invasion_malta.ruleset:InvasionMaltaRules",
    "north-africa-41": "games.north_africa_41.ruleset:NorthAfrica41Rules",
}


def ruleset_class(name: str) -> type[RuleSet]:
    """The class of the rule set ``name`` (refused with the known names when unknown)."""
    spec = REGISTRY.get(name)
    if spec is None:
        raise InputError(None, f"unknown rule set '{name}' (known: {', '.join(REGISTRY)})")
    mod, cls = spec.split(":")
    found: type[RuleSet] = getattr(importlib.import_module(f"{__name__}.{mod}"), cls)
    return found


def ruleset_for(game: Game) -> RuleSet:
    """The rule set of ``game`` (by ``game.ruleset``), configured by ``game.rules``."""
    return ruleset_class(game.ruleset)(game)


def unknown_param(name: str, key: str) -> str | None:
    """Why rule set ``name`` refuses parameter ``key`` (an unknown name, with the nearest known
    one), or None when it takes it: the kit loader asks this of every ``[rules]`` key."""
    cls = ruleset_class(name)
    return cls.unknown_param(key) if cls.REFUSES_UNKNOWN_PARAMS else None


def wrong_param(name: str, key: str, value: object) -> str | None:
    """Why rule set ``name`` cannot take ``value`` for parameter ``key`` (not of its kind,
    negative, not one of its choices), or None when it can: the kit loader asks this too."""
    return ruleset_class(name).wrong_value(key, value)


def check(position: Position) -> list[Finding]:
    """Every finding of one position, by the rule set of its game."""
    return ruleset_for(position.game).check(position)


__all__ = ["REGISTRY", "check", "ruleset_class", "ruleset_for", "unknown_param", "wrong_param"]
