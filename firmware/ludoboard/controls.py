"""The buttons' meaning in each mode of the app (a base class of App).

roll, select, confirm, back; long press on back = pause menu, on select =
coach hint.  A press that means nothing now is refused (the die flashes red)
and changes nothing.
"""
from . import const, players

_ROLL = const(0)            # buttons.py
_SELECT = const(1)
_CONFIRM = const(2)
_BACK = const(3)

# modes (app.py)
MENU = 0
CHECK = 1
PLAY = 2
PAUSE = 3
OVER = 4
MAP_CHECK = 5


class Controls:
    def on_press(self, button, long):
        mode = self.mode
        if mode == MAP_CHECK:
            self.map_index = self.hw.pixel_count
            self.dirty = True
        elif mode == MENU:
            from .menu import press         # the menu is loaded while it is shown
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

    def press_back(self):
        if not self.undo():
            self.refuse()

    def select_next(self):
        """The next legal move, skipping any that looks the same on the board."""
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
        """Long press on select: light the move the Hard computer would play."""
        move = players.choose(self.game, players.COACH_KIND)
        self.computers_needed()         # a hint in a game of people: its code goes again
        if move is None:
            self.refuse()
            return
        self.selected = self.index_of(move)
        self.hint = True
        self.dirty = True

    def open_menu(self):
        from .menu import open_menu
        open_menu(self)
