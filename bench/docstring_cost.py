"""Under MicroPython: what a docstring costs on the board's heap, by where it stands.

    python bench/docstring_cost.py [--count 20]

Compiles, in a fresh interpreter each, a module of COUNT functions, methods or
classes, once with a one-line description as a comment and once as a docstring
(each text different), and a module with and without a module docstring, and
prints the bytes each module retains after a collection (`gc.mem_alloc`
difference, tests/mp/mpharness.py's `retained_bytes`).  The firmware rules
(tests/tooling/firmware_rules.py) follow these figures: functions and methods
take docstrings, module and class descriptions are comments.
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_memory  # noqa: E402,F401  (puts tests/mp on sys.path)
import mpharness  # noqa: E402

_TEXT = "%s %d: what it is and what it gives back, in a line."


def _module(where, as_doc, count):
    out = []
    if where == "module":
        text = _TEXT % ("Module", 0) * 3
        out.append('"""%s"""' % text if as_doc else "# " + text)
    for i in range(count):
        text = _TEXT % (where.capitalize(), i)
        desc = '"""%s"""' % text if as_doc else "# " + text
        if where == "function":
            out.append("def f%d(a):\n    %s\n    return a + %d\n" % (i, desc, i))
        elif where == "method":
            out.append("class M%d:\n    def f(self, a):\n        %s\n        return a + %d\n" % (i, desc, i))
        else:           # class, and the module's case: plain classes beside it
            body = desc if where == "class" else "# -"
            out.append("class C%d:\n    %s\n\n    def f(self, a):\n        return a + %d\n" % (i, body, i))
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=20)
    args = ap.parse_args(argv)
    folder = tempfile.mkdtemp()
    rows = []
    for where in ("function", "method", "class", "module"):
        for as_doc in (False, True):
            name = "m_%s_%s" % (where, "doc" if as_doc else "comment")
            with open(os.path.join(folder, name + ".py"), "w") as f:
                f.write(_module(where, as_doc, args.count))
            rows.append((where, as_doc, name))
    with mpharness.MicroPython(mounts=[folder]) as mp:
        figures = {name: mp.retained_bytes("import " + name, paths=[folder]) for _, _, name in rows}
    print("%d each, bytes retained after import (as a comment -> as a docstring):" % args.count)
    for where in ("function", "method", "class", "module"):
        c = figures["m_%s_comment" % where]
        d = figures["m_%s_doc" % where]
        print("  %-9s %6d -> %6d  (%+d)" % (where, c, d, d - c))


if __name__ == "__main__":
    main()
