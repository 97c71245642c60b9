"""ludo: the rules of Ludo for a real board and for the PC.

    import ludo
    g = ludo.Game("classic", players=4, seed=7)
    g.roll(); g.push(g.legal_moves[0]); g.pop()

Runs unchanged on CPython 3.11, MicroPython and CircuitPython.  See docs/api.md.
"""
from .errors import LudoError, OptionError, IllegalMoveError, PositionError, RecordError
from .rules import Rules, PRESETS, SEAT_LETTERS, SEAT_NAMES, option_defaults
from .dice import Dice, commitment
from .game import Game, Move, Outcome, token_name, KINDS
from .record import Record, verify_record, dumps

__version__ = "1.0.0"
