"""The parameters of a game's rule set, as the Markdown section its rules document carries
(``docs/rules/<game>.md``, between :data:`BEGIN` and :data:`END`): written from the rule set's
``PARAMS``, ``PATTERNS`` and ``RECORDED`` (``tools/rules_params_doc.py`` rewrites the documents; a
test checks they agree)."""
from __future__ import annotations

from .base import RuleSet
from .generic import GenericRules

BEGIN = "<!-- parameters: written by tools/rules_params_doc.py from the rule set's PARAMS; do not edit -->"
END = "<!-- end of parameters -->"

#: what a pattern of :attr:`RuleSet.PATTERNS` stands for, in the document
_PATTERN_WORDS = {r"move_cost_\w+": "`move_cost_<terrain>`", r"hexside_cost_\w+": "`hexside_cost_<feature>`",
                  r"hexside_up_cost_\w+": "`hexside_up_cost_<feature>`", r"road_cost_\w+": "`road_cost_<road>`",
                  r"supply_sources_[\w.\-]+": "`supply_sources_<side>`", r"port_capacity_[a-z0-9_]+": "`port_capacity_<port>`"}


def _value(v: object) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "true" if v else "false"
    return f"`{v}`" if isinstance(v, str) and v else ('""' if v == "" else f"{v:g}" if isinstance(v, float) else str(v))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def params_section(cls: type[RuleSet]) -> str:
    """The Markdown section (markers included) listing ``cls``'s parameters."""
    own = {k: v for k, v in cls.PARAMS.items() if GenericRules.PARAMS.get(k) != v}
    inherited = [k for k in cls.PARAMS if k not in own and k not in cls.NOT_TAKEN]
    lines = [BEGIN, "", f"The `{cls.id}` rule set reads these parameters (`[rules]` of its kit or of a position), each "
             "with its default; it refuses any other name (the nearest known one is suggested).", "",
             "| parameter | default | rule: meaning |", "|---|---|---|"]
    lines += [f"| `{k}` | {_cell(_value(d))} | {_cell(why)} |" for k, (d, why) in own.items()]
    if inherited:
        lines += ["", "From the generic rule set (defaults in `vmodgen/rules/generic.py`): "
                  + ", ".join(f"`{k}`" for k in inherited) + "."]
    lines += ["", "Named after the kit's terrain, features, roads or places (no default): "
              + ", ".join(_PATTERN_WORDS.get(p, f"`{p}`") for p in cls.PATTERNS) + "."]
    if cls.NOT_TAKEN:
        lines += ["", "Refused: the generic rule set's other parameters, which no rule of this rule set reads "
                  "(its own rules replace those that would): "
                  + ", ".join(f"`{k}`" for k in GenericRules.PARAMS if k in cls.NOT_TAKEN) + "."]
    if cls.RECORDED:
        lines += ["", "The rulebook's numbers the kit records for the players (the module's help page lists them) "
                  "that no rule reads: a kit may set them, the audit gains nothing by it.", "",
                  "| parameter | rule |", "|---|---|"]
        lines += [f"| `{k}` | {_cell(why)} |" for k, why in cls.RECORDED.items()]
    return "\n".join(lines + ["", END])


def with_section(text: str, cls: type[RuleSet]) -> str:
    """``text`` (a rules document) with its parameters section replaced by the current one (the
    document must hold the markers)."""
    head, sep, rest = text.partition(BEGIN)
    if not sep or END not in rest:
        raise ValueError(f"no parameters section ({BEGIN} ... {END})")
    return head + params_section(cls) + rest.split(END, 1)[1]
