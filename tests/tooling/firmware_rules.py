"""The firmware code rules: what must not appear in code that runs unchanged
on CPython 3.11, MicroPython and CircuitPython.

`check_source(text, name)` returns a list of "name:line: message" strings.
Applies to every .py under firmware/ except the hardware module and the two
entry points (RULES_EXEMPT), which are CircuitPython-only by design.
"""
import ast
import io
import sys
import tokenize

RULES_EXEMPT = ("hw.py", "code.py", "boot.py")  # relative to firmware/

_HW_ONLY = "only firmware/hw.py may import CircuitPython hardware modules"
# Top-level module -> why it may not be imported (unless guarded, see below).
FORBIDDEN_IMPORTS = {
    "dataclasses": "MicroPython and CircuitPython have no dataclasses: write a plain class",
    "enum": "MicroPython and CircuitPython have no enum: use int constants",
    "functools": "CircuitPython has no functools",
    "itertools": "CircuitPython has no itertools",
    "abc": "MicroPython and CircuitPython have no abc: use a plain base class",
    "typing": "no typing at run time on MicroPython: guard it with try/except ImportError",
    "typing_extensions": "no typing at run time on MicroPython: guard it with try/except ImportError",
    "__future__": "MicroPython has no __future__",
    "asyncio": "async is not needed: the firmware is a polling loop (and asyncio is an extra library on CircuitPython)",
    "micropython": "CPython has no micropython module: guard it with try/except ImportError",
    "board": _HW_ONLY,
    "neopixel": _HW_ONLY,
    "keypad": _HW_ONLY,
    "usb_cdc": _HW_ONLY,
    "microcontroller": _HW_ONLY,
    "supervisor": _HW_ONLY,
    "watchdog": _HW_ONLY,
    "digitalio": _HW_ONLY,
    "storage": _HW_ONLY,
}
ASYNC_MESSAGE = "async is not needed: the firmware is a polling loop"
# Measured under the project's MicroPython (bench/docstring_cost.py): a function's or a
# method's docstring is dropped by the compiler (free), a module's or a class's stays on
# the heap (its text and about 30 bytes).
DOCSTRING_MESSAGE = ("a module's or a class's docstring stays on the board's heap (its text and about "
                     "30 bytes, measured): write it as a comment (functions and methods take docstrings)")
FSTRING_EQUALS_MESSAGE = "f-string self-documenting '=' (as in f\"{x=}\"): older MicroPython/CircuitPython releases reject it: write it out"
FORMAT_MAP_MESSAGE = "str.format_map does not exist on MicroPython: use % formatting"
INT_BYTES_KEYWORDS_MESSAGE = "int.to_bytes/from_bytes take no keyword arguments on MicroPython: pass them by position"
SORT_KEYS_MESSAGE = "json.dumps has no sort_keys on MicroPython: serialise sorted by hand"

_GUARD_EXCEPTIONS = ("ImportError", "ModuleNotFoundError")


def check_source(text, name):
    """All rule violations in one file's source, as "name:line: message"."""
    try:
        tree = ast.parse(text, filename=name)
    except SyntaxError as exc:
        return ["%s:%s: does not parse: %s" % (name, exc.lineno, exc.msg)]
    found = []
    if _docstring_at(tree):
        found.append((tree.body[0].lineno, DOCSTRING_MESSAGE))
    _walk(tree, False, found)
    found.extend((line, FSTRING_EQUALS_MESSAGE) for line in _fstring_equals_lines(text))
    return ["%s:%d: %s" % (name, line, msg) for line, msg in sorted(found)]


def _walk(node, guarded, found):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Try) and _catches_import_error(child):
            # Only the try body is guarded; the handlers and else are not.
            _visit_all(child.body, True, found)
            _visit_all(child.handlers + child.orelse + child.finalbody, guarded, found)
        elif isinstance(child, ast.If) and _is_type_checking(child.test):
            _visit_all(child.body, True, found)
            _visit_all(child.orelse, guarded, found)
        else:
            _visit_all([child], guarded, found)


def _visit_all(nodes, guarded, found):
    for node in nodes:
        _check_node(node, guarded, found)
        _walk(node, guarded, found)


