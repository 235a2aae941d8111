"""Typed views of one command's own text (FORMATS.md §4.4–§4.8).

:func:`parse_command` returns one of the classes below; each has ``encode()`` giving the
text back. A text whose typed form would not re-encode identically is returned as
:class:`Unknown` (kept verbatim), so a typed view is always faithful.

Player passwords (``PLAYER`` playerId, ``M/`` playerId) never appear in ``repr``/``str``
or :meth:`to_json`; :func:`safe_text` gives a command text with them blanked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import limits
from .codec import decode, decode_checked, encode

__all__ = [
    "AddPiece", "RemovePiece", "ChangePiece", "MovePiece", "BeginSave", "EndSave", "NullCommand",
    "Log", "Undo", "Chat", "Player", "TurnState", "BoardPicker", "SetupStack", "GlobalProperty",
    "MutableProperty", "Unknown", "parse_command", "safe_text", "blank_passwords",
]

NULL = "null"


class _Typed:
    kind = "unknown"

    def encode(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (never holding a password)."""
        out: dict[str, Any] = {"kind": self.kind}
        for name, value in vars(self).items():
            if name.startswith("_") or name in ("player_id", "has_container"):
                continue
            out[name] = value.to_json() if isinstance(value, _Typed) else value
        return out


@dataclass
class AddPiece(_Typed):
    """``+/id/type/state``: a piece (type chain + state chain) or a ``stack``."""
    id: str
    type: str
    state: str
    kind = "add"

    @property
    def is_stack(self) -> bool:
        return self.type == "stack"

    def encode(self) -> str:
        return encode(["+", self.id, self.type, self.state], "/")


@dataclass
class RemovePiece(_Typed):
    id: str
    kind = "remove"

    def encode(self) -> str:
        return "-/" + self.id


@dataclass
class ChangePiece(_Typed):
    """``D/id/newState[/oldState]``: full state chains of the whole piece."""
    id: str
    new_state: str
    old_state: str | None = None
    kind = "change"

    def encode(self) -> str:
        tokens = ["D", self.id, self.new_state]
        if self.old_state is not None:
            tokens.append(self.old_state)
        return encode(tokens, "/")


@dataclass
class MovePiece(_Typed):
    """``M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder/playerId``."""
    id: str
    new_map: str | None
    new_x: int
    new_y: int
    new_under: str | None
    old_map: str | None
    old_x: int
    old_y: int
    old_under: str | None
    player_id: str | None = field(default=None, repr=False)
    kind = "move"

    def encode(self) -> str:
        tokens = ["M", self.id, _n(self.new_map), str(self.new_x), str(self.new_y), _n(self.new_under),
                  _n(self.old_map), str(self.old_x), str(self.old_y), _n(self.old_under)]
        if self.player_id is not None:
            tokens.append(self.player_id)
        return encode(tokens, "/")


@dataclass
class BeginSave(_Typed):
    kind = "begin_save"

    def encode(self) -> str:
        return "begin_save"


@dataclass
class EndSave(_Typed):
    kind = "end_save"

    def encode(self) -> str:
        return "end_save"


@dataclass
class NullCommand(_Typed):
    """The empty text: a container of sub-commands (e.g. the pieces of a save)."""
    kind = "null"

    def encode(self) -> str:
        return ""


@dataclass
class Log(_Typed):
    """``LOG\\t<command>``: one recorded action (``LOG\\tnull`` has no inner command)."""
    inner: _Typed | None
    kind = "log"

    @property
    def is_null(self) -> bool:
        return self.inner is None

    def encode(self) -> str:
        return "LOG\t" + (NULL if self.inner is None else self.inner.encode())


@dataclass
class Undo(_Typed):
    """``UNDO\\ttrue`` starts the inverse commands of an undo, ``UNDO\\tfalse`` ends them."""
    in_progress: bool
    kind = "undo"

    def encode(self) -> str:
        return "UNDO\t" + ("true" if self.in_progress else "false")


@dataclass
class Chat(_Typed):
    """``CHAT<text>``: a chat line or an auto-report (HTML-escaped as VASSAL writes it)."""
    text: str
    kind = "chat"

    def encode(self) -> str:
        return "CHAT" + self.text


