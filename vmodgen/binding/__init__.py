"""Bindings: how a VASSAL module's pieces, points and turn tracker map onto a kit (see
:mod:`vmodgen.binding.base`). ``KitBinding`` for modules vmodgen built; ``FileBinding``
(:mod:`vmodgen.binding.file`) for any other module, from a TOML file."""
from .base import Binding, KitBinding, ReplayOnlyBinding, find_kit_id, step_level

__all__ = ["Binding", "KitBinding", "ReplayOnlyBinding", "find_kit_id", "step_level"]
