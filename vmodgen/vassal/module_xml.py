"""Writing ``buildFile.xml``: VASSAL 3.7 components as lxml elements, with the full attribute
sets VASSAL's Editor writes (taken from ``golden/vassal-run/canonical_buildFile.xml``), so a
module re-saved by the Editor keeps every attribute (FORMATS.md §1.5–1.6). Game-neutral.
"""
from __future__ import annotations

from typing import Iterable

from lxml import etree

P = "VASSAL.build."
MOD = P + "module."
MAPC = MOD + "map."
BOARD = MAPC + "boardPicker."
GRID = BOARD + "board."
WIDGET = P + "widget."

#: the Editor's attribute sets, in the order VASSAL writes them (alphabetical)
DEFAULTS: dict[str, dict[str, str]] = {
    "GlobalOptions": {
        "autoReport": "Always", "centerOnMove": "Use Preferences Setting", "chatterHTMLSupport": "Never",
        "disablePieceIndexing": "false", "hotKeysOnClosedWindows": "Never", "inventoryForAll": "Always",
        "minMaxHeap": "0", "nonOwnerUnmaskable": "Use Preferences Setting", "playerIdFormat": "$PlayerName$",
        "promptString": "Opponents can unmask pieces", "purgeBlankPropertyPrompts": "true",
        "sendToLocationMoveTrails": "Never", "storeLeadingZeroIntegersAsStrings": "true"},
    "Map": {
        "allowMultiple": "false", "backgroundcolor": "255,255,255", "buttonName": "", "changeFormat": "$message$",
        "color": "255,0,0", "createFormat": "$pieceName$ created in $location$ *", "description": "",
        "edgeHeight": "0", "edgeWidth": "0", "hideKey": "", "hotkey": "", "icon": "/images/map.gif",
        "launch": "false", "mapName": "Main Map", "markMoved": "Always", "markUnmovedHotkey": "",
        "markUnmovedIcon": "/images/unmoved.gif", "markUnmovedReport": "", "markUnmovedText": "",
        "markUnmovedTooltip": "Mark all pieces on this map as not moved", "moveKey": "",
        "moveToFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
        "moveWithinFormat": "$pieceName$ moves $previousLocation$ -> $location$ *",
        "onlyReportChangedLocation": "false", "showKey": "", "thickness": "3"},
    "BoardPicker": {
        "addColumnText": "Add column", "addRowText": "Add row", "boardPrompt": "Select board",
        "slotHeight": "125", "slotScale": "0.2", "slotWidth": "350", "title": "Choose Boards"},
    "HexGrid": {
        "color": "0,0,0", "cornersLegal": "false", "dotsVisible": "false", "dx": "55.42562584220407",
        "dy": "64.0", "edgesLegal": "false", "sideways": "false", "snapTo": "true", "visible": "false",
        "x0": "0", "y0": "32"},
    "HexGridNumbering": {
        "color": "0,0,0", "first": "H", "fontSize": "9", "hDescend": "false", "hDrawOff": "0", "hLeading": "1",
        "hOff": "1", "hType": "N", "locationFormat": "$gridLocation$", "rotateText": "0", "sep": "",
        "stagger": "true", "vDescend": "false", "vDrawOff": "0", "vLeading": "1", "vOff": "1", "vType": "N",
        "visible": "false"},
    "StackMetrics": {
        "bottom": "40,0", "color": "255,255,255", "disabled": "false", "down": "37,0", "exSepX": "6",
        "exSepY": "18", "top": "38,0", "unexSepX": "8", "unexSepY": "16", "up": "39,0"},
    "ImageSaver": {
        "buttonText": "", "canDisable": "false", "hideWhenDisabled": "false", "hotkey": "",
        "icon": "/images/camera.gif", "propertyGate": "", "tooltip": "Save map as PNG image"},
    "CounterDetailViewer": {
        "bgColor": "", "borderColor": "0,0,0", "borderInnerThickness": "2", "borderThickness": "2",
        "borderWidth": "0", "centerAll": "false", "centerPiecesVertically": "false", "centerText": "false",
        "combineCounterSummary": "false", "counterReportFormat": "", "delay": "700", "description": "",
        "display": "from top-most layer only", "emptyHexReportForma": "$LocationName$", "enableHTML": "false",
        "extraTextPadding": "0", "fgColor": "0,0,0", "fontSize": "9", "graphicsZoom": "1.0", "hotkey": "32,130",
        "layerList": "", "minDisplayPieces": "2", "onlyShowFirstSummary": "false", "propertyFilter": "",
        "showDeck": "false", "showDeckDepth": "1", "showDeckMasked": "false", "showMoveSelectde": "false",
        "showNoStack": "false", "showNonMovable": "false", "showOnlyTopOfStack": "false", "showOverlap": "false",
        "showTerrainBeneath": "never", "showTerrainHeight": "150", "showTerrainSnappy": "true",
        "showTerrainText": "$LocationName$", "showTerrainWidth": "150", "showTerrainZoom": "1.0",
        "showgraph": "true", "showgraphsingle": "false", "showtext": "false", "showtextsingle": "false",
        "stopAfterShowing": "false", "stretchWidthPieces": "false", "stretchWidthSummary": "false",
        "summaryReportFormat": "$LocationName$", "unrotatePieces": "false", "version": "4",
        "verticalBottomText": "10", "verticalOffset": "0", "verticalTopText": "5", "zoomlevel": "1.0"},
    "Zoomer": {
        "inButtonText": "", "inIconName": "/images/zoomIn.gif", "inTooltip": "Zoom in", "outButtonText": "",
        "outIconName": "/images/zoomOut.gif", "outTooltip": "Zoom out", "pickButtonText": "",
        "pickIconName": "/images/zoom.png", "pickTooltip": "Select Zoom", "zoomInKey": "",
        "zoomLevels": "0.2,0.25,0.333,0.4,0.5,0.555,0.625,0.75,1.0,1.25,1.6", "zoomOutKey": "",
        "zoomPickKey": "", "zoomStart": "3"},
    "HighlightLastMoved": {"color": "255,0,0", "enabled": "true", "thickness": "2"},
    "Flare": {
        "circleColor": "255,0,0", "circleScale": "true", "circleSize": "100", "flareKey": "keyAlt",
        "flareName": "Map Flare", "flarePulses": "6", "flarePulsesPerSec": "3", "reportFormat": ""},
    "PieceWindow": {
        "defaultWidth": "0", "hidden": "false", "hotkey": "67,650", "icon": "", "name": "Counters",
        "scale": "1.0", "text": "Counters", "tooltip": "Show/hide the counter palette"},
    "ListWidget": {"divider": "150", "entryName": "Units", "height": "0", "scale": "1.0", "width": "0"},
    "TabWidget": {"entryName": "Units"},
    "PanelWidget": {"entryName": "", "fixed": "false", "nColumns": "6", "scale": "1.0", "vert": "false"},
    "DiceButton": {
        "addToTotal": "0", "canDisable": "false", "disabledIcon": "", "hideWhenDisabled": "false", "hotkey": "",
        "icon": "/images/die.gif", "keepCount": "1", "keepDice": "false", "keepOption": ">", "lockAdd": "false",
        "lockDice": "false", "lockPlus": "false", "lockSides": "false", "nDice": "2", "nSides": "6",
        "name": "2d6", "plus": "0", "prompt": "false", "propertyGate": "",
        "reportFormat": "** $name$ = $result$ *** &lt;$PlayerName$&gt;", "reportTotal": "false",
        "sortDice": "false", "text": "2d6", "tooltip": "Roll 2d6"},
    "TurnTracker": {
        "buttonText": "Turn", "fwdOnly": "false", "hotkey": "", "icon": "", "length": "-1",
        "lengthStyle": "Maximum", "name": "Turn", "nexthotkey": "", "plusButtonSize": "22", "prevhotkey": "",
        "reportFormat": "<$PlayerId$> Turn Updated from $oldTurn$ to $newTurn$", "turnButtonHeight": "22",
        "turnFormat": "$level1$"},
    "CounterTurnLevel": {
        "incr": "1", "loop": "false", "loopLimit": "-1", "property": "Turn", "start": "1",
        "turnFormat": "Turn $value$"},
    "ListTurnLevel": {
        "configFirst": "false", "configList": "false", "list": "", "prompt": "", "property": "Phase",
        "turnFormat": "$value$"},
    "Inventory": {
        "canDisable": "false", "centerOnPiece": "true", "drawPieces": "true", "foldersOnly": "false",
        "forwardKeystroke": "true", "groupBy": "side", "hideWhenDisabled": "false", "hotkey": "", "icon": "",
        "include": "", "launchFunction": "functionHide", "leafFormat": "$PieceName$ [$LocationName$]",
        "name": "Units", "nonLeafFormat": "$PropertyValue$", "pieceZoom": "0.33", "pieceZoom2": "0.5",
        "pieceZoom3": "0.6", "propertyGate": "", "refreshHotkey": "", "showMenu": "true", "sides": "",
        "sortFormat": "$PieceName$", "sortPieces": "true", "sorting": "alpha", "text": "Units",
        "tooltip": "Show inventory", "zoomOn": "false"},
    "PredefinedSetup": {"description": "", "file": "", "isMenu": "false", "name": "", "useFile": "true"},
    "ToolbarMenu": {
        "canDisable": "false", "description": "", "disabledIcon": "", "hideWhenDisabled": "false", "hotkey": "",
        "icon": "", "menuItems": "", "propertyGate": "", "text": "Tools", "tooltip": ""},
    "HelpFile": {"fileName": "", "fileType": "archive", "title": "", "vassalDoc": "user"},
    "PlayerRoster": {"buttonKeyStroke": "", "buttonText": "Retire", "buttonToolTip": "Switch sides"},
}
#: the Editor's GlobalOptions <option> children
GLOBAL_OPTIONS = [("newHotKey", "87,520"), ("endHotKey", "87,585"), ("stepIcon", "/images/StepForward16.gif"),
                  ("stepHotKey", "34,0"), ("undoIcon", "/images/Undo16.gif"), ("undoHotKey", ""),
                  ("serverControlsIcon", "/images/connect.gif"), ("serverControlsHotKey", "83,520"),
                  ("debugControlsIcon", ""), ("debugControlsHotKey", ""), ("scenarioPropertiesIcon", ""),
                  ("scenarioPropertiesHotKey", "")]


