"""A kit: one game's definition, roster, map and scenarios, loaded and cross-checked together.

Layout (see README): ``counters/<game>/game.toml`` names its ``roster.csv``, its map
(``maps/<game>/map.toml``) and ``scenarios.toml``, by paths relative to itself.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from .art import art_path, outside_kit
from .game import Game
from .load_game import _id, load_game
from .load_map import load_map
from .load_roster import load_roster
from .mapdata import MapData
from .scenario import Placement, Reinforcement, Scenario
from .tomldoc import TomlDoc
from .unit import Unit
from .problems import item
from .schema import keys


class MapUnreadable(InputError):
    """The map did not load (its faults are reported already): the scenarios cannot be checked."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, "the map has faults (above), so the scenarios were not checked")


@dataclass
class Kit:
    game: Game
    units: list[Unit]
    map: MapData
    scenarios: dict[str, Scenario]
    path: Path                         # the game.toml
    files: list[Path] = field(default_factory=list)   # every file the kit was read from

    @property
    def id(self) -> str:
        return self.game.id

    def unit(self, unit_id: str) -> Unit | None:
        return self._by_id.get(unit_id)

    def __post_init__(self) -> None:
        self._by_id = {u.id: u for u in self.units}

    @property
    def has_illustrative(self) -> bool:
        """Whether any value, terrain or scenario of this kit is not from the rulebook."""
        return (any(u.illustrative for u in self.units) or bool(self.game.illustrative_rules)
                or any(h.illustrative for h in self.map.hexes.values())
                or any(s.illustrative for s in self.scenarios.values()))


def is_file(p: Path) -> bool:
    """``p.is_file()``, False (not an exception) for a name the system refuses (too long...)."""
    try:
        return p.is_file()
    except (OSError, ValueError):
        return False


def is_dir(p: Path) -> bool:
    try:
        return p.is_dir()
    except (OSError, ValueError):
        return False


def repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


def bundled_root() -> Path:
    """The folder holding ``counters/`` and ``maps/``: the source tree, or the installed copy."""
    env = os.environ.get("VMODGEN_KITS")
    if env:
        return Path(env)
    src = repo_root()
    if (src / "counters").is_dir():
        return src
    return Path(__file__).resolve().parents[1] / "_bundled"


def bundled_kits() -> dict[str, Path]:
    """Bundled kit id → its game.toml, sorted by id."""
    root = bundled_root() / "counters"
    out = {}
    if root.is_dir():
        for d in sorted(root.iterdir()):
            if (d / "game.toml").is_file():
                out[d.name] = d / "game.toml"
    return out


def resolve_kit_path(spec: str | Path) -> Path:
    """A kit named by a bundled id, a game.toml, or a folder holding one."""
    kits = bundled_kits()
    if isinstance(spec, str) and spec in kits:
        return kits[spec]
    p = Path(spec)
    if is_dir(p):
        if is_file(p / "game.toml"):
            return p / "game.toml"
        found = sorted(p.glob("counters/*/game.toml"))
        if len(found) == 1:
            return found[0]
        raise InputError(p, "no game.toml in this folder" if not found else
                         "this folder holds several kits: name one of their game.toml files")
    if is_file(p):
        if p.suffix.lower() != ".toml":
            raise InputError(p, "is not a kit: name a kit's game.toml, the folder holding it, or a bundled "
                                f"kit ({', '.join(kits) or 'none'})")
        return p
    raise InputError(spec, f"no such kit{_nearest_kit(str(spec), kits)} (bundled kits: {', '.join(kits) or 'none'})")


def _nearest_kit(spec: str, kits: dict[str, Path]) -> str:
    """``: did you mean 'ID'?`` for the bundled kit id nearest a misspelt one (difflib), or ''.
    A path (with a folder separator) names the user's own kit: no bundled id is suggested."""
    if "/" in spec or os.sep in spec:
        return ""
    import difflib              # only on this error path
    key = spec.lower()
    part = [k for k in kits if len(key) >= 3 and key in k]       # 'malta' → invasion-malta
    near = part if len(part) == 1 else difflib.get_close_matches(key, list(kits), n=1, cutoff=0.6)
    return f": did you mean '{near[0]}'?" if near else ""


def load_kit(spec: str | Path) -> Kit:
    """Load a whole kit and check every cross-reference (units ↔ map ↔ scenarios)."""
    path = resolve_kit_path(spec)
    game, doc = load_game(path)
    g = doc.table("game")
    base = path.parent
    roster_path = base / g.str("roster", "roster.csv")
    map_path = base / g.str("map", f"../../maps/{game.id}/map.toml")
    if not is_file(map_path):
        raise g.error(f"no map file '{map_path}'", "map")
    if not is_file(roster_path):
        raise g.error(f"no roster file '{roster_path}'", "roster")
    mapdata = None
    with item():          # when collecting, a map that does not load still lets the roster be checked
        mapdata = load_map(map_path, game)
    images_dir = None
    if "images" in g:
        images_dir = base / g.str("images")
        if not is_dir(images_dir):
            raise g.error(f"no images folder '{images_dir}'", "images")
        why = outside_kit(images_dir, base)
        if why is not None:
            raise g.error(why, "images")
        game.images_dir = str(images_dir)
    units = load_roster(roster_path, game, images_dir, base)
    if mapdata is None:
        raise MapUnreadable(map_path)
    scen_path = base / g.str("scenarios", "scenarios.toml")
    scenarios = load_scenarios(scen_path, game, mapdata, units, roster_path) if is_file(scen_path) else {}
    files = [path, roster_path, map_path] + ([scen_path] if is_file(scen_path) else [])
    files += sorted({Path(art_path(k)) for u in units for k in u.art if k})   # a changed image rebuilds
    if game.layout is not None and game.layout.font_file:                       # so does a changed font
        files.append(Path(art_path(game.layout.font_file)))
    kit = Kit(game, units, mapdata, scenarios, path, files)
    return kit


