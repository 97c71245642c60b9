# The set-up menu asks the rules after the preset or the player count changed:
# the seats, the preset's options and what the untouched ones come to.
# Loaded for that press only (menu_select.py): asking compiles the rules'
# option checks (ludo/options.py) anyway.
from ludo import rules as ludo_rules

from .menu_options import values_of

# The order options are offered in: the preset's own first, then house rules.
OPTION_ORDER = ("mode", "safe_squares", "quick", "mandatory_kill", "teams", "rolloff", "deadline",
                "stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
                "entry_on_1", "highest_starts", "tokens_to_win")


def preset_changed(m):
    m.values = {}
    m.touched = []
    players_changed(m)


def players_changed(m):
    # Seats, and what the untouched options come to with this many players
    # (the rules' defaults when the touched ones do not make a game with them).
    name = m.preset_name()
    try:
        r = ludo_rules.Rules(name, m.players, m.options())
        resolved = r.options
    except ValueError:
        r = ludo_rules.Rules(name, m.players)
        resolved = ludo_rules.option_defaults(name)
    m._seats = r.seats
    names = [n for n in OPTION_ORDER if n in resolved]
    m.names = names + [n for n in sorted(resolved) if n not in OPTION_ORDER]
    for n in m.names:
        if n not in m.touched:
            vals = values_of(n)
            m.values[n] = vals.index(resolved[n]) if resolved[n] in vals else 0
