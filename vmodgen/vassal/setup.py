"""Writing piece definitions and scenario saves (FORMATS.md §3.6, §4.4).

    text = piece_definition(type_chain, state_chain)          # PieceSlot / prototype text
    save = scenario_text([SetupPiece("1700000000000", type_chain, state_chain, "Main Map", 115, 235)],
                         boards={"Main Map": [("Board", 0, 0)]})
    write_save("scenario1.vsav", save, moduledata=Metadata(name="HexTest", version="1.0"))

Pieces on a map standing on the same point are put into one stack (in the order given,
bottom first); every stack is written after its members, as VASSAL does.
"""
from __future__ import annotations

from dataclasses import dataclass

from .codec import decode, encode, encode_value
from .commands import Command, encode_tree
from .traits import join_chain, split_chain, split_state_chain

__all__ = ["piece_definition", "add_piece_text", "SetupPiece", "scenario_text", "scenario_tree",
           "set_basic_state"]


def add_piece_text(piece_id: str | None, type_chain: str, state_chain: str) -> str:
    """``+/id/type/state`` (``id`` ``None`` gives ``null``), ``/`` escaped as VASSAL does."""
    return encode(["+", "null" if piece_id is None else piece_id, type_chain, state_chain], "/")


def piece_definition(type_chain: str, state_chain: str) -> str:
    """The text of a PieceSlot or PrototypeDefinition: ``+/null/type/state``."""
    return add_piece_text(None, type_chain, state_chain)


def set_basic_state(type_chain: str, state_chain: str, map_id: str | None, x: int, y: int,
                    gpid: str | None = None, properties: dict[str, str] | None = None) -> str:
    """``state_chain`` with its BasicPiece state set to ``map;x;y;gpid;n;k;v…``."""
    n = len(split_chain(type_chain))
    states = split_state_chain(state_chain, n)
    old = decode(states[-1], ";") if states[-1] else []
    if gpid is None:
        gpid = old[3] if len(old) > 3 else ""
    props = dict(properties or {})
    tokens = ["null" if map_id is None else map_id, str(x), str(y), gpid, str(len(props))]
    for k, v in props.items():
        tokens += [k, v]
    states[-1] = encode_value(tokens, ";") or ""
    return join_chain(states)


@dataclass
class SetupPiece:
    """One piece of a scenario: its id, chains, and where it stands (map ``None``: off-map)."""
    id: str
    type_chain: str
    state_chain: str
    map: str | None = None
    x: int = 0
    y: int = 0
    stack: bool = True        # False for pieces that do not stack


def scenario_tree(pieces: list[SetupPiece], *, boards: dict[str, list[tuple[str, int, int]]] | None = None,
                  components: list[str] | None = None, first_stack_id: int | None = None,
                  version_check: bool = True, layer: str = "1", unique_ids: bool = False) -> Command:
    """The command tree of a scenario save (see :func:`scenario_text`).

    ``version_check``: write VASSAL's empty version-check token after ``begin_save``;
    ``layer``: the stacks' ``@@`` layer; ``unique_ids``: give each piece a ``UniqueID``
    persistent property (VASSAL adds it itself when absent)."""
    adds: list[Command] = []
    stacks: dict[tuple[str, int, int], list[str]] = {}
    ids = {p.id for p in pieces}
    for p in pieces:
        state = set_basic_state(p.type_chain, p.state_chain, p.map, p.x, p.y,
                                properties={"UniqueID": p.id} if unique_ids else None) \
            if p.map is not None else p.state_chain
        adds.append(Command(add_piece_text(p.id, p.type_chain, state)))
        if p.map is not None and p.stack:
            stacks.setdefault((p.map, p.x, p.y), []).append(p.id)
    next_id = first_stack_id if first_stack_id is not None else \
        max([int(i) for i in ids if i.isdecimal()] + [1700000000000]) + 1000
    for (map_id, x, y), members in stacks.items():
        while str(next_id) in ids:
            next_id += 1
        state = encode_value([map_id, str(x), str(y), *members, "@@" + layer], ";") or ""
        adds.append(Command(add_piece_text(str(next_id), "stack", state)))
        ids.add(str(next_id))
        next_id += 1
    subs = ([Command("")] if version_check else []) + [Command("", adds)]
    for map_id, placed in (boards or {}).items():
        tokens: list[str] = []
        for name, col, row in placed:
            tokens += [name, str(col), str(row)]
        subs.append(Command(map_id + "BoardPicker\t" + encode(tokens, "\t")))
    subs += [Command(c) for c in (components or [])]
    subs.append(Command("end_save"))
    return Command("begin_save", subs)


def scenario_text(pieces: list[SetupPiece], **options) -> str:
    """The ``savedGame`` text of a scenario: ``begin_save``, an empty version check, the
    pieces (members before their stacks), board choices, extra component commands
    (e.g. ``TURNTurnTracker0\\t0|1;0;false;-1``), ``end_save``."""
    return encode_tree(scenario_tree(pieces, **options))
