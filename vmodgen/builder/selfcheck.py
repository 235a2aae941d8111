"""The self-check every build runs before writing the module: a list of faults, empty when the
module is sound. It reads the module back from its bytes, not from the plan that made it."""
from __future__ import annotations

import io
import re

from PIL import Image

from ..hexes.vassal_grid import HexGrid
from ..safeio import parse_xml
from ..vassal import module_xml as mx
from ..vassal.chains import split_chain
from ..vassal.codec import decode
from ..vassal.definition_forms import canonical_definition
from ..vassal.versions import DECLARED

#: every element VASSAL 3.7 may find in a vmodgen module, with its known attributes
_EXTRA = {
    "GameModule": {"ModuleOther1", "ModuleOther2", "VassalVersion", "description", "name", "nextPieceSlotId", "version"},
    "BasicCommandEncoder": set(), "Documentation": set(), "Chatter": set(), "KeyNamer": set(),
    "PrototypesContainer": set(), "PrototypeDefinition": {"description", "name"}, "entry": set(),
    "option": {"name"}, "Board": {"image", "name", "reversible"}, "ZonedGrid": set(), "ZonedGridHighlighter": set(),
    "Zone": {"highlightProperty", "locationFormat", "name", "path", "useHighlight", "useParentGrid"},
    "ForwardToKeyBuffer": set(), "Scroller": set(), "ForwardToChatter": set(), "MenuDisplayer": set(),
    "MapCenterer": set(), "StackExpander": set(), "PieceMover": set(), "KeyBufferer": set(),
    "GlobalProperties": set(), "SelectionHighlighters": set(), "PieceSlot": {"entryName", "gpid", "height", "width"},
    "GlobalTranslatableMessages": set(), "Language": set(),
    "BrowserPDFFile": {"title", "pdfFile"},
}
KNOWN: dict[str, set[str]] = {k: set(v) for k, v in mx.DEFAULTS.items()}
for _k, _v in _EXTRA.items():
    KNOWN.setdefault(_k, set()).update(_v)
INTEGER = {"nextPieceSlotId", "x0", "y0", "edgeWidth", "edgeHeight", "gpid", "width", "height", "nDice", "nSides",
           "plus", "keepCount", "hLeading", "vLeading", "hOff", "vOff", "fontSize", "rotateText", "hDrawOff",
           "vDrawOff", "start", "incr", "loopLimit", "length", "plusButtonSize", "turnButtonHeight", "slotWidth",
           "slotHeight", "nColumns", "exSepX", "exSepY", "unexSepX", "unexSepY", "thickness", "delay",
           "minDisplayPieces", "borderWidth", "borderThickness", "borderInnerThickness", "zoomStart", "divider",
           "circleSize", "flarePulses", "flarePulsesPerSec", "showDeckDepth", "showTerrainWidth",
           "showTerrainHeight", "verticalOffset", "verticalTopText", "verticalBottomText", "extraTextPadding",
           "minMaxHeap", "defaultWidth", "version"}
DOUBLE = {"dx", "dy", "scale", "slotScale", "graphicsZoom", "zoomlevel", "showTerrainZoom", "pieceZoom",
          "pieceZoom2", "pieceZoom3"}
_IMAGE_RE = re.compile(r"[\w.\-]+\.(?:png|gif|jpg|jpeg|svg)", re.I)


def _short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def self_check(entries: dict[str, bytes], kit, plan, where) -> list[str]:
    """Faults of the module in ``entries`` (empty list: sound)."""
    faults: list[str] = []
    try:
        root = parse_xml(entries["buildFile.xml"], "buildFile.xml")
    except Exception as exc:  # noqa: BLE001 - reported as a fault
        return [f"buildFile.xml does not parse: {exc}"]
    gpids: set[int] = set()
    protos = {e.get("name") for e in root.iter() if _short(e.tag) == "PrototypeDefinition"}
    next_gpid = int(root.get("nextPieceSlotId", "0"))
    target = getattr(plan, "vassal", "3.7")
    if root.get("VassalVersion") != DECLARED[target]:
        faults.append(f"the module declares VASSAL {root.get('VassalVersion')!r}, not {DECLARED[target]!r} "
                      f"(VASSAL {target})")
    for e in root.iter():
        name = _short(e.tag)
        if name not in KNOWN:
            faults.append(f"unknown element {e.tag}")
            continue
        if name != "GameModule" and not (e.tag.startswith("VASSAL.") or e.tag in ("entry", "option")):
            faults.append(f"element {e.tag} is not a VASSAL class")
        for attr, value in e.attrib.items():
            if attr not in KNOWN[name]:
                faults.append(f"{name} has an attribute VASSAL does not know: {attr}")
            if attr in INTEGER and not (name == "GameModule" and attr == "version") \
                    and not re.fullmatch(r"-?\d+", value):
                faults.append(f"{name} {attr}={value!r} is not an integer")
            if attr in DOUBLE and not re.fullmatch(r"-?\d+(\.\d+)?(E-?\d+)?", value):
                faults.append(f"{name} {attr}={value!r} is not a number")
        if name == "Board" and f"images/{e.get('image')}" not in entries:
            faults.append(f"board image {e.get('image')} is missing")
        if name == "HelpFile" and e.get("fileName") not in entries:
            faults.append(f"help file {e.get('fileName')} is missing")
        if name == "BrowserPDFFile" and e.get("pdfFile") not in entries:
            faults.append(f"PDF help file {e.get('pdfFile')} is missing")
        if name == "PredefinedSetup" and e.get("file") not in entries:
            faults.append(f"scenario file {e.get('file')} is missing")
        if name in ("PieceSlot", "PrototypeDefinition"):
            text = e.text or ""
            if name == "PieceSlot":
                gpid = int(e.get("gpid", "-1"))
                if gpid in gpids:
                    faults.append(f"piece slot id {gpid} is used twice")
                if gpid >= next_gpid:
                    faults.append(f"piece slot id {gpid} is not below nextPieceSlotId {next_gpid}")
                gpids.add(gpid)
            for img in _IMAGE_RE.findall(text):
                if f"images/{img}" not in entries:
                    faults.append(f"{name} '{e.get('entryName') or e.get('name')}' uses a missing image {img}")
            if canonical_definition(text, target) != text:
                faults.append(f"{name} '{e.get('entryName') or e.get('name')}' has a trait that is not "
                              f"in VASSAL {target}'s canonical form")
            for proto in _prototypes_used(text):
                if proto not in protos:
                    faults.append(f"piece '{e.get('entryName')}' uses a prototype that does not exist: {proto}")
    faults += _check_positions(root, entries, kit, where)
    return faults


