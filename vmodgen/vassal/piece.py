"""A piece as its traits (FORMATS.md §3.2, §3.7): :class:`Piece`, :func:`decode_piece`,
:func:`expand_prototypes`. Re-exported by :mod:`vmodgen.vassal.traits`."""
from __future__ import annotations

from typing import Callable, Iterable, Protocol, cast, runtime_checkable

from .. import limits
from ..notes import warn_once
from .chains import CACHED_STATE_MAX, _plain, join_chain, split_chain, split_state_chain, state_tail, trait_id
from ..errors import InputError, LimitError
from .codec import decode
from .traits import (BasicName, BasicPiece, CalculatedProperty, Labeler, Layer, Trait, UsePrototype, _int,
                     make_trait, moved_basic_state)

__all__ = ["Piece", "decode_piece", "expand_prototypes"]


# ----------------------------------------------------------------------------------------
# pieces
_TYPE_SPLITS: dict[str, tuple[str, ...]] = {}   # type chain -> its elements
_TYPE_SPLITS_MAX = 4096
#: (state chain, type chain) → where its plain BasicPiece element starts (``state_tail``), for
#: the state chains :meth:`Piece.set_position` wrote: a piece's next move (in the next file too,
#: which opens with the texts the previous one ended with) finds it without a scan of the chain;
#: only chains of at most ``CACHED_STATE_MAX`` characters (a hostile log's long states are not kept)
_TAILS: dict[tuple[str, str], int] = {}
_TAILS_MAX = 50_000


def type_elements(type_chain: str, source: str | None = None) -> tuple[str, ...]:
    """A type chain's elements, outermost first; a chain past the limit names ``source``.
    Memoised per type text: the pieces of a save share a few hundred type chains."""
    types = _TYPE_SPLITS.get(type_chain)
    if types is None:
        try:
            types = tuple(split_chain(type_chain))
        except InputError as exc:
            raise (exc.at(source) if source else exc) from None
        if len(_TYPE_SPLITS) >= _TYPE_SPLITS_MAX:
            _TYPE_SPLITS.clear()
        _TYPE_SPLITS[type_chain] = types
    return types


