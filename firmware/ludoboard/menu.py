"""The setup menu on the board: preset, players, computer seats, options, dice.

Pages (the Red home column counts them): preset, players, computer seats
(only when the computer players are installed), options of the preset (house
rules included), dice.  select = next value, confirm = next item, back =
previous item, roll = start the game now with what is chosen.
"""
from ludo import rules as ludo_rules
from ludo.game import KINDS     # the player kinds, in the order the menu offers them

from . import const
from .lights import scale
from .places import PIPS
from .signals import die_mask, die_cycle, die_blink, SEAT_RGB

_WHITE = const(0xFFFFFF)        # colours and periods as in signals.py
_GREEN = const(0x00FF00)
_RED = const(0xFF0000)
_YELLOW = const(0xFFC000)
_ORANGE = const(0xFF6000)
_MEDIUM = const(8)
_SLOW = const(12)

PAGES = 5
PAGE_PRESET = 0
PAGE_PLAYERS = 1
PAGE_KINDS = 2
PAGE_OPTIONS = 3
PAGE_DICE = 4

# The order options are offered in: the preset's own first, then house rules.
OPTION_ORDER = ("mode", "safe_squares", "quick", "mandatory_kill", "teams", "rolloff", "deadline",
                "stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
                "entry_on_1", "highest_starts", "tokens_to_win")
CHOICES = {
    "three_sixes": ("forfeit", "void", "none"),
    "mode": ("ordinary", "free"),
    "tokens_to_win": (4, 3, 2, 1),
    "deadline": (0, 30, 60, 120, 300),
}

# what a press did
NOTHING = 0
CHANGED = 1
START = 2
LEAVE = 3
REFUSE = 4


def values_of(name):
    if name in CHOICES:
        return CHOICES[name]
    return (False, True)


