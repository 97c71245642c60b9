# The set-up menu: preset, players, computer seats, options of the preset
# (house rules included), dice; then the game starts (docs/lights.md, The set-up
# menu).  Three modules, loaded one a loop pass while the menu is shown and
# released when it closes (app.py's mode table):
#   setup_menu (this one)   the mode: what a press does to the choices
#   setup_menu.options      the options offered and their values, asking the rules
#   setup_menu.lights       what the menu shows
#
# Pages (the Red home column counts them): preset, players, computer seats (only
# when the computer players are installed), options, dice.  select = next value,
# confirm = next item, back = previous item, roll = start the game now with what
# is chosen.  The choices are the app's (app.Choices): they stay while the menu's
# code is released.
from ludo.rules import PRESETS
from ludoboard import load
from ludoboard.names import SELECT, CONFIRM, BACK, PLAY, OVER, KINDS, SEATS

PAGE_PRESET = 0
PAGE_PLAYERS = 1
PAGE_KINDS = 2
PAGE_OPTIONS = 3
PAGE_DICE = 4
# what a press came to (press)
_CHANGED = 1
_START = 2
_LEAVE = 3
_REFUSED = 4


def _options():
    return load("ludoboard.setup_menu.options")


def shown(c):
    """What the menu shows now, as the PC's `status` has it (the virtual board's words read
    it there): its page (1..5), item (the seat letter on the computer seats' page, the
    option's name on the options', else null) and value, as JSON.
    """
    page = c.page
    item = None
    if page == PAGE_PRESET:
        value = PRESETS[c.preset]
    elif page == PAGE_PLAYERS:
        value = c.players
    elif page == PAGE_KINDS:
        s = c.seats[min(c.cursor, len(c.seats) - 1)]
        item = SEATS[s]
        value = KINDS[c.kinds[s]]
    elif page == PAGE_OPTIONS and c.names:
        item = c.names[min(c.cursor, len(c.names) - 1)]
        value = _options().values_of(item)[c.values[item]]
    elif page == PAGE_OPTIONS:
        value = None
    else:
        value = "hand" if c.hand else "game"
    if value is None:               # (names, numbers, on/off: plain JSON)
        value = "null"
    elif value is True or value is False:
        value = "true" if value else "false"
    elif isinstance(value, int):
        value = "%d" % value
    else:
        value = '"' + value + '"'
    return '{"item":%s,"page":%d,"value":%s}' % ("null" if item is None else '"' + item + '"', page + 1, value)


class SetupMenu:
    # The set-up menu's mode, over the app's choices (self.choices).

    def enter(self, app):
        """Shown: from the last choices, or from the game (the first time, or after a game
        the PC started).
        """
        if app.choices is None:
            app.choices = _options().first_choices(app.game, app.hand)
        self.choices = app.choices
        self.can_leave = app.can_leave
        self.computers = app.computers

    def leave(self, app):
        """Closed (the choices stay the app's)."""
        pass

    # -- the choices -------------------------------------------------------
    def preset_name(self):
        """The preset chosen."""
        return PRESETS[self.choices.preset]

    def count(self):
        """How many play."""
        return self.choices.players

    def seats(self):
        """The seats that play."""
        return self.choices.seats

    def kind_index(self, seat):
        """The seat's player kind, as an index into KINDS."""
        return self.choices.kinds[seat]

    def options(self):
        """The options the players changed here (name -> value); the rules settle the rest."""
        return _options().chosen(self.choices)

    # -- presses -----------------------------------------------------------
    def press(self, app, button, long):
        """select = next value, confirm/back = next/previous item, roll = start."""
        if button == SELECT:
            done = self.select()
        elif button == CONFIRM or button == BACK:
            delta = 1 if button == CONFIRM else -1
            done = self._cursor(delta) or self._page(delta)
        else:
            done = _START
        if done == _CHANGED:
            app.dirty = True
        elif done == _START:
            self.start(app)
        elif done == _LEAVE:
            app.switch(OVER if app.game.is_over() else PLAY)
        else:
            app.refuse()

    def select(self):
        """The next value of what the page shows; _CHANGED, or _REFUSED."""
        c = self.choices
        page = c.page
        if page == PAGE_PRESET:
            c.preset = (c.preset + 1) % len(PRESETS)
            c.values = {}
            c.touched = []
            _options().players_changed(c)
        elif page == PAGE_PLAYERS:
            c.players = c.players + 1 if c.players < 4 else 2
            _options().players_changed(c)
        elif page == PAGE_KINDS:
            s = c.seats[c.cursor]
            c.kinds[s] = (c.kinds[s] + 1) % len(KINDS)
        elif page == PAGE_OPTIONS:
            return _CHANGED if _options().select_option(c) else _REFUSED
        else:
            c.hand = not c.hand
        return _CHANGED

    def _cursor(self, delta):
        """confirm and back step through the seats and the options first"""
        c = self.choices
        i = c.cursor + delta
        if i >= 0 and (c.page == PAGE_KINDS and i < len(c.seats) or
                       c.page == PAGE_OPTIONS and i < len(c.names)):
            c.cursor = i
            return _CHANGED
        return 0

    def _page(self, delta):
        c = self.choices
        pages = [p for p in range(5) if p != PAGE_KINDS or self.computers]
        i = pages.index(c.page) + delta
        if i < 0:
            return _LEAVE if self.can_leave else _REFUSED
        if i >= len(pages):
            return _START
        c.page = pages[i]
        c.cursor = 0
        if delta < 0 and c.page == PAGE_KINDS:
            c.cursor = len(c.seats) - 1
        elif delta < 0 and c.page == PAGE_OPTIONS:
            c.cursor = len(c.names) - 1
        return _CHANGED

    def start(self, app):
        """The game with what is chosen (the rules may still refuse it: newgame.py)."""
        c = self.choices
        kinds = {}
        for s in c.seats:
            if c.kinds[s]:
                kinds[SEATS[s]] = KINDS[c.kinds[s]]
        try:
            app.start_game(self.preset_name(), c.players, self.options(), kinds, c.hand)
        except ValueError as exc:   # the rules refuse: the menu stays as it was
            print("menu: " + str(exc))
            app.refuse()

    def paint(self, app, scene):
        """The menu's lights (setup_menu.lights)."""
        load("ludoboard.setup_menu.lights").paint(self.choices, scene)