class Piece:
    """A piece: traits outermost first (the last one normally the BasicPiece).

    Built from its type and state chains; the traits are decoded on first use, so holding
    thousands of pieces (a save) costs nothing until their properties are asked for.
    """

    __slots__ = ("_type", "_state", "_traits", "_types0", "_states0", "_count", "_warnings",
                 "source", "_tail")

    def __init__(self, type_chain: str = "", state_chain: str = "",
                 traits: list[Trait] | None = None, warnings: list[str] | None = None,
                 source: str | None = None) -> None:
        self._type = type_chain
        self._state = state_chain
        self._warnings = warnings
        self.source = source        # the file it came from: named by errors found on decoding
        self._traits: list[Trait] | None = None
        self._types0: tuple[str, ...] = ()
        self._states0: tuple[str, ...] = ()
        self._count: int | None = None
        #: (state chain, type chain, i): that state chain (of that type) is canonical and its
        #: BasicPiece element is plain, starting at ``i`` (``state_tail``); kept for the very
        #: same two strings only (compared by identity), so any new state or type drops it
        self._tail: tuple[str, str, int] | None = None
        if traits is not None:
            self._traits = list(traits)
            self._type = join_chain(t.type for t in self._traits)
            self._state = join_chain(t.state for t in self._traits)
            self._snapshot()

    @classmethod
    def from_traits(cls, traits: Iterable[Trait]) -> "Piece":
        return cls(traits=list(traits))

    def _snapshot(self) -> None:
        assert self._traits is not None
        self._types0 = tuple(t.type for t in self._traits)
        self._states0 = tuple(t.state for t in self._traits)
        self._count = len(self._traits)

    @property
    def traits(self) -> list[Trait]:
        if self._traits is None:
            types = self._split_type()
            states = split_state_chain(self._state, len(types))
            warnings = self._warnings
            self._traits = [make_trait(t, st, warnings) for t, st in zip(types, states)]
            # what :meth:`_snapshot` would read back: each trait holds its element as given
            # (``split_state_chain`` gives one state per type element)
            self._types0, self._states0, self._count = types, tuple(states), len(types)
        return self._traits

    @property
    def count(self) -> int:
        """Number of elements in the chain."""
        if self._count is None:
            self._count = len(self._traits) if self._traits is not None else len(self._split_type())
        return self._count

    def _split_type(self) -> tuple[str, ...]:
        """The type elements (:func:`type_elements`), an error naming :attr:`source` (decoding
        is lazy: the error comes long after the file was read)."""
        return type_elements(self._type, self.source)

    # -- encoding ----------------------------------------------------------------------
    def _sync(self) -> None:
        if self._traits is None:
            return
        types = tuple(t.type for t in self._traits)
        states = tuple(t.state for t in self._traits)
        if types != self._types0:
            self._type = join_chain(types)
        if states != self._states0 or types != self._types0:
            self._state = join_chain(states)
        self._types0, self._states0, self._count = types, states, len(types)     # _snapshot's

    def encode_type(self) -> str:
        self._sync()
        return self._type

    @property
    def type_chain(self) -> str:
        """The type chain (as :meth:`encode_type`)."""
        return self.encode_type()

    @property
    def state_chain(self) -> str:
        """The state chain (as :meth:`encode_state`)."""
        return self.encode_state()

    def encode_state(self) -> str:
        self._sync()
        return self._state

    def set_state(self, state_chain: str) -> None:
        """Install a new state chain (a ``D/`` command's newState)."""
        self._sync()
        self._state = state_chain
        if self._traits is not None:
            for trait, st in zip(self._traits, split_state_chain(state_chain, len(self._traits))):
                trait.state = st
            self._states0 = tuple(t.state for t in self._traits)

    def basic_state(self) -> str:
        """The BasicPiece's state (``map;x;y;gpid;...``), without decoding every trait."""
        if self._traits is not None:
            self._sync()
            return self._traits[-1].state
        tail = self._tail
        if tail is not None and tail[0] is self._state and tail[1] is self._type:
            return self._state[tail[2]:]
        count = self.count
        i = state_tail(self._state, count)
        if i is not None:
            return self._state[i:]
        return split_state_chain(self._state, count)[-1]

    def position(self) -> tuple[str | None, int, int]:
        """``(map, x, y)`` from the BasicPiece state (map ``None`` = not on a map)."""
        tokens = decode(self.basic_state(), ";")
        map_id = tokens[0] if tokens and tokens[0] not in ("null", "") else None
        return map_id, _int(tokens, 1), _int(tokens, 2)

    def set_position(self, map_id: str | None, x: int, y: int) -> None:
        """Move the BasicPiece (what ``M/`` does to the piece's own state)."""
        if self._traits is None:
            # without decoding every trait: only the innermost element changes
            st = self._state
            tail = self._tail
            i: int | None
            if tail is not None and tail[0] is st and tail[1] is self._type:
                i = tail[2]                   # a BasicPiece element found here before
            else:
                # a state chain written by a move before (in this file or the one before it,
                # whose end the next file opens with: the same texts)
                i = _TAILS.get((st, self._type))
                if i is None:
                    types = self._split_type()
                    if not types or trait_id(types[-1]) != BasicPiece.ID:
                        return
                    i = state_tail(st, len(types))
            if i is not None:
                # canonical chain, plain innermost element: only the tail is re-encoded
                basic = moved_basic_state(st[i:], map_id, x, y)
                if basic is None:
                    basic = BasicPiece(self._split_type()[-1], st[i:]).with_position(map_id, x, y)
                if _plain(basic):
                    self._state = st = st[:i] + basic
                    self._tail = (st, self._type, i)
                    if len(st) <= CACHED_STATE_MAX:
                        if len(_TAILS) >= _TAILS_MAX:
                            _TAILS.clear()
                        _TAILS[(st, self._type)] = i
                    return
            types = self._split_type()
            states = split_state_chain(st, len(types))
            states[-1] = BasicPiece(types[-1], states[-1]).with_position(map_id, x, y)
            self._state = join_chain(states)
            return
        traits = self._traits
        last = traits[-1] if traits else None
        if isinstance(last, BasicPiece):
            last.state = last.with_position(map_id, x, y)
            self._sync()

    # -- views -------------------------------------------------------------------------
    @property
    def basic(self) -> BasicPiece | None:
        traits = self.traits
        last = traits[-1] if traits else None
        return last if isinstance(last, BasicPiece) else None

    @property
    def basic_name(self) -> str:
        """``BasicName``: the outermost Basic Name trait's, else the BasicPiece's own name."""
        for trait in self.traits:
            if isinstance(trait, BasicName):
                return trait.name
        b = self.basic
        return b.name if b else ""

    def properties(self) -> dict[str, str]:
        """All trait properties; the outermost trait defining a name wins."""
        props: dict[str, str] = {}
        for trait in reversed(self.traits):
            props.update(trait.properties())
        return props

    def get(self, name: str, default: str | None = None) -> str | None:
        for trait in self.traits:
            value = trait.properties().get(name)
            if value is not None:
                return value
        return default

    @property
    def name(self) -> str:
        """The displayed name (``PieceName``): Layer level names and labels applied; a label's
        reference to a name the piece does not hold is left as written (see :meth:`name_in`)."""
        return self.name_in(None)

    def name_in(self, outer: Callable[[str], str | None] | None) -> str:
        """The displayed name, a label's ``$name$`` that the piece does not define read from
        ``outer`` (its zone's, map's and the module's properties, as ``BasicPiece.getProperty``
        climbs to them; ``None`` from it: not known here, left as written). A Layer whose level
        follows a property is named at that level (:meth:`layer_level`)."""
        name = ""
        found: list[Callable[[str], str | None]] = []

        def lookup() -> Callable[[str], str | None]:
            if not found:
                found.append(self.lookup(outer))
            return found[0]
        for trait in reversed(self.traits):
            if isinstance(trait, Labeler):
                name = trait.display_name(name, lambda: _LookupView(lookup()))
            elif isinstance(trait, Layer) and trait.follows:
                name = trait.display_name(name, self.layer_level(trait, lookup()))
            else:
                name = trait.display_name(name)
            if isinstance(trait, BasicPiece):
                name = self.basic_name      # BasicPiece.getName(): the outermost BasicName
        return name

    @staticmethod
    def layer_level(layer: Layer, lookup: Callable[[str], str | None]) -> int:
        """The level a Layer shows: its saved level, or for one that follows a property
        (``Layer.follows``) the level that property's value gives (a ``{...}`` expression
        evaluated, :mod:`.expression`); the saved level when the value is not known here."""
        prop = layer.follows
        if not prop:
            return layer.level
        from .expression import Unsupported, evaluate, strip_braces
        if strip_braces(prop) is not None:
            try:
                value: str | None = evaluate(prop, lookup)
            except Unsupported:
                value = None
        else:
            value = lookup(prop)
        return layer.level_following(value)

    def lookup(self, outer: Callable[[str], str | None] | None = None) -> Callable[[str], str | None]:
        """``getProperty`` of the whole piece: the outermost trait defining the name answers (a
        Calculated Property by evaluating its expression, :mod:`.expression`, against this same
        lookup; a Layer following a property at the level it gives), else ``outer``. ``None``:
        not known here (an expression this reader does not evaluate, a property only VASSAL
        works out, or one asked while it is being worked out, which VASSAL stops as an infinite
        loop)."""
        table: dict[str, tuple[str, object]] = {}     # name -> (kind, value | expression | layer)
        for trait in reversed(self.traits):           # innermost first: the outer ones overwrite
            if isinstance(trait, CalculatedProperty):
                if trait.name:
                    table[trait.name] = ("calc", trait.expression)
            elif isinstance(trait, Layer) and trait.follows:
                for k in trait.properties():
                    table[k] = ("layer", trait)
            else:
                for k, v in trait.properties().items():
                    table[k] = ("value", v)
        memo: dict[str, str | None] = {}
        busy: set[str] = set()

        def get(name: str) -> str | None:
            entry = table.get(name)
            if entry is None:
                return outer(name) if outer is not None else None
            kind, what = entry
            if kind == "value":
                return what         # type: ignore[return-value]
            if name in memo:
                return memo[name]
            if name in busy or len(busy) >= _MAX_CALC_DEPTH:
                return None
            busy.add(name)
            try:
                if kind == "calc":
                    from .expression import Unsupported, evaluate
                    try:
                        got: str | None = evaluate(str(what), get)
                    except Unsupported:
                        got = None
                else:
                    layer = what
                    assert isinstance(layer, Layer)
                    got = layer.properties(self.layer_level(layer, get)).get(name)
            finally:
                busy.discard(name)
            memo[name] = got
            return got
        return get

    def images(self) -> list[str]:
        """Every image name the piece's traits may draw (no duplicates, in chain order)."""
        seen: dict[str, None] = {}
        for trait in self.traits:
            for img in trait.images():
                seen.setdefault(img, None)
        return list(seen)

    def find(self, cls: type[Trait]) -> list[Trait]:
        return [t for t in self.traits if isinstance(t, cls)]

    def copy(self) -> "Piece":
        return Piece(self.encode_type(), self.encode_state(), warnings=self._warnings, source=self.source)

    def to_json(self) -> dict:
        return {"name": self.name, "basic_name": self.basic_name, "properties": self.properties(),
                "traits": [t.to_json() for t in self.traits]}

    def __repr__(self) -> str:
        return f"Piece({self.name!r}, traits={[t.id for t in self.traits]})"


