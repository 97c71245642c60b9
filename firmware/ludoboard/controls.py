"""The buttons' meaning in each mode of the app (a base class of App).

roll, select, confirm, back; long press on back = pause menu, on select =
coach hint.  A press that means nothing now is refused (the die flashes red)
and changes nothing.
"""
from . import buttons as btn
from . import players

# what a menu press did (menu.py)
NOTHING = 0
START = 2
LEAVE = 3
REFUSE = 4

# modes (app.py)
MENU = 0
CHECK = 1
PLAY = 2
PAUSE = 3
OVER = 4
MAP_CHECK = 5

PAUSE_HAND_OVER = 0
PAUSE_RESIGN = 1
PAUSE_NEW = 2


class Controls:
    def on_press(self, button, long):
        mode = self.mode
        if mode == MAP_CHECK:
            self.map_index = self.hw.pixel_count
            self.dirty = True
        elif mode == MENU:
            self.press_menu(button)
        elif button == btn.BACK and long and mode != PAUSE:
            self.pause_item = self.first_pause_item(0)
            self.mode = PAUSE
            self.dirty = True
        elif mode == PAUSE:
            self.press_pause(button)
        elif mode == CHECK:
            if button == btn.CONFIRM:
                self.settle()
                self.mode = OVER if self.game.is_over() else PLAY
                self.dirty = True
            else:
                self.refuse()
        elif self.fixing():
            if button == btn.CONFIRM:
                self.settle()
                self.dirty = True
            elif button == btn.BACK and mode == PLAY:
                self.press_back()
            else:
                self.refuse()
        elif mode == OVER:
            if button == btn.CONFIRM or button == btn.ROLL:
                self.open_menu()
            else:
                self.refuse()
        else:
            self.press_play(button, long)

    def press_play(self, button, long):
        g = self.game
        if g.needs_roll():
            if button == btn.ROLL and not self.hand:
                self.do_roll(None)
            elif self.hand and (button == btn.ROLL or button == btn.SELECT):
                self.entry_value = self.entry_value % 6 + 1
                self.dirty = True
            elif self.hand and button == btn.CONFIRM and self.entry_value:
                self.do_roll(self.entry_value)
            elif button == btn.BACK:
                if self.entry_value:
                    self.entry_value = 0
                    self.dirty = True
                else:
                    self.press_back()
            else:
                self.refuse()
            return
        computer = self.is_computer()
        if button == btn.SELECT and not computer:
            if long:
                self.coach()
            else:
                self.select_next()
        elif button == btn.CONFIRM and 0 <= self.selected < len(self.legal):
            self.do_move(self.selected)
        elif button == btn.BACK:
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

    def pause_items(self):
        g = self.game
        return (players.available() and g.transcript_length > 0 and not g.is_over(),
                g.rules.can_resign and not g.is_over(),
                True)

    def first_pause_item(self, start):
        ok = self.pause_items()
        for k in range(3):
            i = (start + k) % 3
            if ok[i]:
                return i
        return PAUSE_NEW

    def press_pause(self, button):
        if button == btn.SELECT:
            self.pause_item = self.first_pause_item(self.pause_item + 1)
            self.dirty = True
        elif button == btn.CONFIRM:
            item = self.pause_item
            self.mode = OVER if self.game.is_over() else PLAY
            self.dirty = True
            if item == PAUSE_HAND_OVER:
                if not self.hand_over():
                    self.refuse()
            elif item == PAUSE_RESIGN:
                if not self.resign():
                    self.refuse()
            else:
                self.open_menu()
        elif button == btn.BACK:
            self.mode = OVER if self.game.is_over() else PLAY
            self.dirty = True
        else:
            self.refuse()

    def open_menu(self):
        self.mode = MENU
        self.can_leave = self.game is not None
        self.menu.can_leave = self.can_leave
        self.menu.open(0)
        self.dirty = True

    def press_menu(self, button):
        m = self.menu
        if button == btn.SELECT:
            result = m.press_select()
        elif button == btn.CONFIRM:
            result = m.press_confirm()
        elif button == btn.BACK:
            result = m.press_back()
        else:
            result = START
        if result == START:
            problem = m.check()
            if problem is None:
                self.start_game(m.preset_name(), m.count(), m.options(), m.kinds_by_letter(), m.hand)
                return
            print("menu: " + problem)
            result = REFUSE
        if result == LEAVE:
            self.close_menu()
            self.mode = OVER if self.game.is_over() else PLAY
            self.dirty = True
        elif result == REFUSE:
            self.refuse()
        elif result != NOTHING:
            self.dirty = True

