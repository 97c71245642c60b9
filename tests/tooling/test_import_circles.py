"""No import circles: a module of the rules core (firmware/ludo), the board app
(firmware/ludoboard) or the PC tool (host/ludo_host) imports only modules that
sit below it, so each can be read (and, on the board, compiled) after what it
builds on.

The imports are read from the source (ast), those at module level and those
inside functions alike (a function's import is a dependency all the same; it
only comes later); `__import__("name")` with a literal name counts too.  Only
imports under `if TYPE_CHECKING:` (never run) are left out.  Importing a
module `a.b.c` runs its packages' `__init__` first: a module outside `a.b`
that imports `a.b.c` imports `a.b` too (the web page's `replay.page` runs
`replay/__init__.py`), while a module's own packages, already running when it
is imported, are not counted (else every package with a re-exporting
`__init__` would be a circle with its own modules).
"""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# where each top-level package's folder is
PACKAGES = {"ludo": os.path.join(ROOT, "firmware", "ludo"),
            "ludoboard": os.path.join(ROOT, "firmware", "ludoboard"),
            "ludo_host": os.path.join(ROOT, "host", "ludo_host")}


def find_modules():
    """{dotted module name: path of its source} for every module of PACKAGES."""
    found = {}
    for top, folder in PACKAGES.items():
        base = os.path.dirname(folder)
        for where, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if os.path.isfile(os.path.join(where, d, "__init__.py")))
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(where, name), base)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel.pop()
                found[".".join(rel)] = os.path.join(where, name)
    return found


def _is_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(node):
    """Every node under `node`, except the bodies of `if TYPE_CHECKING:`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield other
                yield from _walk(other)
            continue
        yield child
        yield from _walk(child)


def imports_of(name, path, modules):
    """[(imported module, line)] of module `name` (only modules in `modules`)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = []
    own = set()                 # this module and its packages: already running
    part = name
    while part:
        own.add(part)
        part = part.rpartition(".")[0]

    def add(target, line):
        if target in modules and target != name:
            out.append((target, line))
        outer = target.rpartition(".")[0]
        while outer and outer not in own:       # the target's packages run first
            if outer in modules:
                out.append((outer, line))
            outer = outer.rpartition(".")[0]

    for node in _walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                base = base + "." + node.module if node.module else base
            else:
                base = node.module
            for alias in node.names:
                if base + "." + alias.name in modules:
                    add(base + "." + alias.name, node.lineno)      # a submodule
                else:
                    add(base, node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__" \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            add(node.args[0].value, node.lineno)
    return out


def import_graph():
    """{module: {imported module: first line importing it}}."""
    modules = find_modules()
    graph = {}
    for name, path in modules.items():
        edges = graph[name] = {}
        for target, line in imports_of(name, path, modules):
            edges.setdefault(target, line)
    return graph


def circles(graph):
    """The import circles: each a sorted list of the modules that import each other
    (round and round), found as the strongly connected components of the graph.
    """
    index = {}
    low = {}
    stack = []
    on_stack = set()
    found = []
    counter = [0]

    def visit(v):
        # iterative Tarjan (the host's graph may be deep)
        work = [(v, iter(sorted(graph[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        group.append(w)
                        if w == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def describe(graph, group):
    """A circle in words: each module's imports of the others, with the line."""
    members = set(group)
    lines = []
    for m in group:
        for target, line in sorted(graph[m].items()):
            if target in members:
                lines.append("  %s:%d imports %s" % (m, line, target))
    return "\n".join(lines)


@pytest.mark.parametrize("top", sorted(PACKAGES))
def test_no_import_circle(top):
    graph = import_graph()
    mine = [g for g in circles(graph) if any(m == top or m.startswith(top + ".") for m in g)]
    assert not mine, "import circles:\n" + "\n\n".join(describe(graph, g) for g in mine)


def test_the_walk_finds_a_circle_and_each_kind_of_import(tmp_path, monkeypatch):
    # a made-up package: a imports b at module level, b imports a inside a function
    # (a circle); c imports d with `from . import d` and d is imported by name only
    # under TYPE_CHECKING (no circle there)
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from .a import thing\n")
    (pkg / "a.py").write_text("from .b import other\nthing = 1\n")
    (pkg / "b.py").write_text("def other():\n    from . import a\n    return a.thing\n")
    (pkg / "c.py").write_text("from . import d\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import x\n"
                              "def f():\n    return __import__('pkg.e')\n")
    (pkg / "e.py").write_text("import pkg.c\n")
    # x's __init__ imports y, and y imports a module inside x: importing it runs x's
    # __init__ first (a circle through the package); w, inside x, imports x.v without
    # counting x (its own package, already running)
    (pkg / "x").mkdir()
    (pkg / "x" / "__init__.py").write_text("from ..y import f\n")
    (pkg / "x" / "z.py").write_text("g = 1\n")
    (pkg / "x" / "v.py").write_text("")
    (pkg / "x" / "w.py").write_text("from .v import *\n")
    (pkg / "y.py").write_text("from .x.z import g\ndef f():\n    return g\n")
    monkeypatch.setitem(globals(), "PACKAGES", {"pkg": str(pkg)})
    graph = import_graph()
    assert graph["pkg.a"] == {"pkg.b": 1}
    assert graph["pkg.b"] == {"pkg.a": 2}
    assert graph["pkg.c"] == {"pkg.d": 1}
    assert graph["pkg.d"] == {"pkg.e": 5}
    assert graph["pkg"] == {"pkg.a": 1}
    assert graph["pkg.y"] == {"pkg.x.z": 1, "pkg.x": 1}
    assert graph["pkg.x.w"] == {"pkg.x.v": 1}
    assert circles(graph) == [["pkg.a", "pkg.b"], ["pkg.c", "pkg.d", "pkg.e"], ["pkg.x", "pkg.y"]]
    assert "pkg.b:2 imports pkg.a" in describe(graph, ["pkg.a", "pkg.b"])
