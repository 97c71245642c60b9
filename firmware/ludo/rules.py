# Presets are data plus the few rules that differ.
#
# `Rules(preset, players, options)` turns a preset name, the players and the
# caller's options into plain numbers and tables that the game engine reads:
# which squares are safe, who may capture whom, what a block does, which rolls
# earn another roll (worked out in the STEPS below: docs/api.md lists them).
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
    """The preset's number in PRESETS (OptionError if it is no preset)."""
    for i in range(len(PRESETS)):
        if PRESETS[i] == preset:
            return i
    raise OptionError("unknown preset %r (one of: %s)" % (preset, ", ".join(PRESETS)))


def seat_of(name):
    """Seat index from 0..3, 'R', 'red' (any case)."""
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
    """The preset's options and their defaults, as a new dict."""
    return _step("options", "option_defaults", preset)


# Building a Rules, in steps: each loads one small module of ludo (and drops it
# again on the board), so the board can take one step a loop pass.  The first
# two (CHECKS) check the caller's choice (OptionError) and give the options and
# seats; after them the game can be played, and the rest build its tables.
STEPS = ("options", "seating", "tables", "move_tables")
CHECKS = STEPS[:2]


def build_step(rules, name):
    """One step of building `rules` (a Rules made with steps=())."""
    _step(name, "build", rules)


def _step(name, function, arg):
    """ludo.<name>'s function(arg); that code runs once per game: on the board it is
    dropped again (on a PC, keeping it saves compiling it for every game).
    """
    import sys
    package = __name__[:-len(".rules")]
    full = package + "." + name
    __import__(full)
    try:
        return getattr(sys.modules[full], function)(arg)
    finally:
        pkg = sys.modules.get(package)
        if sys.implementation.name != "cpython" and sys.modules.pop(full, None) and name in pkg.__dict__:
            delattr(pkg, name)


class Rules:
    # The rules of one game: a preset, its players and options, as tables.

    def __init__(self, preset="classic", players=None, options=None, steps=STEPS):
        """Built by the STEPS (ludo.options, ludo.seating, ...: loaded for it and dropped
        again on the board).  steps=CHECKS: only checked (preset, options, seats, free);
        steps=(): for a caller that runs build_step itself, one step at a time.
        """
        self.preset = preset
        self.players = players
        self.options = options
        for name in steps:
            build_step(self, name)
