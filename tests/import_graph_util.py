"""The import graph of the ``vmodgen`` package, read from the source with :mod:`ast` (nothing is
imported): module → the modules it imports, at any depth of the file (an import hidden in a
function counts), except under ``if TYPE_CHECKING:`` (never run). Importing ``a.b.c`` runs the
packages ``a`` and ``a.b`` first, so an edge to a module is also an edge to each package above
it, except for the packages above the importing module (already run before it)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "vmodgen"


def modules() -> dict[str, Path]:
    """Dotted module name → file, for every module of the package."""
    out = {}
    for f in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(f.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = f
    return out


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    stack = [tree]
    while stack:
        node = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                stack.extend(child.orelse)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child
            stack.append(child)


def graph(parents: bool = True) -> dict[str, set[str]]:
    """Module → the package modules its execution imports (with ``parents=False`` only the
    modules named, not the packages above them)."""
    mods = modules()
    out: dict[str, set[str]] = {}
    for name, f in mods.items():
        is_pkg = f.name == "__init__.py"
        here = name.split(".") if is_pkg else name.split(".")[:-1]
        targets: set[str] = set()
        for node in _imports(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                bases = [a.name for a in node.names]
                subs: list[str] = []
            else:
                base_parts = here[:len(here) - node.level + 1] if node.level else []
                base = ".".join(base_parts + ([node.module] if node.module else []))
                bases = [base]
                subs = [f"{base}.{a.name}" for a in node.names]
            for t in bases + [s for s in subs if s in mods]:
                parts = t.split(".")
                for i in range(1 if parents else len(parts), len(parts) + 1):
                    m = ".".join(parts[:i])
                    if m in mods and m != name and not name.startswith(m + "."):
                        targets.add(m)
        out[name] = targets
    return out


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        work = [(v, iter(sorted(g.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found
