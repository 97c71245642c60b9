# What the rules say to the set-up menu's choices: an option's next value that
# the rules take with the other choices, and what the options come to when the
# preset or the players change (setup_menu.options has the options offered).
from ludo import rules as ludo_rules
from ludo.rules import PRESETS
from ludoboard.setup_menu.options import values_of, index_of, names_of, chosen


def select_option(c):
    """The option's next value that the rules take with the other choices; False when
    none does (refused: nothing changes).
    """
    if not c.names:
        return False
    name = c.names[c.cursor]
    was = c.values[name]
    new = name not in c.touched
    if new:
        c.touched.append(name)
    n = len(values_of(name))
    for step in range(1, n):
        c.values[name] = (was + step) % n
        if option_changed(c):
            return True
    c.values[name] = was
    if new:
        c.touched.pop()
    return False


def players_changed(c):
    """Seats, and what the untouched options come to with this preset and count. An
    option the players set that no longer fits goes back to what the rules make of it.
    """
    while not option_changed(c):
        touched = c.touched
        if not touched:             # (the rules' own error: no preset refuses its counts)
            ludo_rules.Rules(PRESETS[c.preset], c.players, None, ludo_rules.CHECKS)
        for i in range(len(touched) - 1, -1, -1):   # one whose going makes a game, last first
            name = touched.pop(i)
            if option_changed(c):
                return
            touched.insert(i, name)
        touched.pop()


def option_changed(c):
    """False when the rules refuse what is chosen (preset, players, the options set);
    else the seats and the untouched options are what the rules come to.
    """
    try:
        r = ludo_rules.Rules(PRESETS[c.preset], c.players, chosen(c), ludo_rules.CHECKS)
    except ValueError:
        return False
    resolved = r.options
    c.seats = r.seats
    c.names = names_of(resolved)
    for n in c.names:
        if n not in c.touched:
            c.values[n] = index_of(n, resolved[n])
    return True
