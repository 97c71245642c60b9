# The board application: lights, buttons, menu, saves and the serial link.
# Everything here runs unchanged on CPython, MicroPython and CircuitPython; the
# one module that touches CircuitPython-only APIs is `hw` (firmware/hw.py).
# Parts needed only now and then (the set-up menu, the PC's commands, the
# computer players, ...) are loaded when needed and dropped again (`drop`), so
# the board's heap holds their code only while they run.
import sys

try:
    from micropython import const as const  # (re-exported: `from . import const`)
except ImportError:             # CPython: const() is the value itself
    def const(x):  # type: ignore[no-untyped-def,misc]
        return x


def drop(name):
    # type: (str) -> None
    # Forget a loaded module so that its code can be freed (kept on CPython: a PC has room).
    if sys.implementation.name == "cpython" or name not in sys.modules:
        return
    del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot])
    if parent is not None and name[dot + 1:] in parent.__dict__:
        delattr(parent, name[dot + 1:])