#: Calculated Properties worked out inside one another at most this deep
_MAX_CALC_DEPTH = 50


class _LookupView:
    """What a Text Label asks of its piece's properties (``get``), through a lookup."""

    __slots__ = ("_get",)

    def __init__(self, get: Callable[[str], str | None]) -> None:
        self._get = get

    def get(self, name: str, default: str | None = None) -> str | None:
        value = self._get(name)
        return default if value is None else value


def decode_piece(type_chain: str, state_chain: str = "", warnings: list[str] | None = None) -> Piece:
    """Decode a type chain and its state chain into a :class:`Piece` (traits decoded now,
    so unknown IDs are reported in ``warnings`` at once)."""
    piece = Piece(type_chain, state_chain, warnings=warnings)
    piece.traits
    return piece


# ----------------------------------------------------------------------------------------
# prototypes
def _proto_chain(definition: str) -> tuple[list[str], list[str]]:
    """Type and state elements of a PrototypeDefinition text (``+/null/type/state`` or a chain)."""
    text = definition.strip()
    if text.startswith("+/"):
        tokens = decode(text, "/")
        type_chain = tokens[2] if len(tokens) > 2 else ""
        state_chain = tokens[3] if len(tokens) > 3 else ""
    else:
        type_chain, state_chain = text, ""
    types = split_chain(type_chain)
    return types, split_state_chain(state_chain, len(types))


