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
        m.values[name] = (m.values[name] + 1) % len(values_of(name))
        if name not in m.touched:
            m.touched.append(name)
    else:
        m.hand = not m.hand
    return 1
