"""Firmware code rules (tests/tooling/firmware_rules.py) over every firmware
module that must run on CPython, MicroPython and CircuitPython alike."""
import pathlib
import sys

import pytest

import firmware_rules

FIRMWARE = pathlib.Path(__file__).resolve().parents[2] / "firmware"


def shared_firmware_files():
    exempt = {FIRMWARE / name for name in firmware_rules.RULES_EXEMPT}
    return sorted(p for p in FIRMWARE.rglob("*.py") if p not in exempt and "__pycache__" not in p.parts)


def test_rules_cover_the_rules_core():
    names = {p.relative_to(FIRMWARE).as_posix() for p in shared_firmware_files()}
    assert "ludo/__init__.py" in names


def test_firmware_follows_the_code_rules():
    problems = []
    for path in shared_firmware_files():
        rel = path.relative_to(FIRMWARE.parent).as_posix()
        problems += firmware_rules.check_source(path.read_text(encoding="utf-8"), rel)
    assert not problems, "firmware code rules broken:\n" + "\n".join(problems)


# The checker itself: each rule catches what it should, and lets guarded code pass.
BAD = [
    ("import dataclasses", "imports dataclasses"),
    ("from enum import IntEnum", "imports enum"),
    ("import functools", "imports functools"),
    ("from itertools import chain", "imports itertools"),
    ("from abc import ABC", "imports abc"),
    ("from typing import List", "imports typing"),
    ("import typing as t", "imports typing"),
    ("from __future__ import annotations", "imports __future__"),
    ("try:\n    from __future__ import annotations\nexcept ImportError:\n    pass", "imports __future__"),
    ("import asyncio", "imports asyncio"),
    ("from micropython import const", "imports micropython"),
    ("import board", "only firmware/hw.py"),
    ("def f():\n    import keypad", "only firmware/hw.py"),
    ("try:\n    import x\nexcept ImportError:\n    import itertools", "imports itertools"),
    ("try:\n    import typing\nexcept Exception:\n    pass", "imports typing"),
    ("x = 1\ns = f'{x=}'", "self-documenting"),
    ("s = f\"{x = !r:>4}\"", "self-documenting"),
    ("s = f'''{a.b=}'''", "self-documenting"),
    ("async def run():\n    pass", "async is not needed"),
    ("async def f(lock):\n    async with lock:\n        pass", "async is not needed"),
    ("'%(a)s'.format_map(d)", "format_map"),
    ("n.to_bytes(2, byteorder='big')", "to_bytes/from_bytes"),
    ("int.from_bytes(b, 'big', signed=True)", "to_bytes/from_bytes"),
    ("import json\njson.dumps(d, sort_keys=True)", "sort_keys"),
    ("def f(:\n    pass", "does not parse"),
]


@pytest.mark.parametrize("source,expected", BAD, ids=[b[1] + ":" + str(i) for i, b in enumerate(BAD)])
def test_checker_catches(source, expected):
    problems = firmware_rules.check_source(source, "firmware/m.py")
    assert any(expected in p for p in problems), problems
    assert all(p.startswith("firmware/m.py:") for p in problems)


GOOD = [
    "try:\n    from typing import List\nexcept ImportError:\n    pass",
    "try:\n    from micropython import const\nexcept (ImportError, AttributeError):\n    def const(x):\n        return x",
    "try:\n    from typing import TYPE_CHECKING\nexcept ImportError:\n    TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from typing import List",
    "import json\nimport hashlib\nfrom . import game\nfrom .enum_like import CONST",
    "s = f'x={x!r} {a != b} {a == b} {a <= b} {{x=}} {d[\"k\"]:>{w}} {f(a=1)}'",
    "s = 'not an f-string {x=}'",
    "n.to_bytes(2, 'big')",
    "json.dumps(d, separators=(',', ':'))",
]


@pytest.mark.parametrize("source", GOOD)
def test_checker_allows(source):
    assert firmware_rules.check_source(source, "firmware/m.py") == []


def test_checker_reports_file_and_line():
    assert firmware_rules.check_source("import os\n\nimport functools\n", "firmware/ludo/x.py") == [
        "firmware/ludo/x.py:3: imports functools: CircuitPython has no functools"
    ]


def test_module_and_class_docstrings_are_flagged_function_docstrings_are_not():
    # bench/docstring_cost.py: a function's or a method's docstring retains nothing, a module's
    # or a class's retains its text
    text = ('"""A module."""\nclass K:\n    """A class."""\n    def f(self):\n        """A method."""\n'
            '    def g(self):\n        # A comment.\n        return 1\n\n\ndef h():\n    """A function."""\n')
    assert firmware_rules.check_source(text, "m.py") == [
        "m.py:1: " + firmware_rules.DOCSTRING_MESSAGE,
        "m.py:3: " + firmware_rules.DOCSTRING_MESSAGE,
    ]


# Compiling a module on the board needs about 100 bytes a line of code beyond what it keeps
# (its parse tree: bench/board_heap.py --part modules), so no module may need more than
# about a third of the app's 80 KB room to compile.  Docstrings are not code: the compiler
# reads each as one string and keeps none of them.
MAX_CODE_LINES = 300


def _docstring_lines(text):
    import ast
    lines = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                lines.update(range(first.lineno, first.end_lineno + 1))
    return lines


def code_lines(text):
    docs = _docstring_lines(text)
    return sum(1 for n, line in enumerate(text.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and n not in docs)


def test_code_lines_count_code_not_comments_docstrings_or_blank_lines():
    assert code_lines('"""A module.\n\nIts doc."""\n# a comment\n\nx = 1\n    # indented comment\n'
                      'def f():\n    """What f is."""\n    return x\n') == 3


def test_every_firmware_module_is_small_enough_to_compile_on_the_board():
    big = ["%s: %d lines of code (at most %d)" % (p.relative_to(FIRMWARE).as_posix(), n, MAX_CODE_LINES)
           for p in sorted(FIRMWARE.rglob("*.py")) if "__pycache__" not in p.parts
           for n in [code_lines(p.read_text(encoding="utf-8"))] if n > MAX_CODE_LINES]
    assert not big, "modules too big to compile on the board:\n" + "\n".join(big)


def test_the_docstring_rule_follows_what_micropython_keeps(capsys):
    # The premise of the rule above: a class's docstring stays on the heap, a function's does not.
    sys.path.insert(0, str(FIRMWARE.parent / "bench"))
    import docstring_cost
    docstring_cost.main(["--count", "10"])
    rows = {line.split()[0]: int(line.split("(")[1].rstrip(")")) for line in capsys.readouterr().out.splitlines()[1:]}
    assert rows["class"] > 10 * 50                  # each class keeps its 50-character text
    assert rows["function"] < 10 * 20 and rows["method"] < 10 * 20


def test_only_the_loader_and_the_app_release_code():
    """docs/firmware.md, Memory: only ludoboard/__init__.py (the loader) and app.py release
    code, at the app's boundaries; no module releases itself or another (a feature asks
    the app: App.computers_needed, App.switch, ...)."""
    import ast
    allowed = {"ludoboard/__init__.py", "ludoboard/app.py"}
    callers = []
    for path in sorted((FIRMWARE / "ludoboard").rglob("*.py")):
        rel = path.relative_to(FIRMWARE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "release":
                callers.append("%s:%d" % (rel, node.lineno))
    assert callers and all(c.split(":")[0] in allowed for c in callers), callers
