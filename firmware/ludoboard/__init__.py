# The board application (docs/firmware.md has the map of its modules).
#
# Everything here runs unchanged on CPython, MicroPython and CircuitPython; the
# one module that touches CircuitPython-only APIs is `hw` (firmware/hw.py).
#
# The memory mechanism, written once (docs/board-memory.md): an optional
# feature (the set-up menu, the pause menu, a computer seat, a reply to the PC,
# the save's rewrite, the rules' build steps) is imported with `load` in the
# branch that needs it, and `release` forgets it again at a mode boundary (the
# menu closed, the game over, the reply finished).  No module releases itself.
import sys

try:
    from micropython import const as const  # (re-exported: `from . import const`)
except ImportError:             # CPython: const() is the value itself
    def const(x):  # type: ignore[no-untyped-def,misc]
        return x

_KEEP = sys.implementation.name == "cpython"     # a PC has room: nothing is released


def load(name):
    # type: (str) -> object
    """The module `name` ("ludoboard.setup_menu", "ludo.ai_hard"), imported if it is not yet."""
    module = sys.modules.get(name)
    if module is None:
        __import__(name)
        module = sys.modules[name]
    return module


def release(prefix):
    # type: (str) -> None
    """Forget every loaded module whose name starts with `prefix`, so that its code can
    be freed (at a mode boundary; kept on CPython).
    """
    if _KEEP:
        return
    for name in sys.modules:        # (a loop over the dict itself allocates nothing)
        if name.startswith(prefix):
            break
    else:
        return
    for name in list(sys.modules):
        if name.startswith(prefix):
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot])
            if parent is not None and name[dot + 1:] in parent.__dict__:
                delattr(parent, name[dot + 1:])

