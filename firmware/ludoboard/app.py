"""The board application: one loop that polls the buttons and the serial link,
runs the game, saves every action, and shows the lights.

    app = App(hardware)
    app.run()           # never returns; step() is one pass, for tests

Modes: MENU (set-up on the board), CHECK (after a reset: the position is
shown until confirm), PLAY, PAUSE (long press on back), OVER, MAP_CHECK.
Every confirmed action is saved to NVM before the lights change.
"""
from . import buttons as btn
from . import drop, lights, places, players, session
from .buttons import Buttons, ticks_diff
from .places import place_of
from .controls import Controls, MENU, CHECK, PLAY, PAUSE, OVER, MAP_CHECK  # noqa: F401
from .hostlink import HostLink
from .saves import Saves
from .signals import (Painter, B_NONE, B_REFUSE, B_BONUS, B_PASS, B_FORFEIT, B_DOOR, B_TURNED,
                      B_HOME, B_START, B_LEAVE, B_ERROR, BANNER_MS)

CODE_RESIGN = 113           # transcript codes (docs/api.md)
CODE_TIMEOUT = 117
CODE_UNDO = 121
CODE_KIND = 122
COMPUTER_ROLL_MS = 900      # a computer seat rolls by itself after this pause
MAP_CHECK_MS = 300          # per pixel while walking the strip
DEADLINE_WARN_MS = 10000    # the seat's yard blinks fast this long before its deadline
ANIM_WRAP_MS = 1 << 24



