# select on the set-up menu: the next value of what the page shows.  Returns
# 1 (changed) or 4 (refused), as menu_steps.py counts.
from . import const, drop
from .menu_options import values_of
from ludo.game import KINDS     # the player kinds, in the order the menu offers them
from ludo.rules import PRESETS

_PRESET = const(0)          # menu.py's pages
_PLAYERS = const(1)
_KINDS = const(2)
_OPTIONS = const(3)


def select(m):
    page = m.page
    if page <= _PLAYERS:
        from . import menu_rules        # for this press only
        if page == _PRESET:
            m.preset = (m.preset + 1) % len(PRESETS)
            menu_rules.preset_changed(m)
        else:
            m.players = m.players + 1 if m.players < 4 else 2
            menu_rules.players_changed(m)
        drop("ludoboard.menu_rules")
    elif page == _KINDS:
        s = m._seats[m.cursor]
        m.kinds[s] = (m.kinds[s] + 1) % len(KINDS)
    elif page == _OPTIONS:
        if not m.names:
            return 4
        name = m.names[m.cursor]
        was = m.values[name]
        new = name not in m.touched
        if new:
            m.touched.append(name)
        n = len(values_of(name))
        from . import menu_rules        # for this press only
        for step in range(1, n):        # the next value the rules take with the other choices
            m.values[name] = (was + step) % n
            if menu_rules.option_changed(m):
                break
        else:                           # none: refused, and nothing changes
            m.values[name] = was
            if new:
                m.touched.pop()
            drop("ludoboard.menu_rules")
            return 4
        drop("ludoboard.menu_rules")
    else:
        m.hand = not m.hand
    return 1