@dataclass
class Player(_Typed):
    """``PLAYER\\tplayerId\\tname\\tside`` (``PYREMOVE`` with ``removed``)."""
    player_id: str = field(repr=False)
    name: str
    side: str
    removed: bool = False
    extra: list[str] = field(default_factory=list)
    kind = "player"

    def encode(self) -> str:
        if self.removed and not (self.name or self.side or self.extra):
            # VASSAL's PlayerRoster.Remove writes the player id alone (3.7.26, 3.8.0-beta1)
            return "PYREMOVE\t" + encode([self.player_id], "\t")
        prefix = "PYREMOVE\t" if self.removed else "PLAYER\t"
        return prefix + encode([self.player_id, self.name, self.side, *self.extra], "\t")


@dataclass
class TurnState(_Typed):
    """``TURN<trackerId>\\t<state>``; state ``currentLevel|levelState...`` (§4.7)."""
    tracker_id: str
    state: str
    kind = "turn"

    def encode(self) -> str:
        return "TURN" + self.tracker_id + "\t" + self.state


@dataclass
class BoardPicker(_Typed):
    """``<mapId>BoardPicker\\tboard\\tx\\ty...``: the boards chosen for one map."""
    map_id: str
    tokens: list[str]
    kind = "boards"

    @property
    def boards(self) -> list[tuple[str, str, str]]:
        t = self.tokens
        return [(t[i], t[i + 1] if i + 1 < len(t) else "", t[i + 2] if i + 2 < len(t) else "")
                for i in range(0, len(t), 3)]

    def encode(self) -> str:
        return self.map_id + "BoardPicker\t" + encode(self.tokens, "\t")


@dataclass
class SetupStack(_Typed):
    """``SETUP_STACK\\t...``: the game is not new (at-start stacks were placed)."""
    rest: str
    kind = "setup_stack"

    def encode(self) -> str:
        return "SETUP_STACK\t" + self.rest


@dataclass
class GlobalProperty(_Typed):
    """``GlobalProperty\\t;name;value;containerId``."""
    tokens: list[str]
    kind = "global_property"

    @property
    def name(self) -> str:
        return self.tokens[1] if len(self.tokens) > 1 else ""

    @property
    def value(self) -> str:
        return self.tokens[2] if len(self.tokens) > 2 else ""

    @property
    def container(self) -> str:
        return self.tokens[3] if len(self.tokens) > 3 else ""

    def encode(self) -> str:
        return "GlobalProperty\t" + encode(self.tokens, ";")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "value": self.value, "container": self.container}


@dataclass
class MutableProperty(_Typed):
    """``MutableProperty\\tname\\told\\tnew\\tcontainerId``; VASSAL 3.0/3.1 wrote no container id
    (``MutableProperty\\tname\\told\\tnew``, ``has_container`` False, ``container`` ""): 3.2 and
    later read that as a change of the first property of the name in any container
    (``ChangePropertyCommandEncoder.decode``)."""
    name: str
    old: str
    new: str
    container: str
    has_container: bool = field(default=True, repr=False)
    kind = "mutable_property"

    def encode(self) -> str:
        tokens = [self.name, self.old, self.new] + ([self.container] if self.has_container else [])
        return "MutableProperty\t" + encode(tokens, "\t")


@dataclass
class Unknown(_Typed):
    """Any other command, kept verbatim."""
    text: str
    kind = "unknown"

    @property
    def prefix(self) -> str:
        return self.text.split("\t", 1)[0][:40]

    def encode(self) -> str:
        return self.text


def _n(value: str | None) -> str:
    return NULL if value is None else value


def _opt(value: str) -> str | None:
    return None if value == NULL else value


def _int(text: str) -> int:
    if not text or not (text.isascii() and text.lstrip("-").isdigit()):
        raise ValueError(text)
    return int(text)