class Menu:
    def __init__(self, computers=False, state=None):
        self.computers = computers      # the computer players are installed
        self.can_leave = False          # back on the first page returns to a game
        self.preset = 1                 # classic
        self.players = 4
        self.hand = False
        self.kinds = bytearray(4)       # index into KINDS, per seat
        self.open(0)
        if state is not None:
            self.preset, self.players, self.hand, kinds, values, touched = state
            self.kinds[:] = kinds
        self._preset_changed()
        if state is not None:
            self.values = values
            self.touched = touched

    def state(self):
        """The choices as plain data: the app keeps them while the menu's code is dropped."""
        return (self.preset, self.players, self.hand, bytes(self.kinds), self.values, self.touched)

    def open(self, page):
        self.page = page
        self.cursor = 0

    # -- what is chosen --------------------------------------------------
    def preset_name(self):
        return ludo_rules.PRESETS[self.preset]

    def count(self):
        return self.players

    def seats(self):
        return self._seats

    def kind_index(self, seat):
        return self.kinds[seat]

    def options(self):
        """The options the players changed here (name -> value); the rules settle the rest."""
        out = {}
        for name in self.touched:
            out[name] = values_of(name)[self.values[name]]
        return out

    def kinds_by_letter(self):
        out = {}
        for s in self._seats:
            if self.kinds[s]:
                out[ludo_rules.SEAT_LETTERS[s]] = KINDS[self.kinds[s]]
        return out

    def option_display(self):
        """(0, 0|1) for an on/off option, (1, index) for a choice; for the die."""
        name = self.names[self.cursor]
        index = self.values[name]
        return (0 if name not in CHOICES else 1), index

    def check(self):
        """None if the choices make a game, else the rules' one-line complaint."""
        try:
            ludo_rules.Rules(self.preset_name(), self.players, self.options())
        except ValueError as exc:
            return str(exc)
        return None

    # -- changes ---------------------------------------------------------
    def _preset_changed(self):
        name = self.preset_name()
        defaults = ludo_rules.option_defaults(name)
        self.names = [n for n in OPTION_ORDER if n in defaults]
        self.names += [n for n in sorted(defaults) if n not in OPTION_ORDER]
        self.values = {}
        self.touched = []
        self._players_changed()

    def _players_changed(self):
        """Seats, and what the untouched options come to with this many players."""
        name = self.preset_name()
        self._seats = ludo_rules.Rules(name, self.players).seats
        try:
            resolved = ludo_rules.Rules(name, self.players, self.options()).options
        except ValueError:
            resolved = ludo_rules.option_defaults(name)
        for n in self.names:
            if n not in self.touched:
                vals = values_of(n)
                self.values[n] = vals.index(resolved[n]) if resolved[n] in vals else 0

    def _pages(self):
        return [p for p in range(PAGES) if p != PAGE_KINDS or self.computers]

    def _step_page(self, delta):
        pages = self._pages()
        i = pages.index(self.page) + delta
        if i < 0:
            return LEAVE if self.can_leave else REFUSE
        if i >= len(pages):
            return START
        self.open(pages[i])
        if delta < 0 and self.page == PAGE_KINDS:
            self.cursor = len(self._seats) - 1
        elif delta < 0 and self.page == PAGE_OPTIONS:
            self.cursor = len(self.names) - 1
        return CHANGED

    def press_select(self):
        page = self.page
        if page == PAGE_PRESET:
            self.preset = (self.preset + 1) % len(ludo_rules.PRESETS)
            self._preset_changed()
        elif page == PAGE_PLAYERS:
            self.players = self.players + 1 if self.players < 4 else 2
            self._players_changed()
        elif page == PAGE_KINDS:
            s = self._seats[self.cursor]
            self.kinds[s] = (self.kinds[s] + 1) % len(KINDS)
        elif page == PAGE_OPTIONS:
            if not self.names:
                return REFUSE
            name = self.names[self.cursor]
            self.values[name] = (self.values[name] + 1) % len(values_of(name))
            if name not in self.touched:
                self.touched.append(name)
        else:
            self.hand = not self.hand
        return CHANGED

    def press_confirm(self):
        if self.page == PAGE_KINDS and self.cursor + 1 < len(self._seats):
            self.cursor += 1
            return CHANGED
        if self.page == PAGE_OPTIONS and self.cursor + 1 < len(self.names):
            self.cursor += 1
            return CHANGED
        return self._step_page(1)

    def press_back(self):
        if self.page in (PAGE_KINDS, PAGE_OPTIONS) and self.cursor > 0:
            self.cursor -= 1
            return CHANGED
        return self._step_page(-1)

    def paint(self, scene):
        """The menu's lights (docs/lights.md, The set-up menu)."""
        menu = self
        for k in range(5):
            if k <= menu.page:
                scene.set(52 + k, scale(_WHITE, 60))
        page = menu.page
        if page == PAGE_PRESET:
            die_mask(scene, PIPS[menu.preset + 1], _WHITE)
        elif page == PAGE_PLAYERS:
            for s in menu.seats():
                for i in range(4):
                    scene.set(72 + s * 4 + i, SEAT_RGB[s])
            die_mask(scene, PIPS[menu.count()], _WHITE)
        elif page == PAGE_KINDS:
            seats = menu.seats()
            for j in range(len(seats)):
                s = seats[j]
                kind = menu.kind_index(s)
                rgb = SEAT_RGB[s]
                for i in range(4):
                    p = 72 + s * 4 + i
                    lit = i < 4 - kind if kind else True
                    c = rgb if lit else scale(_WHITE, 50)
                    if j == menu.cursor:
                        scene.cycle(p, _MEDIUM, 0, 0, c, 0)
                    else:
                        scene.set(p, c)
                if j == menu.cursor:
                    die_mask(scene, PIPS[kind + 1], rgb)
        elif page == PAGE_OPTIONS:
            for sq in range(menu.cursor + 1):
                scene.set(sq, scale(_WHITE, 90))
            kind, index = menu.option_display()
            if kind == 0:
                if index:
                    die_mask(scene, 0b1111111, _GREEN)
                else:
                    die_mask(scene, 0b0001000, _RED)
            else:
                die_mask(scene, PIPS[index + 1 if index < 6 else 6], _YELLOW)
        elif page == PAGE_DICE:
            if menu.hand:
                die_blink(scene, 0b1111111, _ORANGE, 0, _SLOW)
            else:
                die_cycle(scene, (PIPS[5], PIPS[2], PIPS[6], PIPS[3]),
                          _WHITE, 4)


# -- the app's side (controls.py hands the presses here) ----------------------
def open_menu(app):
    app.mode = 0                    # controls.MENU
    app.can_leave = app.game is not None
    m = app.menu
    m.can_leave = app.can_leave
    m.open(0)
    app.dirty = True


def press(app, button):
    m = app.menu
    if button == 1:                 # controls.py: 0 roll, 1 select, 2 confirm, 3 back
        result = m.press_select()
    elif button == 2:
        result = m.press_confirm()
    elif button == 3:
        result = m.press_back()
    else:
        result = START
    if result == START:
        problem = m.check()
        if problem is None:
            app.start_game(m.preset_name(), m.count(), m.options(), m.kinds_by_letter(), m.hand)
            return
        print("menu: " + problem)
        result = REFUSE
    if result == LEAVE:
        app.close_menu()
        app.mode = 4 if app.game.is_over() else 2       # controls.OVER, PLAY
        app.dirty = True
    elif result == REFUSE:
        app.refuse()
    elif result != NOTHING:
        app.dirty = True
