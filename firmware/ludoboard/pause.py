"""The pause menu (long press on back): hand the seat on turn to the computer
(or back to a person), resign it, or the set-up menu for a new game.

Loaded when the pause menu opens and dropped when it closes: a game in play
does not hold this code.  The items (docs/lights.md, Pause menu): 0 hand over,
1 resign, 2 new game; items that do not apply are skipped.
"""
from . import const, drop, players, session

_SELECT = const(1)          # controls.py
_CONFIRM = const(2)
_BACK = const(3)
_PLAY = const(2)            # controls.py's modes
_PAUSE = const(3)
_OVER = const(4)
_CODE_RESIGN = const(113)   # transcript codes (docs/api.md)
_CODE_KIND = const(122)
_CYAN = const(0x00C0FF)     # signals.py's colours
_RED = const(0xFF0000)
_WHITE = const(0xFFFFFF)


def press(app, button):
    """A press while the pause menu is shown (or the long press on back that opens it)."""
    if app.mode != _PAUSE:
        app.pause_item = _first_item(app, 0)
        app.mode = _PAUSE
        app.dirty = True
        return
    if button == _SELECT:
        app.pause_item = _first_item(app, app.pause_item + 1)
        app.dirty = True
        return
    if button != _CONFIRM and button != _BACK:
        app.refuse()
        return
    item = app.pause_item
    app.mode = _OVER if app.game.is_over() else _PLAY
    app.dirty = True
    drop("ludoboard.pause")         # the functions below still run: this module goes with them
    if button == _BACK:
        return
    if item == 0:
        if not hand_over(app):
            app.refuse()
    elif item == 1:
        if not resign(app):
            app.refuse()
    else:
        app.open_menu()


def _first_item(app, start):
    g = app.game
    ok = (players.available() and g.transcript_length > 0 and not g.is_over(),
          g.rules.can_resign and not g.is_over(),
          True)
    for k in range(3):
        i = (start + k) % 3
        if ok[i]:
            return i
    return 2


def hand_over(app):
    """The seat on turn goes to the computer (or back to a person)."""
    g = app.game
    letter = session.SEATS[g.turn]
    if not players.available() or not g.transcript_length:
        return False
    kind = "human" if g.kinds.get(letter, "human") != "human" else players.LEAVE_KIND
    g.set_kind(letter, kind)
    app.committed(_CODE_KIND + g.turn * 4 + players.KINDS.index(kind), None)
    return True


def resign(app):
    g = app.game
    s = g.turn
    try:
        g.resign(s)
    except ValueError:
        return False
    app.committed(_CODE_RESIGN + s, None)
    return True


def paint(scene, item):
    """The pause menu over the position: the die shows the item (1 hand over, 2 resign, 3 new game)."""
    from .lights import scale
    from .places import PIPS
    from .signals import die_blink
    colour = (_CYAN, _RED, _WHITE)[item]
    die_blink(scene, PIPS[item + 1], colour, scale(colour, 40), 12)
