"""host/ludo_host is laid out by feature (docs/host.md, "The package"): its top shows
the features; a private (`_`) module there is one that several features share, and what
belongs to one feature lives inside it."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, "host", "ludo_host")
MAX_PRIVATE_AT_TOP = 2
MAX_LINES = 500
# Modules over MAX_LINES, each with the reason it is one module.
LONG_MODULES = {
    "virtual/engine.py": "the virtual board's engine: the firmware run with its stand-ins, one loop",
}


def modules():
    """{path relative to host/ludo_host with '/': source} of every module of the package."""
    found = {}
    for where, dirs, files in os.walk(HOST):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(where, name)
                with open(path, encoding="utf-8") as f:
                    found[os.path.relpath(path, HOST).replace(os.sep, "/")] = f.read()
    return found


def imported_top_names(rel, source):
    """The top-level names of ludo_host (`_lock`, `records`, ...) that module `rel` imports,
    anywhere in it."""
    depth = rel.count("/")          # how many folders below ludo_host the module sits
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                up = node.level - 1                     # `.` is the module's own folder
                if up > depth:
                    continue
                parts = rel.split("/")[:depth - up] + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "ludo_host":
                parts = node.module.split(".")[1:]
            else:
                continue
            if parts:
                names.add(parts[0])
            else:                                       # from ludo_host import x, y
                names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "ludo_host" and len(parts) > 1:
                    names.add(parts[1])
    return names


def feature_of(rel):
    """The top-level feature a module belongs to: its folder, or the module itself."""
    return rel.split("/")[0].rpartition(".py")[0] or rel.split("/")[0]


def test_the_top_shows_features_and_few_private_modules():
    top = sorted(n for n in os.listdir(HOST) if n.endswith(".py") and n.startswith("_") and n != "__init__.py")
    assert len(top) <= MAX_PRIVATE_AT_TOP, (
        "private modules at the top of ludo_host: %s (at most %d): what one feature uses belongs inside it, "
        "what all use in a public module" % (top, MAX_PRIVATE_AT_TOP))
    for feature in ("records", "logger", "replay", "stats", "deploy", "virtual", "web"):
        assert os.path.isfile(os.path.join(HOST, feature, "__init__.py")), feature


def test_a_private_module_at_the_top_is_shared_by_several_features():
    users = {}
    for rel, source in modules().items():
        for name in imported_top_names(rel, source):
            users.setdefault(name, set()).add(feature_of(rel))
    for name in sorted(os.listdir(HOST)):
        if name.startswith("_") and name.endswith(".py") and name != "__init__.py":
            mine = users.get(name[:-3], set()) - {name[:-3]}
            assert len(mine) >= 2, "%s is used by %s only: move it inside that feature" % (
                name, ", ".join(sorted(mine)) or "nothing")


def test_no_module_is_over_500_lines_without_a_reason():
    long = {rel: source.count("\n") for rel, source in modules().items() if source.count("\n") > MAX_LINES}
    unexplained = sorted(rel for rel in long if rel not in LONG_MODULES)
    assert not unexplained, "over %d lines: %s (split it along a seam, or say in LONG_MODULES why not)" % (
        MAX_LINES, ", ".join("%s (%d)" % (rel, long[rel]) for rel in unexplained))
    stale = sorted(rel for rel in LONG_MODULES if rel not in long)
    assert not stale, "no longer over %d lines: take %s out of LONG_MODULES" % (MAX_LINES, stale)


def test_imported_top_names_reads_each_kind_of_import():
    source = ("from .. import layout, ports\nfrom .._lock import PathLock\nfrom .steps import x\n"
              "import ludo_host._regular\nfrom ludo_host.records import reading\n"
              "def f():\n    from ..virtual import terminal\n")
    assert imported_top_names("replay/page.py", source) == {
        "layout", "ports", "_lock", "replay", "_regular", "records", "virtual"}
    assert imported_top_names("cli.py", "from ._lock import PathLock\nfrom . import ports\n") == {"_lock", "ports"}


def test_every_module_of_the_package_imports():
    """A module moved in the layout leaves no import of its old name behind (a merge of
    work written before the move may bring one back)."""
    import importlib
    names = []
    for where, dirs, files in os.walk(HOST):
        dirs[:] = sorted(d for d in dirs if os.path.isfile(os.path.join(where, d, "__init__.py")))
        for name in sorted(files):
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(where, name), os.path.dirname(HOST))[:-3].split(os.sep)
                names.append(".".join(rel[:-1] if rel[-1] == "__init__" else rel))
    assert "ludo_host.records.verify" in names and "ludo_host.replay.steps" in names
    broken = []
    for name in names:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            broken.append("%s: %s" % (name, exc))
    assert not broken, "\n".join(broken)