#: the most traits one piece may have after its prototypes are expanded (a hostile module can
#: make prototypes that use each other many times over: the expansion would grow exponentially).
#: Set in :mod:`vmodgen.limits`; read at call time.
MAX_EXPANDED_TRAITS = limits.MAX_EXPANDED_TRAITS


@runtime_checkable
class _Budget(Protocol):
    """Prototypes that count the traits expanded from them (a module's
    :class:`vmodgen.vassal.buildfile.Prototypes`, not imported here to keep this module light)."""
    expanded: int
    source: str | None


def expand_prototypes(type_chain: str, state_chain: str, prototypes: dict[str, str],
                      warnings: list[str] | None = None, max_depth: int = 32) -> tuple[str, str]:
    """Replace every ``prototype;Name`` element by that prototype's traits (its BasicPiece
    dropped), recursively; returns the expanded ``(type_chain, state_chain)``.

    ``prototypes`` maps a prototype name to its PrototypeDefinition text. A missing name
    is reported in ``warnings`` and left in place; a prototype that uses itself (directly or
    through others) is not expanded again inside itself; nesting stops at ``max_depth`` and the
    whole expansion at :data:`vmodgen.limits.MAX_EXPANDED_TRAITS` traits (each reported once in ``warnings``).
    """
    types = split_chain(type_chain)
    states = split_state_chain(state_chain, len(types))
    out_t: list[str] = []
    out_s: list[str] = []
    _Expander(prototypes, warnings, max_depth).run(types, states, out_t, out_s, ())
    # a module's Prototypes: one budget for all (what ``isinstance(prototypes, _Budget)`` asks of
    # the runtime-checkable Protocol, without its ~7 us a call)
    if hasattr(prototypes, "expanded") and hasattr(prototypes, "source"):
        budget = cast(_Budget, prototypes)
        budget.expanded += len(out_t)
        if budget.expanded > limits.MAX_EXPANDED_TRAITS_TOTAL:
            raise LimitError(budget.source,
                             f"prototypes expand to more than {limits.MAX_EXPANDED_TRAITS_TOTAL} traits "
                             "in all (limit MAX_EXPANDED_TRAITS_TOTAL)")
    return join_chain(out_t), join_chain(out_s)


