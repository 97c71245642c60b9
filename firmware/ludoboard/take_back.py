# A take-back (back during play, where the rules allow it): the last move a person
# chose goes, with everything after it; its roll stays to be played again.  A
# computer seat's moves after it go too: a computer's move taken back alone would
# only be played again (the same roll, the same choice).  Loaded for the press
# that asks for it (play.press_back) and released as that loop pass ends.
from .names import SEATS, CODE_PASS, CODE_UNDO
from .scene import NONE
from . import play


def last_choice(app):
    """Where on the stack the last move a person chose is (-1: none)."""
    g = app.game
    codes = g.codes
    k = len(codes) - 1
    while k >= 0 and (codes[k] < 16 or codes[k] < CODE_PASS and app.computers and
                      g.kinds[SEATS[(codes[k] - 16) // 24]] != "human"):     # (a move's seat)
        k -= 1
    return k


def undo(app):
    """Take back the last move a person chose and all after it; False if there is none
    or the rules allow no take-backs."""
    g = app.game
    if not g.rules.can_undo:
        return False
    k = last_choice(app)
    if k < 0:
        return False
    while len(g) > k:
        g.pop()
        play.committed(app, CODE_UNDO, "undo")
    app.last_origin = NONE
    app.dirty = True
    return True