def _check_node(node, guarded, found):
    line = getattr(node, "lineno", 0)
    modules = ()
    if isinstance(node, ast.Import):
        modules = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom) and not node.level:
        modules = [node.module or ""]
    for module in modules:
        top = module.split(".")[0]
        reason = FORBIDDEN_IMPORTS.get(top)
        if reason and (not guarded or top == "__future__"):
            found.append((line, "imports %s: %s" % (module, reason)))
    if isinstance(node, (ast.AsyncFunctionDef, ast.Await, ast.AsyncFor, ast.AsyncWith)):
        found.append((line, ASYNC_MESSAGE))
    if isinstance(node, ast.ClassDef) and _docstring_at(node):
        found.append((node.body[0].lineno, DOCSTRING_MESSAGE))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        attr = node.func.attr
        keywords = [k.arg for k in node.keywords]
        if attr == "format_map":
            found.append((line, FORMAT_MAP_MESSAGE))
        elif attr in ("to_bytes", "from_bytes") and keywords:
            found.append((line, INT_BYTES_KEYWORDS_MESSAGE))
        elif attr == "dumps" and "sort_keys" in keywords:
            found.append((line, SORT_KEYS_MESSAGE))


def _docstring_at(node):
    first = node.body[0] if node.body else None
    return isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
        and isinstance(first.value.value, str)


def _catches_import_error(try_node):
    for handler in try_node.handlers:
        kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if any(isinstance(k, ast.Name) and k.id in _GUARD_EXCEPTIONS for k in kinds):
            return True
    return False


def _is_type_checking(test):
    if isinstance(test, ast.Constant) and test.value is False:
        return True
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


# -- f"{x=}" -------------------------------------------------------------------
# The AST cannot tell f"{x=}" from f"x={x!r}", so read the f-string source.

def _fstring_equals_lines(text):
    lines = []
    for line, source in _fstring_sources(text):
        if _has_self_documenting_field(source):
            lines.append(line)
    return lines


def _fstring_sources(text):
    """(line, source text) of each outermost f-string literal."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    fstring_start = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+
    depth = 0
    start = None
    src_lines = text.splitlines(keepends=True)
    for tok in tokens:
        if fstring_start is None:
            if tok.type == tokenize.STRING and "f" in _prefix(tok.string).lower():
                yield tok.start[0], tok.string
        elif tok.type == fstring_start:
            if depth == 0:
                start = tok.start
            depth += 1
        elif tok.type == tokenize.FSTRING_END:
            depth -= 1
            if depth == 0:
                yield start[0], _slice(src_lines, start, tok.end)


def _prefix(literal):
    i = 0
    while i < len(literal) and literal[i] not in "'\"":
        i += 1
    return literal[:i]


def _slice(src_lines, start, end):
    (l1, c1), (l2, c2) = start, end
    if l1 == l2:
        return src_lines[l1 - 1][c1:c2]
    parts = [src_lines[l1 - 1][c1:]] + src_lines[l1:l2 - 1] + [src_lines[l2 - 1][:c2]]
    return "".join(parts)


def _has_self_documenting_field(literal):
    """True if some replacement field's expression ends in '=' (f"{x=}", f"{x = !r:>4}")."""
    body = literal[len(_prefix(literal)):]
    quote = body[:3] if body[:3] in ('"""', "'''") else body[:1]
    body = body[len(quote):len(body) - len(quote)]
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "{":
            if body.startswith("{{", i):
                i += 2
                continue
            expr, i = _field_expression(body, i + 1)
            stripped = expr.rstrip()
            if stripped.endswith("=") and not stripped.endswith(("==", "!=", "<=", ">=")):
                return True
            if _has_self_documenting_field_in_nested(expr):
                return True
            continue
        i += 1
    return False


def _has_self_documenting_field_in_nested(expr):
    # A nested f-string inside an expression, e.g. f"{f'{x=}'}".
    for prefix in ("f'", 'f"', "F'", 'F"'):
        j = expr.find(prefix)
        if j >= 0:
            return _has_self_documenting_field(expr[j:].rstrip())
    return False


def _field_expression(body, i):
    """The expression text of the field starting at body[i], and the index after the field."""
    depth = 0
    quote = None
    start = i
    expr_end = None
    while i < len(body):
        ch = body[i]
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "}":
            if depth == 0:
                return body[start:expr_end if expr_end is not None else i], i + 1
            depth -= 1
        elif depth == 0 and expr_end is None:
            if ch == "!" and body[i + 1:i + 2] != "=":
                expr_end = i
            elif ch == ":":
                expr_end = i
        i += 1
    return body[start:expr_end if expr_end is not None else i], i


if __name__ == "__main__":  # python tests/tooling/firmware_rules.py FILE...
    problems = []
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            problems += check_source(f.read(), path)
    print("\n".join(problems) or "no problems")
    sys.exit(1 if problems else 0)
