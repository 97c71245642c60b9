# Names the whole board shares, each written once: the buttons, the app's
# modes, the seats, the player kinds and the kinds of short signal.
#
# The transcript's action codes and the rules' event kinds are the core's
# (ludo.actions: CODE_*, EV_*); this module re-exports the ones the board uses.
from ludo.actions import (CODE_PASS, CODE_RESIGN, CODE_TIMEOUT, CODE_UNDO, CODE_KIND,  # noqa: F401
                          KINDS, EV_PASS, EV_BONUS, EV_FORFEIT, EV_VOID, EV_TURNED, EV_HOME,
                          EV_DOOR, EV_START, EV_RESIGN, EV_TIMEOUT)
from ludo.rules import SEAT_LETTERS as SEATS  # noqa: F401  ("RGYB": seat 0 is Red)

from . import const

# the buttons, as keypad numbers them (hw.py wires them in this order)
ROLL = const(0)
SELECT = const(1)
CONFIRM = const(2)
BACK = const(3)
BUTTONS = ("roll", "select", "confirm", "back")     # their names (the PC's `press`)

# the app's modes (app.py's table says which module runs each)
MENU = const(0)         # the set-up menu (setup_menu/)
CHECK = const(1)        # after a reset: the position is shown until confirm (play.py)
PLAY = const(2)         # a game in play (play.py)
PAUSE = const(3)        # the pause menu, over a game (pause_menu.py)
OVER = const(4)         # a finished game (play.py)
MAP_CHECK = const(5)    # the pixel map's walk at start (pixelmap.py)

# player kinds (ludo's KINDS: human, easy, medium, hard, expert)
LEAVE_KIND = "medium"   # who takes over a seat handed to the computer
COACH_KIND = "expert"   # whose move a coach hint shows, where the board has room for it:
COACH_ROOM = const(24576)   # bytes free after a collection (hw.free_room) its code needs
COACH_SMALL = "hard"    # ... and where it has not (the 80 KB budget: docs/board-memory.md)

# the short signals after an action (painter.py draws them), by priority: when one
# action causes several, the highest is shown (a forfeit over a pass, ...)
SIG_NONE = const(0)
SIG_REFUSE = const(1)       # a press that means nothing now
SIG_START = const(2)        # the roll-off decided who starts
SIG_HOME = const(3)         # a token reached the centre
SIG_BONUS = const(4)        # an extra roll
SIG_PASS = const(5)         # no token could use the roll
SIG_TURNED = const(6)       # a token turned back at its door
SIG_DOOR = const(7)         # a seat's door opened
SIG_LEAVE = const(8)        # a seat resigned or ran out of time
SIG_FORFEIT = const(9)      # rolls lost (forfeit, void, three sixes)
SIG_ERROR = const(10)       # the save, the pixel map or a computer player's memory (the console says which)