#: a prototype definition's text -> its type and state elements, BasicPiece dropped (what
#: :meth:`_Expander.chain` reads; a module's few prototypes serve every piece expanded). At most
#: :data:`_PROTO_MEMO_ENTRIES` definitions of at most :data:`_PROTO_MEMO_CHARS` characters each
#: (real ones are shorter: Almoravid's longest ~7,300), so the memo stays a few MB at most
_PROTO_CHAINS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
_PROTO_MEMO_ENTRIES = 1024
_PROTO_MEMO_CHARS = 8_000


class _Expander:
    def __init__(self, prototypes: dict[str, str], warnings: list[str] | None, max_depth: int) -> None:
        self.prototypes = prototypes
        self.warnings = warnings
        self.max_depth = max_depth
        self.chains: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def warn(self, msg: str) -> None:
        if self.warnings is not None:
            warn_once(self.warnings, msg)

    def chain(self, name: str, definition: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        got = self.chains.get(name)
        if got is None:
            got = _PROTO_CHAINS.get(definition)
            if got is None:
                ptypes, pstates = _proto_chain(definition)
                if ptypes and ptypes[-1].startswith(BasicPiece.ID):
                    ptypes, pstates = ptypes[:-1], pstates[:-1]
                got = (tuple(ptypes), tuple(pstates))
                if len(definition) <= _PROTO_MEMO_CHARS:
                    if len(_PROTO_CHAINS) >= _PROTO_MEMO_ENTRIES:
                        _PROTO_CHAINS.clear()
                    _PROTO_CHAINS[definition] = got
            self.chains[name] = got
        return got

    def run(self, types, states, out_t, out_s, path: tuple[str, ...]) -> None:
        for t, s in zip(types, states):
            if len(out_t) >= limits.MAX_EXPANDED_TRAITS:
                self.warn(f"prototype expansion stopped at {limits.MAX_EXPANDED_TRAITS} traits")
                return
            if not t.startswith(UsePrototype.ID):
                out_t.append(t)
                out_s.append(s)
                continue
            name = t[len(UsePrototype.ID):]
            key = name
            definition = self.prototypes.get(name)
            if definition is None and ";" in name:
                key = name.split(";", 1)[0]
                definition = self.prototypes.get(key)
            problem = None
            if definition is None:
                problem = f"prototype '{name}' not found"
            elif key in path:
                problem = f"prototype '{key}' uses itself"
            elif len(path) >= self.max_depth:
                problem = f"prototype '{name}' nested deeper than {self.max_depth}"
            if problem:
                self.warn(problem)
                out_t.append(t)
                out_s.append(s)
                continue
            assert definition is not None       # a missing prototype is a problem above
            ptypes, pstates = self.chain(key, definition)
            self.run(ptypes, pstates, out_t, out_s, path + (key,))
