# What a press does on the set-up menu (controls.py hands it here): confirm =
# next item, back = previous item, select = next value (menu_select.py), roll
# = start the game (menu_keys.py: starting it, or leaving for the game).
from . import const
from .menu_select import select

_SELECT = const(1)          # controls.py: 0 roll, 1 select, 2 confirm, 3 back
_CONFIRM = const(2)
_BACK = const(3)
_KINDS = const(2)           # menu.py's pages
_OPTIONS = const(3)


def press(app, button):
    # done: 1 changed, 2 start, 3 leave, 4 refuse
    m = app.menu
    if button == _SELECT:
        done = select(m)
    elif button == _CONFIRM or button == _BACK:
        delta = 1 if button == _CONFIRM else -1
        done = _cursor(m, delta) or _page(m, delta)
    else:
        done = 2
    if done == 1:
        app.dirty = True
    else:
        from .menu_keys import start_or_leave
        start_or_leave(app, done)


def _cursor(m, delta):
    # confirm and back step through the seats and the options first
    i = m.cursor + delta
    if i >= 0 and (m.page == _KINDS and i < len(m._seats) or m.page == _OPTIONS and i < len(m.names)):
        m.cursor = i
        return 1
    return 0


def _page(m, delta):
    pages = [p for p in range(5) if p != _KINDS or m.computers]
    i = pages.index(m.page) + delta
    if i < 0:
        return 3 if m.can_leave else 4
    if i >= len(pages):
        return 2
    m.open(pages[i])
    if delta < 0 and m.page == _KINDS:
        m.cursor = len(m._seats) - 1
    elif delta < 0 and m.page == _OPTIONS:
        m.cursor = len(m.names) - 1
    return 1
