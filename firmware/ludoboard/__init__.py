# The board application (docs/firmware.md has the map of its modules).
#
# Everything here runs unchanged on CPython, MicroPython and CircuitPython; the
# one module that touches CircuitPython-only APIs is `hw` (firmware/hw.py).
#
# The memory mechanism, written once (docs/board-memory.md): an optional
# feature (the set-up menu, the pause menu, a computer seat, a reply to the PC,
# the save's rewrite, a new game's job) is imported with `load` in the branch
# that needs it.  Only the app releases code, at its boundaries (app.py: a mode
# left, a loop pass ended, the game over, the start-up done).  Code needed for
# one loop pass only is loaded with `load(name, True)` (or named with `transient`,
# when the rules core imported it itself): the app releases it as the pass ends.
# No module releases itself or another.
import sys

try:
    from micropython import const as const  # (re-exported: `from . import const`)
except ImportError:             # CPython: const() is the value itself
    def const(x):  # type: ignore[no-untyped-def,misc]
        return x

_KEEP = sys.implementation.name == "cpython"     # a PC has room: nothing is released


_TRANSIENT = []  # type: list[str]  # the modules this loop pass needs no longer (App.step releases them)


def load(name, transient=False):
    # type: (str, bool) -> object
    """The module `name` ("ludoboard.setup_menu", "ludo.ai_hard"), imported if it is not yet.
    transient: this is its last use for now: it is released when the loop pass ends.
    """
    module = sys.modules.get(name)
    if module is None:
        __import__(name)
        module = sys.modules[name]
    if transient and name not in _TRANSIENT:
        _TRANSIENT.append(name)
    return module


def transient(name):
    # type: (str) -> None
    """Module `name` (and the modules under it) is needed no longer once this loop pass ends."""
    if name not in _TRANSIENT:
        _TRANSIENT.append(name)




def release(prefix=None):
    # type: (str | None) -> None
    """Forget every loaded module whose name starts with `prefix`, so that its code can
    be freed (at a mode boundary; kept on CPython).  Without a prefix: those named
    transient in this loop pass (App.step, as the pass ends).
    """
    if prefix is None:
        while _TRANSIENT:
            release(_TRANSIENT.pop())
        return
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

