# The set-up menu's options: which the menu offers, in which order, with which
# values, and the choices a game starts from (what the rules say to the players'
# choices is setup_menu.option_checks).
#
# To add an option to the menu: the rules give it (ludo/options.py); OPTION_ORDER
# says where it comes and CHOICES which values it takes, unless it is on/off
# (docs/firmware.md walks through it).
from ludo.rules import PRESETS
from ludoboard.app import Choices
from ludoboard.names import KINDS, SEATS

# The order options are offered in: the preset's own first, then house rules.
OPTION_ORDER = ("mode", "safe_squares", "quick", "mandatory_kill", "teams", "rolloff", "deadline",
                "stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
                "entry_on_1", "highest_starts", "tokens_to_win")
# the values of the options that are not on/off, in the order select steps through them
CHOICES = {
    "three_sixes": ("forfeit", "void", "none"),
    "mode": ("ordinary", "free"),
    "tokens_to_win": (4, 3, 2, 1),
    "deadline": (0, 30, 60, 120, 300),
}
def values_of(name):
    """The values option `name` takes in the menu, in order."""
    if name in CHOICES:
        return CHOICES[name]
    return (False, True)


def index_of(name, value):
    """The menu's index of an option's value (0 for a value the menu does not offer)."""
    vals = values_of(name)
    return vals.index(value) if value in vals else 0


def names_of(options):
    """The options of a game in the menu's order."""
    names = [n for n in OPTION_ORDER if n in options]
    return names + [n for n in sorted(options) if n not in OPTION_ORDER]


def first_choices(game=None, hand=False):
    """The set-up of `game` (a game taken up after a reset, or one the PC started): its
    preset, players, computer seats, dice, and each option as it is set.  Without one:
    classic, four people, its options (all the house rules) as the rules default them
    (written out, not asked of the rules: asking compiles their option checks, which a
    finished game leaves no room for; tests/board/test_menu_loading.py checks both).
    """
    if game is not None:
        options = game.options
        names = names_of(options)
        values = {}
        for n in names:
            values[n] = index_of(n, options[n])
        kinds = bytearray(4)
        for s in game.seats:
            kinds[s] = KINDS.index(game.kinds.get(SEATS[s], "human"))
        return Choices(PRESETS.index(game.preset), len(game.seats), hand, kinds, values,
                             list(names), names, tuple(game.seats))
    names = ["stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
             "entry_on_1", "highest_starts", "tokens_to_win"]
    values = {}
    for i in range(9):
        values[names[i]] = 1 if i < 3 else 0     # stars, capture bonus, centre bonus: on
    return Choices(1, 4, False, bytearray(4), values, [], names, (0, 1, 2, 3))


def chosen(c):
    """The options the players changed (name -> value); the rules settle the rest."""
    out = {}
    for name in c.touched:
        out[name] = values_of(name)[c.values[name]]
    return out
