# App's attributes (app.py), set once when the board starts: a module of its
# own so that the board keeps no code for it afterwards (dropped again).
from . import const, lights
from .controls import Buttons, MENU
from .hostlink import HostLink
from .saves import Saves
from .signals import Painter

_NONE = const(255)          # places.NONE


def init(app, hw):
    app.hw = hw
    app.frame = bytearray(3 * hw.pixel_count)
    app.scene = lights.Scene()
    app.painter = Painter()
    app.buttons = Buttons(app.on_press)
    app.saves = Saves(hw.nvm, hw.feed)
    app.link = HostLink(hw, app)
    app.clock = [None, 0, 0]  # the wall clock (clock.py), once the PC told the time
    app._menu = None           # the set-up menu (menu.py), loaded while it is shown
    app.menu_state = None      # its choices while it is not
    app.menu_job = None        # its loading, while it is on its way (menu_load.py)
    app.can_leave = False      # the menu's back on its first page returns to a game
    app.game = None
    app.hand = False           # dice entered by hand
    app.mode = MENU
    app.where = bytearray(16)      # each token's place in the game
    app.physical = bytearray(16)   # where the tokens stand on the table
    app.legal = ()
    app.selected = -1
    app.hint = False
    app.entry_value = 0        # a physical die's value being entered
    app.last_origin = _NONE
    app.pause_item = 0
    app.banner = 0             # die_lights.py's B_*: a short signal after an action
    app.banner_seat = -1
    app.banner_arg = 0
    app.banner_until = 0
    app.phase_at = 0           # ticks when the current roll/choice began (computer pause)
    app.phase_mark = -1        # transcript length phase_at belongs to
    app.turn_seat = -1
    app.warned = False
    app.dirty = True
    app.animated = False
    now = hw.ticks_ms()
    app.last_ticks = now
    app.anim_ms = 0
    app.turn_at = now          # ticks when the seat's turn began (deadline)
    app.last_step = -1
    app.map_index = 0
    app.map_at = now
    app.errors = []
    app.jobs = []              # generators, one stage a loop pass (run_job)
    app.starting = False       # a new game is being set up (start_game): presses refused