def el(parent, tag: str, defaults: str | None = None, text: str | None = None, **attrs) -> etree._Element:
    """A child element ``tag`` with the Editor's default attributes for ``defaults`` overridden by ``attrs``."""
    values = dict(DEFAULTS.get(defaults or "", {}))
    values.update({k: str(v) for k, v in attrs.items()})
    node = etree.SubElement(parent, tag) if parent is not None else etree.Element(tag)
    for k in sorted(values):
        node.set(k, values[k])
    if text is not None:
        node.text = text
    return node


def game_module(name: str, version: str, description: str, next_gpid: int,
                vassal_version: str = "3.7.0") -> etree._Element:
    """The root ``GameModule``; ``vassal_version`` is what it declares (vassal/versions.py)."""
    root = el(None, P + "GameModule", ModuleOther1="", ModuleOther2="", VassalVersion=vassal_version,
              description=description, name=name, nextPieceSlotId=next_gpid, version=version)
    el(root, MOD + "BasicCommandEncoder")
    return root


def documentation(root, help_files: Iterable[tuple[str, str]],
                  pdf_files: Iterable[tuple[str, str]] = ()) -> None:
    """The Help menu: HTML pages (``HelpFile``) and PDFs VASSAL opens in the system's viewer
    (``BrowserPDFFile``: extracted from the module to a temporary file)."""
    doc = el(root, MOD + "Documentation")
    for title, file_name in help_files:
        el(doc, MOD + "documentation.HelpFile", "HelpFile", fileName=file_name, title=title)
    for title, file_name in pdf_files:
        el(doc, MOD + "documentation.BrowserPDFFile", pdfFile=file_name, title=title)


