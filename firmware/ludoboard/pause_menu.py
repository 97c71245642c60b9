# The pause menu (a long press on back, during a game): hand the seat on turn
# to the computer (or back to a person), resign it, or the set-up menu for a new
# game (docs/lights.md, Pause menu).
#
# select = the next item that applies now, confirm = do it, back = back to the
# game.  The die shows the item over the game's picture: 1 hand over (cyan),
# 2 resign (red), 3 new game (white).  Loaded when the pause menu opens and
# released when it closes (app.py's mode table).
from .names import SELECT, CONFIRM, BACK, PLAY, OVER, SEATS, LEAVE_KIND
from .palette import CYAN, RED, WHITE, DIM, SLOW, PIPS
from .painter import die_blink
from .scene import scale
from . import play

HAND_OVER = 0
RESIGN = 1
NEW_GAME = 2
_COLOURS = (CYAN, RED, WHITE)       # by item


class PauseMenu:
    # The pause menu's mode: the item shown.

    def enter(self, app):
        """Opened: the first item that applies."""
        self.item = first_item(app, 0)
        self.under = play.Over() if app.game.is_over() else play.Play()     # the picture beneath

    def leave(self, app):
        """Closed."""
        pass

    def paint(self, app, scene):
        """The game's picture, and the die shows the item."""
        self.under.paint(app, scene)
        colour = _COLOURS[self.item]
        die_blink(scene, PIPS[self.item + 1], colour, scale(colour, DIM), SLOW)

    def press(self, app, button, long):
        """select: the next item; confirm: do it; back: the game again."""
        if button == SELECT:
            self.item = first_item(app, self.item + 1)
            app.dirty = True
        elif button == CONFIRM or button == BACK:
            item = self.item
            app.switch(OVER if app.game.is_over() else PLAY)
            if button == CONFIRM:
                do(app, item)
        else:
            app.refuse()


def first_item(app, start):
    """The first item from `start` on (round) that applies now: hand over (computer
    players installed, the game running: before the first roll too), resign (where the rules allow
    it), new game (always).
    """
    g = app.game
    ok = (app.computers and not g.is_over(),
          g.rules.can_resign and not g.is_over(),
          True)
    for k in range(3):
        i = (start + k) % 3
        if ok[i]:
            return i
    return NEW_GAME


def do(app, item):
    """What confirm does with the item."""
    if item == NEW_GAME:
        app.open_menu()
    elif not (hand_over(app) if item == HAND_OVER else play.resign(app, app.game.turn)):
        app.refuse()


def hand_over(app):
    """The seat on turn goes to the computer (or back to a person)."""
    g = app.game
    letter = SEATS[g.turn]
    if not app.computers:
        return False
    kind = "human" if g.kinds.get(letter, "human") != "human" else LEAVE_KIND
    app.remote &= ~(1 << g.turn)    # (played at the table or by the board from now on)
    play.committed(app, g.set_kind(letter, kind, True), None)
    return True
