# The set-up menu's mode (the package's comment says what the menu is): what a
# press does, and the game it starts.
from ludo.rules import PRESETS
from ludoboard import load
from ludoboard.names import SELECT, CONFIRM, BACK, PLAY, OVER, KINDS, SEATS


def _options():
    return load("ludoboard.setup_menu.options")


def _pages():
    return load("ludoboard.setup_menu.pages")


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

    def press(self, app, button, long):
        """select = next value, confirm/back = next/previous item, roll = start."""
        pages = _pages()
        if button == SELECT:
            done = pages.select(self.choices)
        elif button == CONFIRM or button == BACK:
            done = pages.step(self.choices, 1 if button == CONFIRM else -1, self.computers, self.can_leave)
        else:
            done = pages.START
        if done == pages.CHANGED:
            app.dirty = True
        elif done == pages.START:
            self.start(app)
        elif done == pages.LEAVE:
            app.switch(OVER if app.game.is_over() else PLAY)
        else:
            app.refuse()

    def start(self, app):
        """The game with what is chosen (the rules may still refuse it: newgame.py)."""
        c = self.choices
        kinds = {}
        for s in c.seats:
            if c.kinds[s]:
                kinds[SEATS[s]] = KINDS[c.kinds[s]]
        try:
            app.start_game(PRESETS[c.preset], c.players, _options().chosen(c), kinds, c.hand)
        except ValueError as exc:   # the rules refuse: the menu stays as it was
            print("menu: " + str(exc))
            app.refuse()

    def paint(self, app, scene):
        """The menu's lights (setup_menu.lights)."""
        load("ludoboard.setup_menu.lights").paint(self.choices, scene)