def player_roster(root, sides: Iterable[str]) -> None:
    roster = el(root, MOD + "PlayerRoster", "PlayerRoster")
    for s in sides:
        el(roster, "entry", text=s)


def global_options(root) -> None:
    opts = el(root, MOD + "GlobalOptions", "GlobalOptions")
    for name, value in GLOBAL_OPTIONS:
        el(opts, "option", name=name, text=value or None)
    el(root, MOD + "Chatter")
    el(root, MOD + "KeyNamer")


def prototypes(root, defs: Iterable[tuple[str, str, str]]) -> None:
    """``defs``: (name, description, definition text)."""
    box = el(root, MOD + "PrototypesContainer")
    for name, desc, text in defs:
        el(box, MOD + "PrototypeDefinition", description=desc, name=name, text=text)


def map_window(root, map_name: str, board_name: str, image: str, grid: dict, numbering: dict,
               edge: tuple[int, int] = (0, 0), description: str = "", launch: bool = False,
               zones: list[dict] | None = None, stack_sep: tuple[int, int] | None = None) -> etree._Element:
    """A Map with one board and its HexGrid (or, with ``zones``, a ZonedGrid of named boxes).

    ``stack_sep``: the (x, y) offsets of the pieces of an unexpanded stack; given, the stack also
    draws every piece in full (no ``color``: VASSAL's ``StackMetrics`` paints the pieces under the
    top one as blank squares of that colour when it is set)."""
    m = el(root, MOD + "Map", "Map", mapName=map_name, description=description,
           edgeWidth=edge[0], edgeHeight=edge[1], launch="true" if launch else "false",
           buttonName=map_name if launch else "")
    picker = el(m, MAPC + "BoardPicker", "BoardPicker")
    board = el(picker, BOARD + "Board", image=image, name=board_name, reversible="false")
    if zones is not None:
        zg = el(board, GRID + "ZonedGrid")
        for z in zones:
            el(zg, GRID + "mapgrid.Zone", highlightProperty="", locationFormat="$name$", name=z["name"],
               path=z["path"], useHighlight="false", useParentGrid="false")
        # VASSAL's ZonedGrid.build adds this child when it is missing and the Editor saves it (canonical form)
        el(zg, GRID + "mapgrid.ZonedGridHighlighter")
    else:
        g = el(board, GRID + "HexGrid", "HexGrid", **grid)
        el(g, GRID + "mapgrid.HexGridNumbering", "HexGridNumbering", **numbering)
    sm = el(m, MAPC + "StackMetrics", "StackMetrics")
    if stack_sep is not None:
        sm.set("unexSepX", str(stack_sep[0]))
        sm.set("unexSepY", str(stack_sep[1]))
        del sm.attrib["color"]
    for simple in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
                   "StackExpander", "PieceMover", "KeyBufferer"):
        el(m, MAPC + simple)
    el(m, MAPC + "ImageSaver", "ImageSaver")
    el(m, MAPC + "CounterDetailViewer", "CounterDetailViewer")
    el(m, MAPC + "Zoomer", "Zoomer")
    el(m, MOD + "properties.GlobalProperties")
    el(m, MAPC + "SelectionHighlighters")
    el(m, MAPC + "HighlightLastMoved", "HighlightLastMoved")
    el(m, MAPC + "Flare", "Flare")
    return m