class App(Controls):
    def __init__(self, hw, settings=None):
        self.hw = hw
        if settings is None:
            settings = getattr(hw, "settings", None) or {}
        self.frame = bytearray(3 * hw.pixel_count)
        from .pixelmap import PixelMap         # needed once: keep its table, drop its code
        pixmap = PixelMap(hw.pixel_count)
        pixmap.load_file(settings.get("LUDO_PIXEL_MAP", "pixelmap.json"))
        self.pixel = pixmap.pixel       # pixel index per place id
        map_error = pixmap.error
        pixmap = PixelMap = None
        drop("ludoboard.pixelmap")
        self.scene = lights.Scene()
        self.painter = Painter()
        self.buttons = Buttons(self.on_press)
        self.saves = Saves(hw.nvm, hw.feed)
        self.link = HostLink(hw, self)
        self.clock = [None, 0, 0]  # the wall clock (clock.py), once the PC told the time
        self._menu = None           # the set-up menu (menu.py), loaded while it is shown
        self.menu_state = None      # its choices while it is not
        self.can_leave = False      # the menu's back on its first page returns to a game
        self.game = None
        self.hand = False           # dice entered by hand
        self.rolled = False         # the game's own dice were rolled (its seed goes in the footer)
        self.mode = MENU
        self.where = bytearray(16)      # each token's place in the game
        self.physical = bytearray(16)   # where the tokens stand on the table
        self.legal = ()
        self.selected = -1
        self.hint = False
        self.cpu_at = -1            # transcript length the computer's choice belongs to
        self.entry_value = 0        # a physical die's value being entered
        self.last_origin = places.NONE
        self.pause_item = 0
        self.banner = B_NONE
        self.banner_seat = -1
        self.banner_arg = 0
        self.banner_until = 0
        self.phase_at = 0           # ticks when the current roll/choice began (computer pause)
        self.phase_mark = -1        # transcript length phase_at belongs to
        self.turn_at = 0            # ticks when the seat's turn began (deadline)
        self.turn_seat = -1
        self.warned = False
        self.dirty = True
        self.animated = False
        now = hw.ticks_ms()
        self.last_ticks = now
        self.anim_ms = 0
        self.turn_at = now
        self.last_step = -1
        self.map_check = settings.get("LUDO_MAP_CHECK", 0) == 1
        self.map_index = 0
        self.map_at = now
        self.errors = []
        if map_error:
            self.errors.append(map_error)
        self.resume()
        if self.saves.error:
            self.errors.append(self.saves.error)
        for e in self.errors:
            print(e)
        if self.errors:
            self.show_banner(B_ERROR, -1, 0)
        if self.map_check:
            self.mode_before_map = self.mode
            self.mode = MAP_CHECK

    @property
    def menu(self):
        """The set-up menu, loaded on first use (it keeps the last choices while dropped)."""
        m = self._menu
        if m is None:
            from .menu import Menu
            m = self._menu = Menu(players.available(), self.menu_state)
            m.can_leave = self.can_leave
        return m

    def close_menu(self):
        m = self._menu
        if m is not None:
            self.menu_state = m.state()
            self._menu = None
            drop("ludoboard.menu")

    def clock_set(self, text):
        from .clock import set_clock
        set_clock(self.clock, text, self.hw.ticks_ms())
        drop("ludoboard.clock")

    def clock_now(self):
        if self.clock[0] is None:
            return None
        from .clock import now_iso
        now = now_iso(self.clock, self.hw.ticks_ms())
        drop("ludoboard.clock")
        return now

    # -- start-up --------------------------------------------------------
    def resume(self):
        """Take up the saved game, if any: replay its transcript and show the position (CHECK)."""
        from .begin import resume
        resume(self)
        drop("ludoboard.begin")

    # -- the loop --------------------------------------------------------
    def run(self):
        while True:
            self.step()

    def step(self):
        hw = self.hw
        now = hw.ticks_ms()
        ev = hw.poll_key()
        while ev >= 0:
            self.buttons.key_event(ev, now)
            ev = hw.poll_key()
        self.buttons.tick(now)
        self.link.poll()
        self.timers(now)
        self.draw(now)
        hw.feed()

    def draw(self, now):
        d = ticks_diff(now, self.last_ticks)
        self.last_ticks = now
        if d > 0:
            self.anim_ms += d
            if self.anim_ms >= ANIM_WRAP_MS:
                self.anim_ms -= ANIM_WRAP_MS
        if self.mode == MAP_CHECK:
            self.draw_map_check(now)
            return
        step = self.anim_ms // lights.ANIM_STEP_MS
        if self.dirty:
            self.compose()
            self.dirty = False
        elif not self.animated or step == self.last_step:
            return
        self.last_step = step
        lights.render(self.scene, self.pixel, self.frame, step)
        self.hw.show(self.frame)

    def draw_map_check(self, now):
        if ticks_diff(now, self.map_at) < MAP_CHECK_MS and not self.dirty:
            return
        self.dirty = False
        self.map_at = now
        frame = self.frame
        for i in range(len(frame)):
            frame[i] = 0
        if self.map_index >= self.hw.pixel_count:
            self.mode = self.mode_before_map
            self.dirty = True
            return
        i = self.map_index * 3
        frame[i] = frame[i + 1] = frame[i + 2] = 255
        self.map_index += 1
        self.hw.show(frame)

    def timers(self, now):
        if self.banner and ticks_diff(now, self.banner_until) >= 0:
            self.banner = B_NONE
            self.dirty = True
        if self.mode != PLAY or self.fixing():
            return
        g = self.game
        if g.turn != self.turn_seat:
            self.turn_seat = g.turn
            self.turn_at = now
            self.warned = False
        if g.transcript_length != self.phase_mark:
            self.phase_mark = g.transcript_length
            self.phase_at = now
        if g.needs_roll() and not self.hand and self.is_computer() \
                and ticks_diff(now, self.phase_at) >= COMPUTER_ROLL_MS:
            self.do_roll(None)
            return
        limit = g.rules.deadline * 1000
        if limit and not self.is_computer():
            left = limit - ticks_diff(now, self.turn_at)
            if left <= 0:
                s = g.turn
                g.timeout()
                self.committed(CODE_TIMEOUT + s, None)
            elif left <= DEADLINE_WARN_MS and not self.warned:
                self.warned = True
                self.dirty = True

    # -- state -----------------------------------------------------------
    def refresh(self):
        """After the game changed: token places, legal moves, the computer's choice."""
        g = self.game
        r = g.rules
        for t in range(16):
            self.where[t] = place_of(r, t, g.progress(t))
        self.legal = g.legal_moves
        self.selected = -1
        self.hint = False
        self.entry_value = 0
        if len(self.legal) == 1:
            self.selected = 0
        if self.is_computer() and self.legal:
            self.cpu_choose()
        self.dirty = True

    def fixing(self):
        for t in range(16):
            if self.physical[t] != self.where[t]:
                return True
        return False

    def settle(self):
        """The players have put every token where the game says."""
        for t in range(16):
            self.physical[t] = self.where[t]
        self.phase_mark = -1
        self.turn_seat = -1

    def is_computer(self):
        g = self.game
        return g is not None and players.available() and \
            g.kinds.get(session.SEATS[g.turn], "human") != "human"

    def computers_needed(self):
        """Drop the computer players' code unless a seat of this game still needs it."""
        g = self.game
        if g is not None and not g.is_over():
            kinds = g.kinds
            for letter in kinds:
                if kinds[letter] != "human":
                    return
        players.release()

    def cpu_choose(self):
        g = self.game
        move = players.choose(g, g.kinds[session.SEATS[g.turn]])
        self.selected = self.index_of(move)
        self.cpu_at = g.transcript_length

    def index_of(self, move):
        if move is None:
            return 0 if self.legal else -1
        for i in range(len(self.legal)):
            if self.legal[i].code == move.code:
                return i
        return 0

    def show_banner(self, kind, seat, arg):
        self.banner = kind
        self.banner_seat = seat
        self.banner_arg = arg
        self.banner_until = (self.hw.ticks_ms() + BANNER_MS[kind]) & (btn.TICKS_PERIOD - 1)
        self.dirty = True

    def refuse(self):
        self.show_banner(B_REFUSE, -1, 0)

    # -- actions ---------------------------------------------------------
    def committed(self, code, text):
        """The game has taken one transcript code: save it, tell the PC, then change the lights."""
        g = self.game
        self.saves.append(code)
        link = self.link
        if link.connected:          # the lines are built only for a PC that listens
            if text is None:
                text = self.text_after(code)
            link.send(session.action_line(g, g.transcript_length, text,
                                          g.last_events if code < CODE_UNDO else ()))
        if g.is_over():
            if link.connected:
                link.send(session.end_line(g, g.transcript_length + 1, self.rolled))
            self.mode = OVER
        self.refresh()
        if code >= CODE_KIND or self.mode == OVER:
            self.computers_needed()
        self.banner = B_NONE        # a new action ends the last one's banner
        if code < 121:
            self.banner_for(g.last_events)

    def text_after(self, code):
        g = self.game
        if code < 16:
            return "roll %d%s" % (code & 7, " hand" if code & 8 else "")
        return g.action_text(code)      # resign, timeout, undo, kind: position-free texts

    def banner_for(self, events):
        best = B_NONE
        seat = self.game.turn
        arg = 0
        for e in events:
            kind = B_NONE
            who = -1
            if e == "three-sixes" or e == "void" or e == "forfeit":
                kind = B_FORFEIT
            elif e.startswith("door "):
                kind = B_DOOR
                who = session.SEATS.index(e[5])
            elif e.startswith("turned "):
                kind = B_TURNED
                who = session.SEATS.index(e[7])
            elif e.startswith("resign ") or e.startswith("timeout "):
                kind = B_LEAVE
                who = session.SEATS.index(e[-1])
            elif e == "pass":
                kind = B_PASS
            elif e == "bonus":
                kind = B_BONUS
            elif e.startswith("home "):
                kind = B_HOME
                who = session.SEATS.index(e[5])
            elif e.startswith("start "):
                kind = B_START
                who = session.SEATS.index(e[6])
            if kind and (best == B_NONE or _PRIORITY[kind] > _PRIORITY[best]):
                best = kind
                if who >= 0:
                    seat = who
                    arg = self.lane_of(who)
        if best:
            self.show_banner(best, seat, arg)

    def lane_of(self, seat):
        """The home column (physical colour) a seat's tokens finish in."""
        return self.game.rules.entry[seat] // 13

    def do_roll(self, value):
        g = self.game
        v = g.roll(value)
        if value is None:
            self.rolled = True
        self.committed(v if value is None else 8 + v, None)

    def do_move(self, index):
        g = self.game
        m = self.legal[index]
        text = session.move_text(g, m) if self.link.connected else None
        if not m.is_pass:
            self.physical[m.token] = place_of(g.rules, m.token, m.end)
            self.last_origin = place_of(g.rules, m.token, m.start)
        g.push(m)
        self.committed(m.code, text)

    def undo(self):
        """Take back the last move (and any roll after it); its roll stays to be played again."""
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
            self.committed(CODE_UNDO, "undo")
        self.last_origin = places.NONE
        self.dirty = True
        return True

    def hand_over(self):
        """The seat on turn goes to the computer (or back to a person)."""
        g = self.game
        letter = session.SEATS[g.turn]
        if not players.available() or not g.transcript_length:
            return False
        kind = "human" if g.kinds.get(letter, "human") != "human" else players.LEAVE_KIND
        g.set_kind(letter, kind)
        self.committed(CODE_KIND + g.turn * 4 + players.KINDS.index(kind), None)
        return True

    def resign(self):
        g = self.game
        s = g.turn
        try:
            g.resign(s)
        except ValueError:
            return False
        self.committed(CODE_RESIGN + s, None)
        return True

    def start_game(self, preset, count, options, kinds, hand, seed=None):
        """A new game (abandoning the one in progress); raises ValueError if it cannot be played."""
        from .begin import start_game
        try:
            start_game(self, preset, count, options, kinds, hand, seed)
        finally:
            drop("ludoboard.begin")

    # -- the lights ------------------------------------------------------
    def compose(self):
        scene = self.scene
        scene.clear()
        p = self.painter
        mode = self.mode
        g = self.game
        if mode == MENU:
            self.menu.paint(scene)
        else:
            p.board(scene, g, self.where, self.last_origin)
            if mode == OVER and not self.fixing():
                p.win(scene, g)
            elif mode == CHECK:
                p.turn(scene, g, self.where)
                p.check(scene)
            elif self.fixing():
                p.fixups(scene, g, self.physical, self.where)
            else:
                p.turn(scene, g, self.where, self.warned)
                if not g.needs_roll():
                    p.moves(scene, g, self.legal, self.selected, self.hint)
                p.die_play(scene, g, self.legal, self.selected, self.entry_value, self.hand)
            if mode == PAUSE:
                p.pause(scene, self.pause_item)
        if self.banner:
            p.banner(scene, self.banner, self.banner_seat, self.banner_arg, g)
        self.animated = scene.animated()

_PRIORITY = bytearray(16)
for _i, _k in enumerate((B_START, B_HOME, B_BONUS, B_PASS, B_TURNED, B_DOOR, B_LEAVE, B_FORFEIT)):
    _PRIORITY[_k] = _i + 1
