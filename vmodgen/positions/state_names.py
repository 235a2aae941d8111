"""The units and hexes a position's ``[state]`` keys name, read as the rest of a position reads
them (:mod:`.spelling`): a roster unit by its printed name when one unit bears it ("6 RTR" for
``6RTR``), a hex as the rulebook prints it with its sheet ("Leros 2706" for ``L2706``) and a box by
its name ("Nile Delta"). What each key holds is declared here, per rule set (the keys of
``docs/rules/<game>.md`` and of each game's memory, ``rules/games/<game>/carried.py``); a key not
declared keeps its values as written. A name that means several units is refused with their ids,
one that is neither a unit of the roster (a kit game) nor a placed unit, nor a hex or box, is
refused, naming the key."""
from __future__ import annotations

from typing import Any, Callable, Union

#: what a part of a key's value names: a unit, a hex (or box), or anything (kept as written)
UNIT, HEX, ANY = "unit", "hex", "any"
#: a shape: UNIT / HEX / ANY; ("list", shape); ("table", key shape, value shape) for a table
#: whose keys name things; ("fields", {field: shape}) for a table of fixed fields (others ANY)
Shape = Union[str, tuple]


def _list(shape: Shape) -> Shape:
    return ("list", shape)


def _table(key: Shape, value: Shape = ANY) -> Shape:
    return ("table", key, value)


def _fields(**shapes: Shape) -> Shape:
    return ("fields", shapes)


#: rule set id → [state] key → its shape
STATE_NAMES: dict[str, dict[str, Shape]] = {
    "invasion-malta": {
        "prev_hexes": _table(UNIT, HEX), "prev_oos": _list(UNIT), "prev_reduced": _list(UNIT),
        "prev_disrupted": _list(UNIT), "status_unknown": _fields(
            **{k: _list(UNIT) for k in ("prev_oos", "prev_reduced", "prev_disrupted", "prev_activated",
                                        "prev_activation_unknown", "prev_fired")}, prev_airheads=_list(HEX)),
        "prev_activated": _list(UNIT), "prev_airheads": _list(HEX), "prev_fired": _list(UNIT),
        "dropped": _list(UNIT), "paradropped": _list(UNIT), "arrived": _list(UNIT),
        "arrival_unknown": _list(UNIT), "beachheads": _table(HEX), "airheads": _table(HEX),
        "targets_left": _list(HEX),
    },
    "north-africa-41": {
        "na41_retreat_overstack": _table(HEX), "na41_status_before": _table(UNIT),
        "na41_delay_before": _table(HEX), "na41_extended_moved": _list(UNIT),
        "na41_boxed_before": _table(UNIT, HEX), "na41_replacements": _table(UNIT, UNIT),
    },
    "operation-mercury": {
        "om_arrivals": _table(UNIT, _fields(hex=HEX)), "om_fatigued": _list(UNIT),
        "om_offmap_start": _list(UNIT), "om_militia_off": _list(UNIT), "om_final_fire": _list(UNIT),
        "om_status_unknown": _table(ANY, _list(UNIT)),
        "om_refused": _fields(units=_list(UNIT)), "om_hq_lost": _table(UNIT),
        "om_displaced": _table(UNIT, _fields(**{"from": HEX, "to": HEX})), "om_end_hexes": _table(UNIT, HEX),
        "om_arrival_unknown": _fields(units=_list(UNIT)), "air_resupply": HEX,
    },
}


Read = Callable[[str, str], str]


def spell_state(state: dict[str, Any], ruleset: str, unit: Read, place: Read,
                refuse: Callable[[str, str], Exception]) -> dict[str, Any]:
    """``state`` with the units and hexes its declared keys name read as ids: ``unit(value, key)``
    and ``place(value, key)`` give the id or raise the refusal (naming ``key``); ``refuse(message,
    key)`` is the error for a table naming one thing twice. A value of another type than its
    shape expects is left to the rule set's own check of the key."""
    shapes = STATE_NAMES.get(ruleset, {})
    return {k: _spell(v, shapes[k], k, unit, place, refuse) if k in shapes else v for k, v in state.items()}


def _spell(value: Any, shape: Shape, key: str, unit: Read, place: Read,
           refuse: Callable[[str, str], Exception]) -> Any:
    if shape == UNIT:
        return unit(value, key) if isinstance(value, str) else value
    if shape == HEX:
        return place(value, key) if isinstance(value, str) else value
    if isinstance(shape, tuple) and shape[0] == "list" and isinstance(value, list):
        return [_spell(v, shape[1], key, unit, place, refuse) for v in value]
    if isinstance(shape, tuple) and shape[0] == "table" and isinstance(value, dict):
        out: dict[Any, Any] = {}
        for k, v in value.items():
            name = _spell(k, shape[1], key, unit, place, refuse)
            if name in out:
                raise refuse(f"two of its keys name '{name}' (the second: '{k}')", key)
            out[name] = _spell(v, shape[2], key, unit, place, refuse)
        return out
    if isinstance(shape, tuple) and shape[0] == "fields" and isinstance(value, dict):
        return {k: _spell(v, shape[1][k], key, unit, place, refuse) if k in shape[1] else v for k, v in value.items()}
    return value
