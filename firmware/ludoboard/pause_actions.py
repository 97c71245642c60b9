# What confirm does on the pause menu (pause.py): hand the seat on turn to the
# computer (or back to a person), resign it, or open the set-up menu.  Loaded
# for that press only, after pause.py was dropped.
from . import const, drop, players, session

_CODE_RESIGN = const(113)   # transcript codes (docs/api.md)
_CODE_KIND = const(122)


def do(app, item):
    drop("ludoboard.pause_actions")
    if item == 2:
        app.open_menu()
    elif not (hand_over(app) if item == 0 else resign(app)):
        app.refuse()


def hand_over(app):
    # The seat on turn goes to the computer (or back to a person).
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
