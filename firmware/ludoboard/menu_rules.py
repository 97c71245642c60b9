# The set-up menu asks the rules after the preset or the player count changed:
# the seats, the preset's options and what the untouched ones come to.
# Loaded for that press only (menu_select.py): asking compiles the rules'
# option checks (ludo/options.py) anyway.
from ludo import rules as ludo_rules

from .menu_options import index_of, names_of


def preset_changed(m):
    m.values = {}
    m.touched = []
    players_changed(m)


def players_changed(m):
    # Seats, and what the untouched options come to with this many players. An option
    # the players set that no longer fits goes back to what the rules make of it.
    while not option_changed(m):
        touched = m.touched
        if not touched:                 # (the rules' own error: no preset refuses its counts)
            ludo_rules.Rules(m.preset_name(), m.players, None, ludo_rules.CHECKS)
        for i in range(len(touched) - 1, -1, -1):   # one whose going makes a game, last first
            name = touched.pop(i)
            if option_changed(m):
                return
            touched.insert(i, name)
        touched.pop()


def option_changed(m):
    # False when the rules refuse what is chosen (preset, players, the options set);
    # else the seats and the untouched options are what the rules come to.
    try:
        r = ludo_rules.Rules(m.preset_name(), m.players, m.options(), ludo_rules.CHECKS)
    except ValueError:
        return False
    resolved = r.options
    m._seats = r.seats
    m.names = names_of(resolved)
    for n in m.names:
        if n not in m.touched:
            m.values[n] = index_of(n, resolved[n])
    return True
