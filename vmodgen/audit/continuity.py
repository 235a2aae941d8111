"""Chain continuity: each file of a play-by-email chain should start where the previous one
ended. Every piece whose position or state differs is reported; nothing here fails an audit."""
from __future__ import annotations

from ..binding.pieces import state_key
from ..vassal.piece import Piece
from .model import ContinuityIssue


def _where(entry) -> str:
    pos, label = entry[0], entry[1]
    if pos[0] is None:
        return "off the map"
    return f"{pos[0]} {label}" if label else f"{pos[0]} ({pos[1]},{pos[2]})"


def _name(entry) -> str:
    if entry[4]:
        return entry[4]
    try:
        return Piece(entry[3], entry[2]).name
    except Exception:       # an unreadable chain  # noqa: BLE001
        return "?"


def compare(before_name: str, before: dict, after_name: str, after: dict) -> list[ContinuityIssue]:
    out: list[ContinuityIssue] = []
    a, b = before["pieces"], after["pieces"]
    # the pieces that differ at all (most of a seam's pieces are equal entries: skipped at once)
    differ = [pid for pid, x in a.items() if b.get(pid) != x]
    differ += [pid for pid in b if pid not in a]
    for pid in sorted(differ):
        x, y = a.get(pid), b.get(pid)
        if x is None:
            out.append(ContinuityIssue(before_name, after_name, "added", pid, _name(y), "absent", _where(y)))
            continue
        if y is None:
            out.append(ContinuityIssue(before_name, after_name, "missing", pid, _name(x), _where(x), "absent"))
            continue
        if x[0] != y[0]:
            out.append(ContinuityIssue(before_name, after_name, "moved", pid, _name(x), _where(x), _where(y)))
        if x[2] != y[2] and state_key(x[2]) != state_key(y[2]) and not _same_but_position(x, y):
            diff = _prop_diff(x, y)
            if diff:
                was = "; ".join(f"{k}={v[0]}" for k, v in diff.items())
                now = "; ".join(f"{k}={v[1]}" for k, v in diff.items())
                out.append(ContinuityIssue(before_name, after_name, "changed", pid, _name(x), was, now))
            elif x[0] == y[0]:
                out.append(ContinuityIssue(before_name, after_name, "changed", pid, _name(x),
                                           "state as saved", "a different state (no property differs)"))
    hid_a, hid_b = before.get("concealed"), after.get("concealed")
    if hid_a or hid_b:              # the pieces their owner masked or hid, on either side of the seam
        for c in out:
            x, y = (hid_a or {}).get(c.piece), (hid_b or {}).get(c.piece)
            if x is not None or y is not None:
                c.concealed = (x, y)
    for tid in sorted(before["turns"].keys() | after["turns"].keys()):
        s, t = before["turns"].get(tid, ""), after["turns"].get(tid, "")
        if s != t:         # as the tracker shows it, when the module says how
            s = before.get("turn_text", {}).get(tid) or s
            t = after.get("turn_text", {}).get(tid) or t
            out.append(ContinuityIssue(before_name, after_name, "turn", "", tid, s or "(initial)", t or "(initial)"))
    return out


def _unlogged(key: str) -> bool:
    """Persistent properties a log cannot carry: the ``Old*`` ones VASSAL sets on every move
    (logs record them as ``LOG\tnull``) and ``ClickedX``/``ClickedY``, which a key or menu
    command sets through a ``SetPersistentPropertyCommand`` that has no encoder (VASSAL never
    logs or sends it: the recorder's save has the new click point, the log's replay the old)."""
    return key.startswith("Old") or key in ("ClickedX", "ClickedY")


def _basic_key(t) -> tuple:
    """A BasicPiece state without its place and without the properties no log carries
    (:func:`_unlogged`): a replay cannot know them."""
    from ..vassal.codec import decode
    tokens = decode(t.state, ";")
    props = {k: v for k, v in t.persistent().items() if not _unlogged(k)}
    return (tokens[3] if len(tokens) > 3 else "", sorted(props.items()))


def _same_but_position(x, y) -> bool:
    """Whether two state chains differ only in the BasicPiece's own map and coordinates (old
    VASSAL versions leave stale ones in pieces inside stacks; the stack holds the position) or
    in its ``Old*`` properties."""
    from ..vassal.traits import BasicPiece
    try:
        a, b = Piece(x[3], x[2]).traits, Piece(y[3], y[2]).traits
    except Exception:       # noqa: BLE001
        return False
    if len(a) != len(b):
        return False
    for t, u in zip(a, b):
        if isinstance(t, BasicPiece):
            if _basic_key(t) != _basic_key(u):
                return False
        elif t.state != u.state and _version_free(t) != _version_free(u):
            return False
    return True


def _version_free(t) -> str:
    """A trait's state as VASSAL 3.8 reads it: a Movement Trail saved by 3.7 lacks the last
    field 3.8 writes (its point count, the default 3.8 reads), so a file opened and saved again
    in the other version holds the same trail in another form (FORMATS.md §8.2)."""
    from ..vassal.trait_forms import VERSIONED_IDS, canonical_state
    if not t.type.startswith(VERSIONED_IDS):
        return t.state
    try:
        return canonical_state(t.type, t.state, "3.8")
    except (ValueError, KeyError):    # an unreadable trail: compare it as written
        return t.state


def _prop_diff(x, y) -> dict[str, tuple[str | None, str | None]]:
    """Properties that differ, position excluded (a password never appears in properties)."""
    try:
        p = Piece(x[3], x[2]).properties()
        q = Piece(y[3], y[2]).properties()
    except Exception:       # an unreadable chain: say only that the state differs  # noqa: BLE001
        return {"state": ("…", "… (differs)")}
    skip = {"CurrentX", "CurrentY", "CurrentMap", "CurrentBoard", "CurrentZone", "LocationName"}
    out = {k: (p.get(k), q.get(k)) for k in sorted(p.keys() | q.keys())
           if p.get(k) != q.get(k) and k not in skip and not _unlogged(k)}
    return out


def moved_units(a: dict, b: dict) -> set[str]:
    """The units placed differently at the end ``a`` of one file and the start ``b`` of the
    next: their piece ids and the unit labels the snapshots give (what findings name)."""
    pa, pb = a.get("pieces", {}), b.get("pieces", {})
    sides = {**a.get("sides", {}), **b.get("sides", {})}
    none = (None, 0, 0)
    out: set[str] = set()
    for pid in pa.keys() | pb.keys():
        x, y = pa.get(pid), pb.get(pid)
        wx = x[0] if x is not None and x[0] != none else None
        wy = y[0] if y is not None and y[0] != none else None
        if wx != wy and (pid in sides or "sides" not in a and "sides" not in b):
            out.add(pid)
            out.update(e[4] for e in (x, y) if e is not None and e[4])
    return out
