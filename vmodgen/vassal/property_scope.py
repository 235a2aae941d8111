"""The properties around a piece, as ``BasicPiece.getProperty`` climbs to them when the piece
itself defines a name not: its map's (the map's Global Properties, each Deck's
``<deck>_numPieces`` and ``<deck>_<name>`` of its count expressions), then the module's Global Properties. A save holds every Global
Property's value (``GlobalProperty.getRestoreCommand``: ``GlobalProperty\\t;name;value;container``)
and a log each change (``MutableProperty``), so the game state knows them all
(:attr:`GameState.properties`, keyed ``container:name``). A turn tracker's levels are module
properties too (``TurnLevel``'s property, e.g. ``Turn``), worked out from the tracker's state with
the module: they win over a Global Property of the same name, as a tracker VASSAL builds after the
Global Properties replaces it in the module's property map.

``CurrentMap`` is the map the piece is on (``BasicPiece.getPublicProperty``: the map's
configure name, which is the id a save names it by, ``UniqueIdManager.getIdentifier``; ``""``
on no map), ``CurrentX``/``CurrentY`` its point. What only VASSAL works out (where the piece is
in its stack, its location name, the board, the zone, the player) is not known here: the lookup answers ``None`` and a label naming it keeps ``$name$``.
A name no one defines is ``""``, as VASSAL gives it (``ExpressionInterpreter``); zone-level
properties are not read (a zone's property of the same name would win in VASSAL)."""
from __future__ import annotations

from typing import Callable

from ..hexes.vassal_java import formatted_string
from .expression import Unsupported, evaluate, strip_braces
from .gamestate import GameState, PieceRecord
from .piece_filter import accepts
from .traits import Deck

#: properties VASSAL answers from the running game, not from the save (BasicPiece, Map, GameModule)
WORKED_OUT = frozenset({
    "LocationName", "LocalizedLocationName", "CurrentMap", "CurrentBoard", "CurrentZone",
    "DeckName", "DeckPosition", "StackPosition", "StackSize", "Selected", "PieceName",
    "LocalizedPieceName", "PlayerName", "PlayerSide", "PlayerId", "playerSide", "playerName",
    "playerId", "ObscuredToOthers", "ObscuredToMe", "Obscured", "Invisible", "InvisibleToOthers",
    "InvisibleToMe", "IgnoreGrid", "NoStack", "Restricted", "RestrictedAccess", "VisibleState",
    "MapName", "mapName", "location", "oldLocation", "UniqueID", "ClickedX", "ClickedY",
    "CurrentMat", "MatID", "MatName", "KeyCommands", "Moved", "ImageName", "SelectedCount",
    "PieceCount", "SumStack", "CountStack", "AttachmentCount", "Attachments",
})


def scope_lookup(state: GameState, rec: PieceRecord,
                 turns: dict[str, str] | None = None) -> Callable[[str], str | None]:
    """What ``rec``'s piece sees beyond its own traits, in ``state``: a lookup for
    :meth:`~vmodgen.vassal.piece.Piece.name_in`; ``turns``: the turn levels' properties
    (:func:`turn_properties`)."""
    props = state.properties
    m = rec.map
    decks: list[tuple[str, Deck, list[str]]] | None = None

    def deck_property(name: str) -> str | None:
        """``<deck>_numPieces`` or ``<deck>_<count expression>`` of a Deck on the piece's map
        (the first deck in the save's order that defines it)."""
        nonlocal decks
        if decks is None:
            decks = []
            for sid, st in state.stacks.items():
                if not st.deck or st.map != m:
                    continue
                deck = state.pieces.get(sid)
                trait = next((t for t in (deck.piece.traits if deck is not None else [])
                              if isinstance(t, Deck)), None)
                if trait is not None and trait.name:
                    decks.append((trait.name, trait, st.members))
        for deck_name, trait, members in decks:
            if not name.startswith(deck_name + "_"):
                continue
            rest = name[len(deck_name) + 1:]
            if rest == "numPieces":
                return str(len(members))
            for label, expr in trait.count_expressions:
                if label == rest:
                    return str(sum(1 for mid in members if _counted(state, mid, expr)))
        return None

    def get(name: str) -> str | None:
        if name == "CurrentX":
            return str(rec.x)
        if name == "CurrentY":
            return str(rec.y)
        if name == "PieceUID":
            return rec.id
        if name == "CurrentMap":
            return m or ""
        if m is not None:
            got = props.get(f"{m}:{name}")
            if got is not None:
                return got
            if "_" in name:
                got = deck_property(name)
                if got is not None:
                    return got
        got = turns.get(name) if turns else None
        if got is None:
            got = props.get(f"Module:{name}")
        if got is None:
            got = props.get(name)
        if got is not None:
            return got
        if name in WORKED_OUT:
            return None
        return ""
    return get


def _counted(state: GameState, pid: str, expression: str) -> bool:
    """Whether a Deck counts its card ``pid`` under ``expression`` (``Deck.updateCounts``: the
    expression formatted with the card's properties; ``true`` from a ``{...}`` expression, else
    the text read as an old-style property match, :mod:`.piece_filter`). The card's own
    properties only: VASSAL counts a card as it enters or leaves the deck, and the map's
    properties of a card inside a deck are not asked here. Its own traits as saved, a
    ``prototype;Name`` element not expanded: ``updateCounts`` asks ``p.getProperty``, and
    ``UsePrototype`` keeps ``Decorator.getProperty`` (the traits inside it, not the prototype's),
    so a Marker only the prototype holds is not counted (3.7.26 and 3.8.0-beta1 both show 0,
    ``tests/test_deck_count_prototypes.py``)."""
    rec = state.pieces.get(pid)
    if rec is None:
        return False
    look = rec.piece.lookup(None)
    if strip_braces(expression) is not None:
        try:
            text = evaluate(expression, look)
        except Unsupported:
            return False
    else:
        text = formatted_string(expression, lambda n: look(n) or "")
    return text == "true" or (text != "false" and accepts(text, look))


def turn_properties(trackers: dict[str, dict]) -> dict[str, str]:
    """The module properties the turn trackers set: each shown level's property and value, from
    :func:`~vmodgen.vassal.turns.tracker_states` (which needs the module's levels)."""
    out: dict[str, str] = {}
    for entry in trackers.values():
        out.update(entry.get("values") or {})
    return out