def _parse(text: str) -> _Typed | _Verified:
    if text.startswith("LOG\t"):
        inner = text[4:]
        return _Verified(Log(None if inner == NULL else parse_command(inner)))
    if text.startswith("+/"):
        t, canonical = decode_checked(text, "/")
        if len(t) == 4 and canonical:
            return _Verified(AddPiece(t[1], t[2], t[3]))
    elif text.startswith("-/"):
        return RemovePiece(text[2:])
    elif text.startswith("D/"):
        t, canonical = decode_checked(text, "/")
        if len(t) == 3 and canonical:
            return _Verified(ChangePiece(t[1], t[2]))
        if len(t) == 4 and canonical:
            return _Verified(ChangePiece(t[1], t[2], t[3]))
    elif text.startswith("M/"):
        t, canonical = decode_checked(text, "/")
        if len(t) in (10, 11):
            mv = MovePiece(t[1], _opt(t[2]), _int(t[3]), _int(t[4]), _opt(t[5]), _opt(t[6]),
                           _int(t[7]), _int(t[8]), _opt(t[9]), t[10] if len(t) == 11 else None)
            if canonical and (str(mv.new_x), str(mv.new_y), str(mv.old_x), str(mv.old_y)) == \
                    (t[3], t[4], t[7], t[8]):
                return _Verified(mv)     # every token re-encodes as written
            return mv
    elif text == "begin_save":
        return BeginSave()
    elif text == "end_save":
        return EndSave()
    elif text == "":
        return NullCommand()
    elif text.startswith("CHAT"):
        return Chat(text[4:])
    elif text.startswith("UNDO\t") and text[5:] in ("true", "false"):
        return Undo(text[5:] == "true")
    elif text.startswith(("PLAYER\t", "PYREMOVE\t")):
        removed = text.startswith("PYREMOVE\t")
        t = decode(text[9 if removed else 7:], "\t")
        t += [""] * (3 - len(t))
        return Player(t[0], t[1], t[2], removed, t[3:])
    elif text.startswith("TURN") and "\t" in text:
        tracker, state = text[4:].split("\t", 1)
        return TurnState(tracker, state)
    elif text.startswith("SETUP_STACK\t"):
        return SetupStack(text[12:])
    elif text.startswith("GlobalProperty\t"):
        return GlobalProperty(decode(text[15:], ";"))
    elif text.startswith("MutableProperty\t"):
        t = decode(text[16:], "\t")
        if len(t) == 4:
            return MutableProperty(t[0], t[1], t[2], t[3])
        if len(t) == 3:                     # VASSAL 3.0/3.1: no container id
            return MutableProperty(t[0], t[1], t[2], "", has_container=False)
    else:
        head, tab, rest = text.partition("\t")
        if tab and head.endswith("BoardPicker"):
            return BoardPicker(head[:-len("BoardPicker")], decode(rest, "\t"))
    return Unknown(text)


def parse_command(text: str) -> _Typed:
    """The typed view of one command text; :class:`Unknown` when not recognised or not canonical
    (also when ``LOG\t`` wrappers nest deeper than :data:`vmodgen.limits.MAX_COMMAND_DEPTH`)."""
    if text.startswith("LOG\tLOG\t"):
        depth, pos = 0, 0
        while text.startswith("LOG\t", pos):
            depth += 1
            pos += 4
            if depth > limits.MAX_COMMAND_DEPTH:
                return Unknown(text)
    try:
        cmd = _parse(text)
    except (ValueError, IndexError):
        return Unknown(text)
    if isinstance(cmd, _Verified):
        return cmd.cmd
    if not isinstance(cmd, Unknown) and cmd.encode() != text:
        return Unknown(text)
    return cmd


class _Verified:
    """A parse known to re-encode identically (canonical tokens): no re-encoding check."""
    __slots__ = ("cmd",)

    def __init__(self, cmd: _Typed) -> None:
        self.cmd = cmd


def blank_passwords(text: str) -> str:
    """``text`` with the playerId of ``PLAYER``/``PYREMOVE`` and ``M/`` commands emptied."""
    prefix = ""
    while text.startswith("LOG\t"):
        prefix += "LOG\t"
        text = text[4:]
    cmd = parse_command(text)
    if isinstance(cmd, Player) and cmd.player_id:
        cmd.player_id = ""
        text = cmd.encode()
    elif isinstance(cmd, MovePiece) and cmd.player_id:
        cmd.player_id = ""
        text = cmd.encode()
    elif isinstance(cmd, Unknown) and text.startswith(("PLAYER\t", "PYREMOVE\t", "M/")):
        # not canonical: blank by position anyway
        if text.startswith("M/"):
            parts = decode(text, "/")
            if len(parts) >= 11:
                parts[10] = ""
                text = encode(parts, "/")
        else:
            head, _, rest = text.partition("\t")
            parts = decode(rest, "\t")
            if parts:
                parts[0] = ""
                text = head + "\t" + encode(parts, "\t")
    return prefix + text


def safe_text(text: str) -> str:
    """``text`` safe to print: passwords blanked (see :func:`blank_passwords`)."""
    if "PLAYER\t" in text or "PYREMOVE\t" in text or "M/" in text:
        return blank_passwords(text)
    return text
