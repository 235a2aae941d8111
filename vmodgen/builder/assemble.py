"""The module's ``buildFile.xml`` from a kit: roster of sides, prototypes, one map per sheet with
its board and grid, an off-map boxes map, the counter palette by side and formation, dice, the
turn tracker with the sequence of play, an inventory, the help page and one setup per scenario."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Kit
from ..render.scene import stack_look
from ..vassal import module_xml as mx
from ..vassal.piece_defs import Trait
from ..vassal.definition_forms import canonical_definition
from ..vassal.trait_forms import canonical_pair
from ..vassal.versions import DECLARED, DEFAULT_TARGET
from .pieces import PieceDef, marker_piece, piece_for, prototype_definitions


@dataclass
class SheetBoard:
    """One map window: a sheet's board image and its grid attributes."""
    sheet_id: str
    map_name: str
    image: str
    grid: dict
    numbering: dict
    size: tuple[int, int]


@dataclass
class BoxBoard:
    map_name: str
    image: str
    zones: list[dict]                       # {"name", "path", "box_id", "center": (x, y)}
    size: tuple[int, int]


@dataclass
class ModulePlan:
    """Everything the XML needs, decided before writing it."""
    kit: Kit
    pieces: dict[str, PieceDef] = field(default_factory=dict)
    gpids: dict[str, int] = field(default_factory=dict)
    markers: list[tuple[str, int, str, str]] = field(default_factory=list)   # (name, gpid, image, definition)
    sheets: list[SheetBoard] = field(default_factory=list)
    boxes: BoxBoard | None = None
    setups: list[tuple[str, str, str]] = field(default_factory=list)   # (name, file, description)
    help_files: list[tuple[str, str]] = field(default_factory=list)
    pdf_files: list[tuple[str, str]] = field(default_factory=list)     # (menu title, file in the module)
    counter_px: int = 75
    #: the VASSAL version the module targets (``3.7`` or ``3.8``): what it declares, and the
    #: form of every versioned trait (vassal/trait_forms.py)
    vassal: str = DEFAULT_TARGET

    @property
    def next_gpid(self) -> int:
        return max([*self.gpids.values(), *(m[1] for m in self.markers)], default=1) + 1


def plan_pieces(plan: ModulePlan) -> None:
    """Give every unit a piece definition and a unique gpid (from 2, in roster order)."""
    game = plan.kit.game
    for i, unit in enumerate(plan.kit.units, start=2):
        plan.gpids[unit.id] = i
        piece = piece_for(game, unit, i)
        piece.traits = [Trait(*canonical_pair(t.type, t.state, plan.vassal)) for t in piece.traits]
        plan.pieces[unit.id] = piece
    gpid = len(plan.kit.units) + 2
    for marker_id in game.markers:
        name, image, text = marker_piece(game, marker_id, gpid)
        plan.markers.append((name, gpid, image, canonical_definition(text, plan.vassal)))
        gpid += 1


def phase_names(kit: Kit) -> list[str]:
    """Phase names as the turn tracker lists them (commas would split the list)."""
    return [p.name.replace(",", ";") for p in kit.game.sequence.phases]


def build_xml(plan: ModulePlan) -> bytes:
    kit = plan.kit
    game = kit.game
    title = game.name + (f": {game.subtitle}" if game.subtitle else "")
    description = title + (" — includes ILLUSTRATIVE values not from the rulebook" if kit.has_illustrative else "")
    root = mx.game_module(game.name, game.version, description, plan.next_gpid, DECLARED[plan.vassal])
    mx.documentation(root, plan.help_files, plan.pdf_files)
    mx.player_roster(root, [s.name for s in game.sides.values()])
    mx.global_options(root)
    mx.prototypes(root, [(name, desc, canonical_definition(text, plan.vassal))
                         for name, desc, text in prototype_definitions(kit)])
    look = stack_look(plan.counter_px)
    sep = (look.sep_x, look.sep_y)
    for sb in plan.sheets:
        mx.map_window(root, sb.map_name, sb.sheet_id, sb.image, sb.grid, sb.numbering,
                      description=f"{game.name}: {sb.map_name} sheet", stack_sep=sep)
    if plan.boxes is not None:
        mx.map_window(root, plan.boxes.map_name, "Boxes", plan.boxes.image, {}, {},
                      description="Off-map and holding boxes", launch=True,
                      zones=[{"name": z["name"], "path": z["path"]} for z in plan.boxes.zones], stack_sep=sep)
    _palette(root, plan)
    dice = [mx.dice_button(root, d.count, d.sides) for d in (game.dice or (game.die,))]
    mx.turn_tracker(root, game.sequence.turn_name, game.sequence.first_turn, phase_names(kit))
    # every unit counter (markers have no unit_id); an empty filter would list nothing in VASSAL
    inv = mx.inventory(root, group_by="side_name", include='{unit_id!=""}')
    for name, file, desc in plan.setups:
        mx.predefined_setup(root, name, file, desc)
    mx.toolbar_menu(root, [*dice, inv])
    mx.finish(root)
    return mx.to_bytes(root)


def _palette(root, plan: ModulePlan) -> None:
    """Counters by side (tabs), then formation (panels)."""
    game = plan.kit.game
    window = mx.piece_window(root, "Counters")
    tabs = mx.tab_widget(window, "Sides")
    for side in game.sides.values():
        units = [u for u in plan.kit.units if u.side == side.id]
        if not units:
            continue
        side_list = mx.list_widget(tabs, side.name)
        groups: dict[str, list] = {}
        for u in units:
            groups.setdefault(u.formation, []).append(u)
        for formation_id, members in groups.items():
            title = game.formations[formation_id].name if formation_id else "Other units"
            panel = mx.panel_widget(side_list, title)
            for u in members:
                mx.piece_slot(panel, u.name, plan.gpids[u.id], plan.pieces[u.id].text(), plan.counter_px)
    if plan.markers:
        marker_list = mx.list_widget(tabs, "Markers")
        panel = mx.panel_widget(marker_list, "Markers")
        for name, gpid, _image, text in plan.markers:
            mx.piece_slot(panel, name, gpid, text, plan.counter_px)
