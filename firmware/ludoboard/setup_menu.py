# The set-up menu: preset, players, computer seats, options of the preset
# (house rules included), dice; then the game starts (docs/lights.md, The set-up
# menu).
#
# Pages (the Red home column counts them): preset, players, computer seats (only
# when the computer players are installed), options, dice.  select = next value,
# confirm = next item, back = previous item, roll = start the game now with what
# is chosen.  The choices are the app's (app.Choices): they stay while this
# module is released (app.py's mode table loads it while the menu is shown).
#
# To add an option to the menu: the rules give it (ludo/options.py), and
# OPTION_ORDER and CHOICES below say where it comes and which values it takes
# (docs/firmware.md walks through it).
from ludo import rules as ludo_rules
from ludo.rules import PRESETS
from .names import SELECT, CONFIRM, BACK, PLAY, OVER, KINDS, SEATS
from .palette import SEAT_RGB, WHITE, GREEN, RED, YELLOW, ORANGE, MEDIUM, SLOW, PIPS, ALL, CENTRE_PIP
from .painter import die_mask, die_cycle, die_blink
from .places import HOME, YARD
from .scene import scale
from .app import Choices
from . import players

PAGE_PRESET = 0
PAGE_PLAYERS = 1
PAGE_KINDS = 2
PAGE_OPTIONS = 3
PAGE_DICE = 4

# The order options are offered in: the preset's own first, then house rules.
OPTION_ORDER = ("mode", "safe_squares", "quick", "mandatory_kill", "teams", "rolloff", "deadline",
                "stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
                "entry_on_1", "highest_starts", "tokens_to_win")
# the values of the options that are not on/off, in the order select steps through them
CHOICES = {
    "three_sixes": ("forfeit", "void", "none"),
    "mode": ("ordinary", "free"),
    "tokens_to_win": (4, 3, 2, 1),
    "deadline": (0, 30, 60, 120, 300),
}
# what a press came to (press)
_CHANGED = 1
_START = 2
_LEAVE = 3
_REFUSED = 4


def values_of(name):
    """The values option `name` takes in the menu, in order."""
    if name in CHOICES:
        return CHOICES[name]
    return (False, True)


def index_of(name, value):
    """The menu's index of an option's value (0 for a value the menu does not offer)."""
    vals = values_of(name)
    return vals.index(value) if value in vals else 0


def names_of(options):
    """The options of a game in the menu's order."""
    names = [n for n in OPTION_ORDER if n in options]
    return names + [n for n in sorted(options) if n not in OPTION_ORDER]


def first_choices(game=None, hand=False):
    """The set-up of `game` (a game taken up after a reset, or one the PC started): its
    preset, players, computer seats, dice, and each option as it is set.  Without one:
    classic, four people, its options (all the house rules) as the rules default them
    (written out, not asked of the rules: asking compiles their option checks, which a
    finished game leaves no room for; tests/board/test_menu_loading.py checks both)."""
    if game is not None:
        options = game.options
        names = names_of(options)
        values = {}
        for n in names:
            values[n] = index_of(n, options[n])
        kinds = bytearray(4)
        for s in game.seats:
            kinds[s] = KINDS.index(game.kinds.get(SEATS[s], "human"))
        return Choices(PRESETS.index(game.preset), len(game.seats), hand, kinds, values,
                             list(names), names, tuple(game.seats))
    names = ["stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
             "entry_on_1", "highest_starts", "tokens_to_win"]
    values = {}
    for i in range(9):
        values[names[i]] = 1 if i < 3 else 0     # stars, capture bonus, centre bonus: on
    return Choices(1, 4, False, bytearray(4), values, [], names, (0, 1, 2, 3))


