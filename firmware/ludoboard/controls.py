# The buttons: key events into presses (Buttons), and their meaning in each
# mode of the app (Controls, a base class of App).
#
# Buttons: keypad does the debouncing; a press is reported once: short on
# release, or long as soon as the key has been held 0.9 s (its release is then
# ignored).  Times are wrap-safe tick differences.  Reports go to a callback
# `on_press(button, long)`.
#
# roll, select, confirm, back; long press on back = pause menu, on select =
# coach hint.  A press that means nothing now is refused (the die flashes red)
# and changes nothing.
from . import const, players

_ROLL = const(0)            # the buttons, as keypad numbers them
_SELECT = const(1)
_CONFIRM = const(2)
_BACK = const(3)
NAMES = ("roll", "select", "confirm", "back")
_LONG_PRESS_MS = const(900)
_CODE_UNDO = const(121)     # the transcript's take-back (docs/api.md)
_NO_PLACE = const(255)      # places.NONE
_TICKS_PERIOD = const(1 << 29)
_HALF = const(1 << 28)

# modes (app.py)
MENU = 0
CHECK = 1
PLAY = 2
PAUSE = 3
OVER = 4
MAP_CHECK = 5


def ticks_diff(a, b):
    # a - b for supervisor.ticks_ms() values, wrap-safe (they wrap at 2**29).
    d = (a - b) & (_TICKS_PERIOD - 1)
    if d >= _HALF:
        d -= _TICKS_PERIOD
    return d


class Buttons:
    def __init__(self, on_press):
        self.on_press = on_press
        self.down_at = [0, 0, 0, 0]
        self.held = bytearray(4)       # 1 while down and not yet reported long

    def key_event(self, event, now):
        # event = key*2 + 1 for pressed, key*2 for released (hw.poll_key).
        key = event >> 1
        if key > 3:
            return
        if event & 1:
            self.down_at[key] = now
            self.held[key] = 1
        elif self.held[key]:
            self.held[key] = 0
            self.on_press(key, False)

    def tick(self, now):
        for key in range(4):
            if self.held[key] and ticks_diff(now, self.down_at[key]) >= _LONG_PRESS_MS:
                self.held[key] = 0
                self.on_press(key, True)

    def reset(self):
        for key in range(4):
            self.held[key] = 0


class Controls:
    def on_press(self, button, long):
        if self.starting:           # a new game is being set up (app.start_game)
            self.refuse()
            return
        mode = self.mode
        if mode == MAP_CHECK:
            self.map_index = self.hw.pixel_count
            self.dirty = True
        elif mode == MENU:
            self.menu                       # still loading: this press waits for it (app.py)
            from .menu_steps import press   # the menu is loaded while it is shown
            press(self, button)
        elif button == _BACK and long and mode != PAUSE or mode == PAUSE:
            from .pause import press        # pause.py: loaded while the pause menu is shown
            press(self, button)
        elif mode == CHECK:
            if button == _CONFIRM:
                self.settle()
                self.mode = OVER if self.game.is_over() else PLAY
                self.dirty = True
            else:
                self.refuse()
        elif self.fixing():
            if button == _CONFIRM:
                self.settle()
                self.dirty = True
            elif button == _BACK and mode == PLAY:
                self.press_back()
            else:
                self.refuse()
        elif mode == OVER:
            if button == _CONFIRM or button == _ROLL:
                self.open_menu()
            else:
                self.refuse()
        else:
            self.press_play(button, long)

    def press_play(self, button, long):
        g = self.game
        if g.needs_roll():
            if button == _ROLL and not self.hand:
                self.do_roll(None)
            elif self.hand and (button == _ROLL or button == _SELECT):
                self.entry_value = self.entry_value % 6 + 1
                self.dirty = True
            elif self.hand and button == _CONFIRM and self.entry_value:
                self.do_roll(self.entry_value)
            elif button == _BACK:
                if self.entry_value:
                    self.entry_value = 0
                    self.dirty = True
                else:
                    self.press_back()
            else:
                self.refuse()
            return
        computer = self.is_computer()
        if button == _SELECT and not computer:
            if long:
                self.coach()
            else:
                self.select_next()
        elif button == _CONFIRM and 0 <= self.selected < len(self.legal):
            self.do_move(self.selected)
        elif button == _BACK:
            if self.selected >= 0 and not computer and len(self.legal) > 1:
                self.selected = -1
                self.hint = False
                self.dirty = True
            else:
                self.press_back()
        else:
            self.refuse()

    def undo(self):
        # Take back the last move (and any roll after it); its roll stays to be played again.
        g = self.game
        if not g.rules.can_undo:
            return False
        codes = g.codes
        k = len(codes) - 1
        while k >= 0 and codes[k] < 16:
            k -= 1
        if k < 0:
            return False
        while len(g) > k:
            g.pop()
            self.committed(_CODE_UNDO, "undo")
        self.last_origin = _NO_PLACE
        self.dirty = True
        return True

    def press_back(self):
        if not self.undo():
            self.refuse()

    def select_next(self):
        # The next legal move, skipping any that looks the same on the board.
        legal = self.legal
        n = len(legal)
        if not n:
            self.refuse()
            return
        i = self.selected
        for _ in range(n):
            i = (i + 1) % n
            if not self.looks_like_earlier(i):
                break
        self.selected = i
        self.hint = False
        self.dirty = True

    def looks_like_earlier(self, i):
        legal = self.legal
        m = legal[i]
        for j in range(i):
            o = legal[j]
            if o.roll == m.roll and o.start_place == m.start_place and o.end_place == m.end_place:
                return True
        return False

    def coach(self):
        # Long press on select: light the move the Hard computer would play (cpu_job:
        # once Hard's code is loaded, a module a loop pass).
        if not players.available():
            self.refuse()
            return
        self.jobs.append(self.cpu_job(players.COACH_KIND, 2))

    def open_menu(self):
        # From a finished game or the pause menu: its first page, a few loop
        # passes from now; back there returns to the game.
        from .menu_load import load
        self.mode = MENU
        self.can_leave = self.game is not None
        self.dirty = True
        load(self, True)
