# The set-up menu's choices: preset, players, computer seats, options of the
# preset (house rules included), dice; and the page and item shown.
#
# Pages (the Red home column counts them): preset, players, computer seats
# (only when the computer players are installed), options, dice.  select =
# next value, confirm = next item, back = previous item, roll = start the game
# now with what is chosen (docs/lights.md, The set-up menu).
#
# The menu's code is small modules, compiled one a loop pass when it opens
# (menu_load.py) and dropped when it closes; its choices stay in
# app.menu_state meanwhile (docs/board-memory.md, The menus):
#   menu.py, menu_options.py   the choices (this module)
#   menu_steps.py, menu_select.py   what a press does to them
#   menu_lights.py, menu_lights_items.py   the lights
#   menu_rules.py   the rules' say after the preset or the player count changed
#   menu_keys.py    starting the game, leaving for the game it came from
from ludo.rules import PRESETS
from .menu_options import Options

PAGE_PRESET = 0
PAGE_PLAYERS = 1
PAGE_KINDS = 2
PAGE_OPTIONS = 3
PAGE_DICE = 4


class Menu(Options):
    def __init__(self, computers, state):
        self.computers = computers      # the computer players are installed
        self.can_leave = False          # back on the first page returns to a game
        (self.preset, self.players, self.hand, kinds, self.values, self.touched, self.names,
         self._seats, self.page, self.cursor) = state
        self.kinds = bytearray(kinds)   # index into ludo.game.KINDS, per seat

    def state(self):
        # The choices as plain data: the app keeps them while the menu's code is dropped.
        return (self.preset, self.players, self.hand, bytes(self.kinds), self.values, self.touched,
                self.names, self._seats, self.page, self.cursor)

    def open(self, page):
        self.page = page
        self.cursor = 0

    def preset_name(self):
        return PRESETS[self.preset]

    def count(self):
        return self.players

    def seats(self):
        return self._seats

    def kind_index(self, seat):
        return self.kinds[seat]
