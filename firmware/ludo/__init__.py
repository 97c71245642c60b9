# ludo: the rules of Ludo for a real board and for the PC.
# import ludo
# g = ludo.Game("classic", players=4, seed=7)
# g.roll(); g.push(g.legal_moves[0]); g.pop()
#
# Runs unchanged on CPython 3.11, MicroPython and CircuitPython.  See docs/api.md.
from .errors import LudoError, OptionError, IllegalMoveError, PositionError, RecordError
from .rules import Rules, PRESETS, SEAT_LETTERS, SEAT_NAMES, option_defaults
from .dice import Dice, commitment
from .game import Game, Move, Outcome, token_name, KINDS


def __getattr__(name):
    """Records are loaded on first use: the board needs them only when the PC asks."""
    if name in ("Record", "dumps"):
        return getattr(_submodule("record"), name)
    if name == "verify_record":
        return _submodule("record_check").verify_record
    # MicroPython asks here first on `from ludo import ai`: load the submodule.
    return _submodule(name)


def _submodule(name):
    import sys
    full = __name__ + "." + name
    if full not in sys.modules:
        try:
            __import__(full)
        except ImportError:
            raise AttributeError("module 'ludo' has no attribute %r" % (name,))
    return sys.modules[full]

__version__ = "1.0.0"
