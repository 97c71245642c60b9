# ludo: the rules of Ludo for a real board and for the PC.
#     import ludo
#     g = ludo.Game("classic", players=4, seed=7)
#     g.roll(); g.push(g.legal_moves[0]); g.pop()
#
# Runs unchanged on CPython 3.11, MicroPython and CircuitPython.  See docs/api.md.
from .errors import LudoError, OptionError, IllegalMoveError, PositionError, RecordError
from .rules import Rules, PRESETS, SEAT_LETTERS, SEAT_NAMES, KINDS, option_defaults
from .dice import Dice, commitment

# Loaded on first use: the game's code (game.py and its layers) when a game is made, so the
# board's set-up menu and a new game's checks run without it; records when the PC asks.
_LAZY = {"Game": "game", "Move": "game", "Outcome": "game", "token_name": "game",
         "Record": "record", "verify_record": "record", "dumps": "record"}


def __getattr__(name):
    if name in _LAZY:
        value = getattr(_submodule(_LAZY[name]), name)
        if _LAZY[name] == "game":
            globals()[name] = value     # (then found without this call)
        return value
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
