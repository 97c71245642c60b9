# Presets are data plus the few rules that differ.
#
# `Rules(preset, players, options)` turns a preset name, the players and the
# caller's options into plain numbers and tables that the game engine reads:
# which squares are safe, who may capture whom, what a block does, which rolls
# earn another roll (worked out in ludo.options: docs/api.md lists them).
# Nothing here changes during a game.
from .errors import OptionError

SEAT_LETTERS = "RGYB"
SEAT_NAMES = ("red", "green", "yellow", "blue")
STARTS = (0, 13, 26, 39)
STARS = (8, 21, 34, 47)

# Block kinds: what two or more tokens of one colour on a square do.
BLOCK_NONE = 0          # nothing (friendly stacks only)
BLOCK_OPPONENTS = 1     # opponents may not land there (classic)
BLOCK_ALL = 2           # nobody may land there, own colour included (strict)
BLOCK_IMPASSABLE = 3    # opponents may neither land on nor pass it (house rule)

# Three-sixes policies.
SIXES_NONE = 0
SIXES_FORFEIT = 1       # the third 6 is lost, earlier moves of the turn stay
SIXES_VOID = 2          # the whole turn is taken back

# How the first player is chosen.
START_FIRST = 0         # the first seat starts
START_SIX = 1           # roll-off: the first seat to roll a 6 starts (club)
START_HIGHEST = 2       # roll-off: the highest roll starts, ties roll again

PRESETS = ("family", "classic", "club", "strict")


def preset_index(preset):
    for i in range(len(PRESETS)):
        if PRESETS[i] == preset:
            return i
    raise OptionError("unknown preset %r (one of: %s)" % (preset, ", ".join(PRESETS)))


def seat_of(name):
    # Seat index from 0..3, 'R', 'red' (any case).
    if isinstance(name, int) and not isinstance(name, bool):
        if 0 <= name <= 3:
            return name
    elif isinstance(name, str):
        low = name.lower()
        for i in range(4):
            if low == SEAT_NAMES[i] or low == SEAT_LETTERS[i].lower():
                return i
    raise OptionError("unknown seat %r (one of R, G, Y, B or red, green, yellow, blue)" % (name,))


def option_defaults(preset):
    # The preset's options and their defaults, as a new dict.
    try:
        return _options_module().option_defaults(preset)
    finally:
        _drop_options_module()


def _options_module():
    from . import options
    return options


def _drop_options_module():
    # The option checks run once per game; free their code on the board again
    # (on a PC, keeping them loaded saves compiling them for every game).
    import sys
    if sys.implementation.name == "cpython":
        return
    package = __name__[:-len(".rules")]
    sys.modules.pop(package + ".options", None)
    pkg = sys.modules.get(package)
    if pkg is not None and "options" in pkg.__dict__:
        delattr(pkg, "options")


class Rules:
    # The rules of one game: a preset, its players and options, as tables.

    def __init__(self, preset="classic", players=None, options=None):
        # The tables are worked out by ludo.options (with the option checks), loaded
        # for it and dropped again on the board: that code runs once per game.
        try:
            _options_module().build(self, preset, players, options)
        finally:
            _drop_options_module()