def load_scenarios(path: Path, game: Game, mapdata: MapData, units: list[Unit],
                   roster_path: Path) -> dict[str, Scenario]:
    doc = TomlDoc(path)
    for key in doc.data:
        if key != "scenarios":
            raise InputError(path, f"unknown top-level table '{key}'", line=doc.header_line(key))
    by_id = {u.id: u for u in units}
    out: dict[str, Scenario] = {}
    named: set[str] = set()          # every scenario id given, its table faulty or not
    for t in doc.tables("scenarios"):
        with item():
            t.check_keys(keys("scenarios.toml", "[[scenarios]]"))
            sid = _id(t)
            named.add(sid)
            if sid in out:
                raise t.error(f"duplicate scenario id '{sid}'", "id")
            sheets = t.str_list("sheets", tuple(mapdata.sheets))
            for s in sheets:
                if s not in mapdata.sheets:
                    raise t.error(f"unknown sheet '{s}' (known: {', '.join(mapdata.sheets)})", "sheets")
            first = t.int("first_turn", game.sequence.first_turn)
            last = t.int("last_turn", game.sequence.last_turn)
            if last is not None and first is not None and last < first:
                raise t.error(f"'last_turn' {last} is before 'first_turn' {first}", "last_turn")
            scen = Scenario(sid, t.str("name"), first or 1, last, sheets, t.str("description", ""),
                            t.bool("illustrative"))
            for u in units:  # set-up from the roster's setup:<id> column
                loc = u.setup.get(sid)
                if loc is not None:
                    with item():
                        if not mapdata.location_exists(loc):
                            raise InputError(roster_path, f"unit '{u.id}': set-up location '{loc}' for scenario "
                                                          f"'{sid}' is neither a hex of the map nor a box "
                                                          f"({mapdata.location_hint(loc)})", line=u.line)
                        scen.setup.append(Placement(u.id, loc, u.is_illustrative(f"setup:{sid}")))
                turn = u.arrival_in(sid)
                if turn is not None:
                    scen.reinforcements.append(Reinforcement(u.id, turn, "", u.is_illustrative("arrival")))
            for st in t.subs("setup"):
                with item():
                    st.check_keys(keys("scenarios.toml", "[[scenarios.setup]]"))
                    uid, loc = st.str("unit"), st.str("hex")
                    if uid not in by_id:
                        raise st.error(f"unknown unit '{uid}'", "unit")
                    if not mapdata.location_exists(loc):
                        raise st.error(f"set-up location {mapdata.no_location(loc)}", "hex")
                    scen.setup = [p for p in scen.setup if p.unit != uid] + [Placement(uid, loc, st.bool("illustrative"))]
            for rt in t.subs("reinforcements"):
                with item():
                    rt.check_keys(keys("scenarios.toml", "[[scenarios.reinforcements]]"))
                    uid = rt.str("unit")
                    if uid not in by_id:
                        raise rt.error(f"unknown unit '{uid}'", "unit")
                    at = rt.str("at", "")
                    if at and not mapdata.location_exists(at):
                        raise rt.error(f"arrival location {mapdata.no_location(at)}", "at")
                    scen.reinforcements = [r for r in scen.reinforcements if r.unit != uid] + [
                        Reinforcement(uid, rt.required_int("turn", minimum=0), at, rt.bool("illustrative"))]
            out[sid] = scen
    _check_scenario_columns(units, named, roster_path, path)
    return out


def _check_scenario_columns(units: list[Unit], scenarios: set[str], roster_path: Path,
                            path: Path) -> None:
    """A roster's setup:<id> and arrival:<id> columns name scenarios the file defines: one fault
    per column (a misspelt column header), on the header line, with the nearest scenario id.
    ``scenarios``: every id the file gives, also of a table with a fault (reported already)."""
    import difflib
    columns: dict[str, int] = {}
    for u in units:
        for column in [f"setup:{sid}" for sid in u.setup] + [f"arrival:{sid}" for sid in u.arrival if sid]:
            columns.setdefault(column, u.line)
    for column in columns:
        sid = column.split(":", 1)[1]
        if sid in scenarios:
            continue
        with item():
            near = difflib.get_close_matches(sid, sorted(scenarios), n=1, cutoff=0.6)
            hint = f"; did you mean '{column.split(':')[0]}:{near[0]}'?" if near else ""
            known = ", ".join(sorted(scenarios)) or "none"
            raise InputError(roster_path, f"column '{column}' names scenario '{sid}', which {path.name} "
                                          f"does not define (its scenarios: {known}){hint}", line=1)
