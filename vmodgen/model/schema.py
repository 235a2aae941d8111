"""The kit format in one place: every table and column the loaders accept, with its type, its
default and what it means. The loaders take their allowed keys from here (``keys(table)``), and
``docs/kit-format.md`` is generated from it (``python -m vmodgen.kitdoc``); a test fails when the
two drift apart."""
from __future__ import annotations

from dataclasses import dataclass

from .layout import LAYOUT_KEYS


@dataclass(frozen=True)
class Key:
    name: str
    type: str
    default: str          # "required" when the key must be given
    meaning: str


REQUIRED = "required"
NAMED = (Key("id", "id", REQUIRED, "ASCII letters, digits, '-', '_' or '.'; what the other files refer to"),
         Key("name", "text", REQUIRED, "the name players read"),
         Key("note", "text", '""', "free text"))


def _named(*extra: Key) -> tuple[Key, ...]:
    return NAMED + extra


#: file → table → keys, in the order the reference lists them
TABLES: dict[str, dict[str, tuple[Key, ...]]] = {
    "game.toml": {
        "[game]": (
            Key("id", "id", REQUIRED, "the game's id (module and output file names)"),
            Key("name", "text", REQUIRED, "the game's title"),
            Key("subtitle", "text", '""', "shown under the title"),
            Key("version", "text", '"1.0"', "the module's version (VASSAL compares it with a save's and warns "
                "when they differ; so does the audit): raise it when a change alters the units or the map"),
            Key("ruleset", "text", '"generic"', "the rules the audit applies: generic, operation-mercury, "
                "invasion-malta, north-africa-41"),
            Key("die", "dice", '"1d6"', "the game's main die, like 1d6, 2d6, 1d10"),
            Key("dice", "list of dice", "[die]", "one dice button each in the module, e.g. [\"1d6\", \"2d6\"]"),
            Key("map", "path", '"../../maps/<id>/map.toml"', "the map file, relative to game.toml"),
            Key("roster", "path", '"roster.csv"', "the roster, relative to game.toml"),
            Key("scenarios", "path", '"scenarios.toml"', "the scenarios (optional file)"),
            Key("images", "path", "none", "a folder of counter images named by unit id: <id>.png (front), "
                "<id>_back.png (back); .png, .jpg or .gif; / \\ : * ? \" < > | in an id read as _"),
            Key("counter_layout", "text", '"generic"', "the bundled layout: generic, operation-mercury, "
                "invasion-malta, north-africa-41 (another name is refused; describe your own in [layout])"),
            Key("counter_size_mm", "number", "12.7", "the printed counter's side (the print sheet)"),
            Key("counter_px", "whole number", "0.72 x hex height", "the counter's side on the module's maps, "
                "in pixels; the default stands inside the hex, clear of the hex ID"),
            Key("source", "text", '""', "where the data comes from"),
            Key("illustrative_note", "text", '""', "what is illustrative, said on the help page, sheet and OOB"),
        ),
        "[[sides]]": _named(Key("color", "colour", '"#808080"', "the side's colour (boxes, pictures)")),
        "[[nationalities]]": _named(
            Key("side", "side id", REQUIRED, "the side it fights for"),
            Key("color", "colour", '"#c0c0c0"', "the counter background"),
            Key("text_color", "colour", '"#000000"', "the counter's ink"),
            Key("illustrative", "true/false", "false", "the colours are not the rulebook's")),
        "[[formations]]": _named(
            Key("nationality", "nationality id", '""', "whose formation"),
            Key("color", "colour", '""', "the formation band; \"\" = none printed"),
            Key("illustrative", "true/false", "false", "the colour is not the rulebook's")),
        "[[movement_classes]]": NAMED,
        "[[flags]]": NAMED,
        "[[unit_types]]": _named(
            Key("symbol", "symbol", '"infantry"', "a base symbol and '+'-joined modifiers (list below)"),
            Key("movement_class", "movement class id", '""', "the type's movement class"),
            Key("kind", "text", '"ground"', "ground, air, naval, marker, supply, hq or other")),
        "[[unit_sizes]]": _named(Key("mark", "text", '""', "the NATO size mark: XX, X, III, II, I, ...")),
        "[[fields]]": _named(
            Key("kind", "text", '"int"', "int or text"),
            Key("abbrev", "text", '""', "a short name for tables")),
        "[[terrain]]": _named(
            Key("color", "colour", '"#e8e0c0"', "the hex fill"),
            Key("pattern", "text", '""', "dots, hatch, trees, hills, marsh, waves, ..."),
            Key("water", "true/false", "false", "sea or lake")),
        "[[hexside_features]]": _named(
            Key("color", "colour", '"#000000"', "the line colour"),
            Key("directional", "true/false", "false", "has an up and a down side (escarpment)")),
        "[[line_features]]": _named(
            Key("color", "colour", '"#804000"', "the line colour"),
            Key("width", "number", "0.08", "fraction of the hex height"),
            Key("dashed", "true/false", "false", "drawn dashed")),
        "[[point_features]]": _named(Key("symbol", "text", "the id", "the map symbol: airfield, port, town, ...")),
        "[[markers]]": _named(
            Key("color", "colour", '"#ffffff"', "the marker's background"),
            Key("text", "text", '""', "the short text printed large")),
        "[sequence]": (
            Key("turn_name", "text", '"Turn"', "the turn tracker's name for a turn"),
            Key("first_turn", "whole number", "1", "the first turn's number"),
            Key("last_turn", "whole number", "none", "the last turn"),
            Key("phases", "array of tables", "[]", "[[sequence.phases]], in order")),
        "[[sequence.phases]]": _named(
            Key("side", "side id", '""', "the phasing side; \"\" = both or none"),
            Key("segments", "list of text", "[]", "the steps of the phase"),
            Key("kind", "text", '""', "movement, combat, supply, reinforcement, ... (when rules apply)")),
        "[rules]": (
            Key("<parameter>", "number, true/false or text", "the rule set's", "a parameter of the game's rule "
                "set (stacking limits, ZOC, supply range...: docs/rules/<game>.md lists a game's, "
                "vmodgen/rules/generic.py the generic set's); an unknown name is refused, with the nearest known one"),
            Key("illustrative", "list of text", "[]", "the parameters whose values are not the rulebook's")),
        "[layout]": tuple(Key(k, t, d, m) for k, (t, d, m) in LAYOUT_KEYS.items()),
    },
    "roster.csv": {
        "columns": (
            Key("id", "text", REQUIRED, "the unit's id, unique (no , ; | \\ or tab)"),
            Key("name", "text", REQUIRED, "the piece's name; the counter prints it without a trailing "
                "\"(2 of 4)\""),
            Key("side", "side id", REQUIRED, ""),
            Key("nationality", "nationality id", REQUIRED, "must belong to the side"),
            Key("formation", "formation id", REQUIRED, "may be empty"),
            Key("type", "unit type id", REQUIRED, ""),
            Key("size", "unit size id", REQUIRED, "may be empty"),
            Key("steps", "whole number", "1", "steps of strength"),
            Key("movement_class", "movement class id", "the type's", ""),
            Key("flags", "flag ids, ';'-separated", '""', "e.g. no_zoc"),
            Key("short_name", "text", "the name", "what the counter prints as its ID"),
            Key("image", "path", "the images folder's", "the front's own image, relative to the roster"),
            Key("back_image", "path", "the images folder's", "the back's own image"),
            Key("front.<field>", "field value", '""', "a printed value of the front"),
            Key("back.<field>", "field value", '""', "a printed value of the back (makes the unit two-sided)"),
            Key("setup:<scenario>", "hex ID or box id", '""', "where the unit starts in that scenario"),
            Key("arrival", "whole number", '""', "the turn it arrives in every scenario"),
            Key("arrival:<scenario>", "whole number", '""', "the turn it arrives in that scenario"),
            Key("illustrative", "column names, ';'-separated, or *", '""', "the values not from the rulebook"),
            Key("notes", "text", '""', "free text")),
    },
    "map.toml": {
        "[map]": (
            Key("id", "id", REQUIRED, ""), Key("name", "text", REQUIRED, ""),
            Key("hex_height_px", "whole number", "64", "a hex's flat-to-flat size on the drawn boards"),
            Key("default_terrain", "terrain id", '"clear"', "the terrain of hexes the tables do not list"),
            Key("illustrative_note", "text", '""', "printed on illustrative boards")),
        "[[sheets]]": (
            Key("id", "id", REQUIRED, ""), Key("name", "text", "the id", ""),
            Key("prefix", "text", '""', "printed before every hex ID of the sheet (W4415)"),
            Key("lines", "text", '"columns"', "columns (flat-topped hexes) or rows (pointy-topped)"),
            Key("line_first", "true/false", "true", "the line number comes before the position number"),
            Key("line_digits", "whole number", "2", "digits of the line number"),
            Key("pos_digits", "whole number", "2", "digits of the position number"),
            Key("separator", "text", '""', "between the two numbers"),
            Key("line_range", "[first, last]", REQUIRED, "the line numbers"),
            Key("pos_range", "[first, last]", REQUIRED, "the position numbers"),
            Key("line_grows", "text", '"east"', "where line numbers grow on the paper"),
            Key("pos_grows", "text", '"south"', "where position numbers grow"),
            Key("shift", "text", '"odd"', "the lines shifted half a hex toward higher positions: odd or even"),
            Key("hexes", "path", "none", "the sheet's terrain table (CSV)"),
            Key("offset", "[x, y]", "none", "place sheets in one frame, adjacent across their join for the rules (ZOC, supply, distances); the module still has one map per sheet"),
            Key("image", "table", "none", "a scan of the printed map: [sheets.image]")),
        "[sheets.image]": (
            Key("file", "path", REQUIRED, "the scan"),
            Key("hex_height_px", "number", REQUIRED, "a hex's size in the scan"),
            Key("origin", "[x, y]", REQUIRED, "the pixel centre of the sheet's first hex")),
        "[[hexsides]]": (
            Key("hexes", "two hex IDs", REQUIRED, "adjacent hexes"),
            Key("feature", "hexside feature id", REQUIRED, ""),
            Key("up", "hex ID", '""', "the higher hex of a directional feature; for a perimeter (NA41 `tobruk_perimeter`), its inside (9.6)"),
            Key("illustrative", "true/false", "true", ""), Key("note", "text", '""', "")),
        "[[lines]]": (
            Key("kind", "line feature id", REQUIRED, ""),
            Key("hexes", "list of hex IDs", REQUIRED, "adjacent hexes in order"),
            Key("name", "text", '""', ""), Key("illustrative", "true/false", "true", ""),
            Key("note", "text", '""', "")),
        "[[places]]": (
            Key("name", "text", REQUIRED, "printed on the board"), Key("hex", "hex ID", REQUIRED, ""),
            Key("kind", "point feature id", '""', ""), Key("illustrative", "true/false", "false", ""),
            Key("note", "text", '""', "")),
        "[[boxes]]": (
            Key("id", "id", REQUIRED, "set-ups may name it like a hex"), Key("name", "text", REQUIRED, ""),
            Key("kind", "text", '"offmap"', "offmap, holding, track or display"),
            Key("side", "side id", '""', ""), Key("adjacent", "list of hex IDs", "[]", "hexes next to the box"),
            Key("note", "text", '""', ""),
            Key("units", "true/false", "true", "false: it holds markers only (a record track, a diagram printed on "
                "the map); a position placing a unit there is refused")),
        "[[areas]]": (
            Key("id", "id", REQUIRED, ""), Key("name", "text", REQUIRED, ""),
            Key("kind", "text", '"sector"', ""), Key("hexes", "list of hex IDs", "[]", ""),
            Key("illustrative", "true/false", "true", ""), Key("note", "text", '""', "")),
    },
    "<sheet>.csv": {
        "columns": (
            Key("hex", "hex ID", REQUIRED, ""), Key("terrain", "terrain id", REQUIRED, ""),
            Key("elevation", "whole number", '""', ""), Key("features", "point feature ids, ';'-separated", '""', ""),
            Key("illustrative", "yes/no", "yes", "the terrain is not the rulebook's"),
            Key("note", "text", '""', "")),
    },
    "scenarios.toml": {
        "[[scenarios]]": (
            Key("id", "id", REQUIRED, "the roster's setup:<id> columns name it"), Key("name", "text", REQUIRED, ""),
            Key("first_turn", "whole number", "the game's", ""), Key("last_turn", "whole number", "the game's", ""),
            Key("sheets", "list of sheet ids", "every sheet", ""), Key("description", "text", '""', ""),
            Key("illustrative", "true/false", "false", "the set-up is not the rulebook's"),
            Key("setup", "array of tables", "[]", "[[scenarios.setup]], over the roster's setup columns"),
            Key("reinforcements", "array of tables", "[]", "[[scenarios.reinforcements]]")),
        "[[scenarios.setup]]": (
            Key("unit", "unit id", REQUIRED, ""), Key("hex", "hex ID or box id", REQUIRED, ""),
            Key("illustrative", "true/false", "false", "")),
        "[[scenarios.reinforcements]]": (
            Key("unit", "unit id", REQUIRED, ""), Key("turn", "whole number", REQUIRED, ""),
            Key("at", "hex ID or box id", '""', "where it enters"), Key("illustrative", "true/false", "false", "")),
    },
}


def keys(file: str, table: str) -> tuple[str, ...]:
    """The key names a table accepts (what the loaders check against)."""
    return tuple(k.name for k in TABLES[file][table])


def top_tables(file: str) -> set[str]:
    """The top-level table names of a TOML file."""
    return {t.strip("[]").split(".")[0] for t in TABLES[file] if t.startswith("[")}
