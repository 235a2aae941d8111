"""``build_kit``: a kit in, ``<out>/<game>.vmod`` out — images, boards, pieces, scenarios, help,
counter sheet, ``buildFile.xml``; self-checked before the zip replaces any earlier build."""
from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from PIL import Image

from .. import __version__
from ..errors import VmodgenError
from ..hexes.layout import SheetLayout
from ..model import Kit
from ..vassal.savefile import MODULEDATA, Metadata, metadata_xml, save_bytes
from ..vassal.versions import DECLARED, DEFAULT_TARGET, check_target
from .assemble import ModulePlan, SheetBoard, build_xml, plan_pieces
from .boxes import box_board
from .help_page import help_html
from .offered import is_offered
from ..safeio import write_files_atomic
from .package import FIXED_TIME, zip_bytes
from .scenario_save import MapPoint, scenario_text
from .sizes import module_counter_px

Progress = Callable[[str], None]


class BuildError(VmodgenError):
    """The self-check found a fault in a module about to be written."""


@dataclass
class BuildResult:
    path: Path
    skipped: bool = False                      # nothing changed since the last build
    entries: int = 0
    warnings: list[str] = field(default_factory=list)


def png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def sheet_layout(kit: Kit, sheet_id: str) -> SheetLayout:
    """The geometry of a sheet's board: drawn by vmodgen, or a scan with its calibration."""
    sheet = kit.map.sheets[sheet_id]
    if sheet.image is not None:
        from ..render.board import load_scan
        scan = sheet.image
        return SheetLayout.calibrated(sheet.scheme, scan.hex_height_px, scan.origin, load_scan(scan.file).size)
    from ..render.board import board_layout
    return board_layout(kit.map, sheet_id)


#: the print sheets: in the module's Help menu and beside the module as build outputs
SHEET_PAGES = ("a4", "letter")
SHEET_ENTRY = {"a4": "help/counter-sheet.pdf", "letter": "help/counter-sheet-letter.pdf"}


def sheet_path(out_dir: Path, kit: Kit, page: str) -> Path:
    """``<out>/<game>-counters.pdf`` (A4) and ``<out>/<game>-counters-letter.pdf``."""
    return out_dir / f"{kit.game.id}-counters{'' if page == 'a4' else '-' + page}.pdf"


def offered_scenarios(kit: Kit) -> list:
    """The scenarios the module offers as predefined set-ups (see :mod:`.offered`)."""
    return [s for s in kit.scenarios.values() if is_offered(kit, s)]


def input_fingerprint(kit: Kit, vassal: str = DEFAULT_TARGET) -> str:
    """A hash of everything a build reads: the kit's files (and the map's folder), vmodgen's code
    and the VASSAL version targeted."""
    h = hashlib.sha256(__version__.encode())
    h.update(b"vassal " + vassal.encode())
    files = set(kit.files)
    map_dir = kit.files[2].parent
    files |= {p for p in map_dir.rglob("*") if p.is_file()}
    for f in sorted(files):
        h.update(str(f).encode())
        h.update(f.read_bytes())
    code_root = Path(__file__).resolve().parents[1]
    for py in sorted(code_root.rglob("*.py")):
        h.update(py.relative_to(code_root).as_posix().encode())
        h.update(py.read_bytes())
    return h.hexdigest()


def savedata_meta(description: str, vassal: str = DEFAULT_TARGET, version: str = "1.0") -> Metadata:
    """A scenario save's ``savedata``: this module's version, the VASSAL version the module
    declares, and the scenario's name."""
    return Metadata(version=version, vassal_version=DECLARED[vassal], date_saved="0", description=description)


def _unchanged(target: Path, stamp_path: Path, fingerprint: str) -> bool:
    """The last build's inputs are today's, and its output is still the file it wrote."""
    try:
        inputs, output = stamp_path.read_text().split()
        return inputs == fingerprint and hashlib.sha256(target.read_bytes()).hexdigest() == output
    except (OSError, ValueError):
        return False


def _cache_root(kit: Kit, out_dir: Path) -> Path:
    """``out_dir/.cache``, or the user's cache when that would be inside the kit's folders."""
    from ..safeio import is_inside, user_cache_dir
    if any(is_inside(out_dir, f.parent) for f in kit.files):
        return user_cache_dir("build")
    return out_dir / ".cache"


