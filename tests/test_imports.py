"""The shape of the package's imports (issue 19), read from the source with an AST walk
(:mod:`import_graph_util`): no circle of modules importing each other, an import hidden in a
function included; and no layer importing one above it."""
from __future__ import annotations


from import_graph_util import cycles, graph

#: lower layers first: a module may import its own layer or those before it. ``vassal.codec``
#: (VASSAL's SequenceEncoder and Java number text) stands below the hex grids, which read
#: VASSAL's grid attributes with it.
LAYERS = [
    ["vmodgen.errors", "vmodgen.safeio", "vmodgen.vassal.codec"],
    ["vmodgen.hexes"],
    ["vmodgen.model"],
    ["vmodgen.positions"],
    ["vmodgen.rules"],
    ["vmodgen.vassal"],
    ["vmodgen.render", "vmodgen.builder", "vmodgen.binding", "vmodgen.oob", "vmodgen.audit", "vmodgen.report"],
    ["vmodgen.testing"],
    ["vmodgen.commands", "vmodgen.cli", "vmodgen.__main__"],
]


def layer_of(module: str) -> int | None:
    """The index of the longest layer prefix naming ``module`` (None: the module is in no layer)."""
    best, found = -1, None
    for i, prefixes in enumerate(LAYERS):
        for p in prefixes:
            if (module == p or module.startswith(p + ".")) and len(p) > best:
                best, found = len(p), i
    return found


def test_no_import_cycles_outside_the_vassal_readers():
    """No strongly connected set of modules (each module can be read before those importing it),
    in every package but :mod:`vmodgen.vassal` (see the next test)."""
    assert [c for c in cycles(graph()) if not all(m.startswith("vmodgen.vassal.") for m in c)] == []


def test_no_import_cycles():
    """No strongly connected set of modules anywhere in the package."""
    assert cycles(graph()) == []


def test_no_upward_imports():
    """No module imports one of a higher layer (the rule-set registry excepted: the kit loader
    reads the names of the rule sets from ``vmodgen.rules``, which imports no rule set)."""
    upward = []
    for mod, targets in graph(parents=False).items():
        here = layer_of(mod)
        for t in targets:
            there = layer_of(t)
            if here is None or there is None or t == "vmodgen.rules" and mod == "vmodgen.model.load_game":
                continue
            if there > here:
                upward.append(f"{mod} → {t}")
    assert upward == []