class SetupMenu:
    # The set-up menu's mode, over the app's choices (self.choices).

    def enter(self, app):
        """Shown: from the last choices, or from the game (the first time, or after a game
        the PC started); opened from a game it starts on its first page."""
        if app.choices is None:
            app.choices = first_choices(app.game, app.hand)
        self.choices = app.choices
        self.can_leave = app.can_leave
        self.computers = players.available()
        if app.can_leave:
            self.choices.page = self.choices.cursor = 0

    def leave(self, app):
        """Closed (the choices stay the app's)."""

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
        c = self.choices
        out = {}
        for name in c.touched:
            out[name] = values_of(name)[c.values[name]]
        return out

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
            self.players_changed()
        elif page == PAGE_PLAYERS:
            c.players = c.players + 1 if c.players < 4 else 2
            self.players_changed()
        elif page == PAGE_KINDS:
            s = c.seats[c.cursor]
            c.kinds[s] = (c.kinds[s] + 1) % len(KINDS)
        elif page == PAGE_OPTIONS:
            return self.select_option()
        else:
            c.hand = not c.hand
        return _CHANGED

    def select_option(self):
        # The option's next value the rules take with the other choices; none: refused.
        c = self.choices
        if not c.names:
            return _REFUSED
        name = c.names[c.cursor]
        was = c.values[name]
        new = name not in c.touched
        if new:
            c.touched.append(name)
        n = len(values_of(name))
        for step in range(1, n):
            c.values[name] = (was + step) % n
            if self.option_changed():
                return _CHANGED
        c.values[name] = was            # none: nothing changes
        if new:
            c.touched.pop()
        return _REFUSED

    def players_changed(self):
        """Seats, and what the untouched options come to with this preset and count. An
        option the players set that no longer fits goes back to what the rules make of it."""
        c = self.choices
        while not self.option_changed():
            touched = c.touched
            if not touched:             # (the rules' own error: no preset refuses its counts)
                ludo_rules.Rules(self.preset_name(), c.players, None, ludo_rules.CHECKS)
            for i in range(len(touched) - 1, -1, -1):   # one whose going makes a game, last first
                name = touched.pop(i)
                if self.option_changed():
                    return
                touched.insert(i, name)
            touched.pop()

    def option_changed(self):
        """False when the rules refuse what is chosen (preset, players, the options set);
        else the seats and the untouched options are what the rules come to."""
        c = self.choices
        try:
            r = ludo_rules.Rules(self.preset_name(), c.players, self.options(), ludo_rules.CHECKS)
        except ValueError:
            return False
        resolved = r.options
        c.seats = r.seats
        c.names = names_of(resolved)
        for n in c.names:
            if n not in c.touched:
                c.values[n] = index_of(n, resolved[n])
        return True

    def _cursor(self, delta):
        # confirm and back step through the seats and the options first
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

    # -- the lights ----------------------------------------------------------
    def paint(self, app, scene):
        """The pages counted on Red's home column, and the page's own picture."""
        c = self.choices
        page = c.page
        for k in range(page + 1):
            scene.set(HOME + k, scale(WHITE, 60))
        if page == PAGE_PRESET:
            die_mask(scene, PIPS[c.preset + 1], WHITE)
        elif page == PAGE_PLAYERS:
            for s in c.seats:
                for i in range(4):
                    scene.set(YARD + s * 4 + i, SEAT_RGB[s])
            die_mask(scene, PIPS[c.players], WHITE)
        elif page == PAGE_KINDS:
            self.paint_kinds(scene)
        elif page == PAGE_OPTIONS:
            self.paint_options(scene)
        elif c.hand:
            die_blink(scene, ALL, ORANGE, 0, SLOW)
        else:
            die_cycle(scene, (PIPS[5], PIPS[2], PIPS[6], PIPS[3]), WHITE, 4)

    def paint_kinds(self, scene):
        """Computer seats: a seat's yard shows its kind (the cursor's blinks)."""
        c = self.choices
        seats = c.seats
        for j in range(len(seats)):
            s = seats[j]
            kind = c.kinds[s]
            rgb = SEAT_RGB[s]
            for i in range(4):
                p = YARD + s * 4 + i
                colour = rgb if not kind or i < 4 - kind else scale(WHITE, 50)
                if j == c.cursor:
                    scene.cycle(p, MEDIUM, 0, 0, colour, 0)
                else:
                    scene.set(p, colour)
            if j == c.cursor:
                die_mask(scene, PIPS[kind + 1], rgb)

    def paint_options(self, scene):
        """Options: the track counts which one; the die shows its value (a choice in
        yellow pips; on green, off a red dot)."""
        c = self.choices
        for sq in range(c.cursor + 1):
            scene.set(sq, scale(WHITE, 90))
        name = c.names[c.cursor]
        index = c.values[name]
        if name in CHOICES:
            die_mask(scene, PIPS[index + 1 if index < 6 else 6], YELLOW)
        elif index:
            die_mask(scene, ALL, GREEN)
        else:
            die_mask(scene, CENTRE_PIP, RED)