def build_kit(kit: Kit, out_dir: str | Path = "build", cache_dir: str | Path | None = None,
              progress: Progress | None = None, force: bool = False,
              vassal: str = DEFAULT_TARGET) -> BuildResult:
    """Build ``kit`` into ``out_dir/<game id>.vmod`` for the VASSAL version ``vassal`` (``3.7``,
    the default, opens in 3.7 and 3.8; ``3.8``); skip when nothing changed since the last build."""
    check_target(vassal)
    say = progress or (lambda _msg: None)
    out_dir = Path(out_dir)
    target = out_dir / f"{kit.game.id}.vmod"
    cache_root = _cache_root(kit, out_dir)
    stamp_path = cache_root / f"{kit.game.id}.stamp"
    fingerprint = input_fingerprint(kit, vassal)
    if (not force and _unchanged(target, stamp_path, fingerprint)
            and all(sheet_path(out_dir, kit, p).is_file() for p in SHEET_PAGES)):
        return BuildResult(target, skipped=True)
    cache = Path(cache_dir) if cache_dir else cache_root / "counters"
    entries: dict[str, bytes] = {}
    px = module_counter_px(kit)
    plan = ModulePlan(kit, counter_px=px, vassal=vassal)
    plan_pieces(plan)

    say("counters")
    from .images import counter_png, marker_png  # the renderer's cached counter images
    for unit in kit.units:
        piece = plan.pieces[unit.id]
        entries[f"images/{piece.images[0]}"] = counter_png(kit.game, unit, "front", px, cache)
        if unit.two_sided:
            entries[f"images/{piece.images[1]}"] = counter_png(kit.game, unit, "back", px, cache)
    for marker_id, (_name, _gpid, image, _text) in zip(kit.game.markers, plan.markers):
        entries[f"images/{image}"] = marker_png(kit.game, marker_id, px, cache)

    say("map boards")
    from .images import board_png
    where_by_sheet: dict[str, SheetLayout] = {}
    for sheet in kit.map.sheets.values():
        layout = sheet_layout(kit, sheet.id)
        where_by_sheet[sheet.id] = layout
        image = f"board_{sheet.id}.png"
        entries[f"images/{image}"] = board_png(kit, sheet.id, layout)
        w, h = layout.board_size
        plan.sheets.append(SheetBoard(sheet.id, sheet.name, image, layout.vassal_grid_attributes(),
                                      layout.vassal_numbering_attributes(), (w, h)))
    boxes = box_board(kit, px)
    if boxes is not None:
        plan.boxes, box_img = boxes
        entries[f"images/{plan.boxes.image}"] = png_bytes(box_img)

    say("scenarios")
    map_name = {sb.sheet_id: sb.map_name for sb in plan.sheets}
    where: dict[tuple[str, str], MapPoint] = {}
    box_slots = {z["box_id"]: z["slots"] for z in (plan.boxes.zones if plan.boxes else [])}
    for scenario in kit.scenarios.values():
        used: dict[str, int] = {}
        for placement in scenario.setup:
            loc = placement.location
            if loc in box_slots:      # side by side in the box's counter area, not one stack
                slots = box_slots[loc]
                x, y = slots[min(used.get(loc, 0), len(slots) - 1)]
                used[loc] = used.get(loc, 0) + 1
                where[(scenario.id, placement.unit)] = MapPoint(plan.boxes.map_name, "Boxes", x, y)  # type: ignore[union-attr]
            else:
                sheet, hx = kit.map.sheet_of(loc)  # type: ignore[misc]
                x, y = where_by_sheet[sheet.id].center(hx)
                where[(scenario.id, placement.unit)] = MapPoint(map_name[sheet.id], sheet.id, x, y)
    boards = [(sb.map_name, sb.sheet_id) for sb in plan.sheets]
    if plan.boxes:
        boards.append((plan.boxes.map_name, "Boxes"))
    meta = metadata_xml(Metadata(version=kit.game.version, vassal_version=DECLARED[vassal], date_saved="0",
                                 description=kit.game.name, name=kit.game.name), MODULEDATA)
    for i, scenario in enumerate(offered_scenarios(kit), start=1):
        file = f"scenario_{scenario.id}.vsav"
        text = scenario_text(kit, scenario, plan.pieces, plan.gpids,
                             {u: p for (s, u), p in where.items() if s == scenario.id}, boards)
        entries[file] = save_bytes(text, key=0x5A, savedata=savedata_meta(scenario.name, vassal, kit.game.version), moduledata=meta,
                                   date_time=FIXED_TIME)
        desc = scenario.description + (" (illustrative set-up)" if scenario.illustrative else "")
        plan.setups.append((scenario.name, file, desc))

    say("help and counter sheet")
    from .images import counter_sheet_pdf
    sheets = {page: counter_sheet_pdf(kit, page) for page in SHEET_PAGES}
    for page, data in sheets.items():
        entries[SHEET_ENTRY[page]] = data
        plan.pdf_files.append((f"Counter sheet (PDF, {page.upper() if page == 'a4' else page.title()})",
                               SHEET_ENTRY[page]))
    entries["help/rules.html"] = help_html(kit, SHEET_ENTRY).encode("utf-8")
    plan.help_files.append((f"{kit.game.name}: rules summary", "help/rules.html"))

    say("buildFile.xml")
    entries["buildFile.xml"] = build_xml(plan)
    entries["moduledata"] = meta

    say("self-check")
    from .selfcheck import read_back, self_check
    data = zip_bytes(entries)
    problems = self_check(entries, kit, plan, where) or read_back(data, kit)
    if problems:
        raise BuildError(f"{kit.path}: the built module failed its self-check:\n  " + "\n  ".join(problems[:20]))

    # the print sheets beside the module, the module and its stamp: all written, or none
    stamp = f"{fingerprint}\n{hashlib.sha256(data).hexdigest()}\n".encode("utf-8")
    write_files_atomic([*((sheet_path(out_dir, kit, page), pdf) for page, pdf in sheets.items()),
                        (target, data), (stamp_path, stamp)])
    return BuildResult(target, entries=len(entries))