def _set_text_attribute(node: etree._Element, value: str) -> etree._Element:
    """Set the XML *attribute* ``text`` (a button label); ``el(text=...)`` sets element text content."""
    node.set("text", value)
    return node


def piece_window(root, name: str = "Counters") -> etree._Element:
    # The button label is the attribute ``text``; VASSAL drops element text content of a PieceWindow.
    return _set_text_attribute(el(root, MOD + "PieceWindow", "PieceWindow", name=name), name)


def tab_widget(parent, name: str) -> etree._Element:
    return el(parent, WIDGET + "TabWidget", "TabWidget", entryName=name)


def list_widget(parent, name: str) -> etree._Element:
    return el(parent, WIDGET + "ListWidget", "ListWidget", entryName=name)


def panel_widget(parent, name: str, columns: int = 6) -> etree._Element:
    return el(parent, WIDGET + "PanelWidget", "PanelWidget", entryName=name, nColumns=columns)


def piece_slot(parent, name: str, gpid: int, definition: str, size: int) -> etree._Element:
    return el(parent, WIDGET + "PieceSlot", entryName=name, gpid=gpid, height=size, width=size, text=definition)


def dice_button(root, count: int, sides: int) -> str:
    name = f"{count}d{sides}"
    # The button label is the attribute ``text`` (it was the default "2d6" whatever the dice).
    _set_text_attribute(el(root, MOD + "DiceButton", "DiceButton", nDice=count, nSides=sides, name=name,
                           tooltip=f"Roll {name}"), name)
    return name


def turn_tracker(root, turn_name: str, first: int, phases: list[str]) -> None:
    """Turns counted from ``first``, with the phases as a second level (logs record both)."""
    fmt = "$level1$ $level2$" if phases else "$level1$"
    tt = el(root, MOD + "turn.TurnTracker", "TurnTracker", turnFormat=fmt, name="Turn", buttonText="Turn")
    counter = el(tt, MOD + "turn.CounterTurnLevel", "CounterTurnLevel", start=first,
                 turnFormat=f"{turn_name} $value$")
    if phases:
        el(counter, MOD + "turn.ListTurnLevel", "ListTurnLevel", list=",".join(phases))


def inventory(root, group_by: str = "side", include: str = "") -> str:
    """An Inventory window. ``include`` is the piece filter; VASSAL 3.7 lists *no* piece when it is
    empty (an empty expression is never "true"), so pass one, e.g. ``{unit_id!=""}``."""
    el(root, MOD + "Inventory", "Inventory", groupBy=group_by, include=include)
    return "Units"


def predefined_setup(root, name: str, file: str, description: str = "") -> None:
    el(root, MOD + "PredefinedSetup", "PredefinedSetup", name=name, file=file, description=description)


def toolbar_menu(root, items: list[str]) -> None:
    el(root, MOD + "ToolbarMenu", "ToolbarMenu", menuItems=",".join(items))


def finish(root) -> None:
    """The components the Editor always writes last."""
    el(root, MOD + "properties.GlobalProperties")
    el(root, MOD + "properties.GlobalTranslatableMessages")
    el(root, "VASSAL.i18n.Language")


def to_bytes(root) -> bytes:
    """The XML text, indented like the Editor does (text content is never re-indented)."""
    etree.indent(root, space="    ")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False)