def _check_positions(root, entries, kit, where) -> list[str]:
    """Read each map's grid back from the XML and label every scenario unit's position with
    VASSAL's own algorithm: it must be the unit's set-up hex."""
    faults = []
    grids: dict[str, HexGrid] = {}
    for m in root.iter():
        if _short(m.tag) != "Map":
            continue
        for board in m.iter():
            if _short(board.tag) != "Board":
                continue
            for g in board:
                if _short(g.tag) == "HexGrid":
                    num = next((c for c in g if _short(c.tag) == "HexGridNumbering"), None)
                    img = Image.open(io.BytesIO(entries[f"images/{board.get('image')}"]))
                    grids[m.get("mapName")] = HexGrid.from_attributes(dict(g.attrib), dict(num.attrib) if num is not None else None,
                                                                      size=img.size)
    for (scenario_id, unit_id), point in where.items():
        scenario = kit.scenarios[scenario_id]
        placement = scenario.placement_of(unit_id)
        grid = grids.get(point.map_name)
        if grid is None:
            if point.map_name != "Off-map boxes":
                faults.append(f"scenario {scenario_id}: unit {unit_id} is on a map without a grid")
            continue
        label = grid.location_name(point.x, point.y)
        snapped = grid.snap_to(point.x, point.y)
        if label != placement.location:
            faults.append(f"scenario {scenario_id}: unit {unit_id} should stand in {placement.location} "
                          f"but VASSAL would call its position ({point.x},{point.y}) {label!r}")
        elif tuple(snapped) != (point.x, point.y):
            faults.append(f"scenario {scenario_id}: unit {unit_id} at ({point.x},{point.y}) is not on a hex centre "
                          f"(VASSAL snaps it to {snapped})")
    return faults


def _type_elements(definition: str) -> list[str]:
    """The trait type strings of a ``+/null/type/state`` definition, outermost first."""
    parts = decode(definition, "/")
    return split_chain(parts[2]) if len(parts) >= 3 else []


def _prototypes_used(definition: str) -> list[str]:
    return [t[len("prototype;"):].split(";", 1)[0] for t in _type_elements(definition) if t.startswith("prototype;")]


def read_back(module_zip: bytes, kit) -> list[str]:
    """Read the finished module with vmodgen's own readers: every scenario save replays, and each
    unit stands at its set-up hex as the module's grids label it, with its unit id property."""
    from ..vassal.module import read_module
    from ..vassal.replay import replay
    from ..vassal.savefile import read_save_bytes
    faults: list[str] = []
    module = read_module(f"<{kit.game.id}.vmod>", data=module_zip)
    by_file = {s.file: s for s in module.setups}
    from .offered import is_offered
    for scenario in kit.scenarios.values():
        file = f"scenario_{scenario.id}.vsav"
        if not is_offered(kit, scenario):
            if file in by_file:
                faults.append(f"scenario {scenario.id}: offered as a set-up though it has none")
            continue
        if file not in by_file:
            faults.append(f"scenario {scenario.id}: no predefined setup for {file}")
            continue
        save = read_save_bytes(module.read_entry(file), file)
        state = replay(save, locate=module.locate, stacking=module).final
        found: dict[str, str | None] = {}
        for rec in state.pieces.values():
            uid = rec.properties().get("unit_id")
            if uid is not None:
                found[uid] = module.locate(rec.map, rec.x, rec.y) if rec.map != "Off-map boxes" else \
                    _box_of(kit, module, rec)
        for p in scenario.setup:
            got = found.get(p.unit, "<missing>")
            if got != p.location:
                faults.append(f"scenario {scenario.id}: read back, unit {p.unit} stands in {got!r}, "
                              f"not in its set-up location {p.location!r}")
    return faults


def _box_of(kit, module, rec) -> str | None:
    """The box id of a piece on the off-map boxes map (zones are named after the boxes)."""
    label = module.locate(rec.map, rec.x, rec.y)
    for box in kit.map.boxes.values():
        if box.name == label:
            return box.id
    return label
