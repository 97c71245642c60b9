# The board application: one loop that polls the buttons and the serial link,
# runs the game, saves every action, and shows the lights.
#
#     app = App(hardware)
#     app.run()           # never returns; step() is one pass, for tests
#
# Modes: MENU (set-up on the board), CHECK (after a reset: the position is
# shown until confirm), PLAY, PAUSE (long press on back), OVER, MAP_CHECK.
# Every confirmed action is saved to NVM before the lights change.
import gc
import sys

# The order of these imports is the order the board compiles the modules in, and a
# compile needs about 100 bytes a line beyond what is loaded already: the largest
# come first (the rules core, then controls, signals, hostlink), the small last
# (bench/board_heap.py --part boot).
import ludo  # noqa: F401
from .controls import Buttons, ticks_diff, Controls, MENU, CHECK, PLAY, PAUSE, OVER, MAP_CHECK  # noqa: F401
from .signals import Painter  # noqa: F401  (Painter, Buttons, HostLink, Saves: app_init.py makes them)
from .die_lights import banner_for, show_banner
from .hostlink import HostLink  # noqa: F401
from . import const, drop, lights, players, session
from .saves import Saves  # noqa: F401
from .places import place_of

_CODE_TIMEOUT = const(117)  # transcript codes (docs/api.md)
_CODE_UNDO = const(121)
_CODE_KIND = const(122)
_COMPUTER_ROLL_MS = const(1400)  # a computer seat rolls by itself after this pause (the
#                                  last action's signal, 1.3 s at most for a pass, seen)
_DEADLINE_WARN_MS = const(10000)    # the seat's yard blinks fast this long before its deadline
_ANIM_WRAP_MS = const(1 << 24)
_ANIM_STEP_MS = const(40)   # one animation step: frames are re-rendered at most this often
_B_REFUSE = const(1)        # die_lights.py's banner kinds
_COLLECT = sys.implementation.name != "cpython"    # a PC has room: no collection per stage


class App(Controls):
    def __init__(self, hw, settings=None):
        # Its attributes are set in app_init.py (run once: the board keeps no code for it).
        from .app_init import init
        init(self, hw)
        drop("ludoboard.app_init")
        if settings is None:
            settings = getattr(hw, "settings", None) or {}
        # A board without wooden tokens (the virtual one): nothing to put right by hand.
        self.skip_fixups = settings.get("LUDO_SKIP_FIXUPS", 0) == 1
        from .begin import boot     # pixel map, saved game, errors, map check: begin.py, once
        try:
            boot(self, settings)
        finally:
            drop("ludoboard.begin")

    @property
    def menu(self):
        # The set-up menu (menu.py), loaded while it is shown (menu_load.py; its
        # choices stay in menu_state while it is dropped).  Wanted while it
        # loads (a press, a test): the rest of its loading runs now.
        if self._menu is None:
            from .menu_load import finish
            finish(self)
        return self._menu

    def close_menu(self):
        if self._menu is not None:
            self.menu_state = self._menu.state()
            self._menu = None
        if self.menu_job is not None:   # a game began while the menu loaded
            self.jobs.remove(self.menu_job)
            self.menu_job = None
        for name in list(sys.modules):  # the menu's modules
            if name.startswith("ludoboard.menu"):
                drop(name)

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
        if self.jobs:
            self.run_job()
        self.timers(now)
        self.draw(now)
        hw.feed()

    def run_job(self):
        # One stage of the first job. Work that loads code (a game's beginning, the
        # computer players) is a generator that imports one small module a stage:
        # compiling a module needs about 100 bytes a line of code beyond what it
        # keeps, so the board never compiles more than one small module at once,
        # and the collector runs in between (docs/board-memory.md).
        if _COLLECT:
            gc.collect()
        try:
            next(self.jobs[0])
        except StopIteration:
            self.jobs.pop(0)

    def draw(self, now):
        d = ticks_diff(now, self.last_ticks)
        self.last_ticks = now
        if d > 0:
            self.anim_ms += d
            if self.anim_ms >= _ANIM_WRAP_MS:
                self.anim_ms -= _ANIM_WRAP_MS
        if self.mode == MAP_CHECK:
            from .pixelmap import walk      # loaded for the walk only
            walk(self, now)
            return
        step = self.anim_ms // _ANIM_STEP_MS
        if self.dirty:
            self.compose()
            self.dirty = False
        elif not self.animated or step == self.last_step:
            return
        self.last_step = step
        lights.render(self.scene, self.pixel, self.frame, step)
        self.hw.show(self.frame)

    def timers(self, now):
        if self.banner and ticks_diff(now, self.banner_until) >= 0:
            self.banner = 0
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
        if g.needs_roll() and self.is_computer():
            kind = g.kinds[session.SEATS[g.turn]]
            if not players.ready(kind):     # its code loads while it pauses; it rolls once loaded
                if not self.jobs:
                    self.jobs.append(self.cpu_job(kind, 0))
            elif not self.hand and ticks_diff(now, self.phase_at) >= _COMPUTER_ROLL_MS:
                self.do_roll(None)
                return
        limit = g.rules.deadline * 1000
        if limit and not self.is_computer():
            left = limit - ticks_diff(now, self.turn_at)
            if left <= 0:
                s = g.turn
                g.timeout()
                self.committed(_CODE_TIMEOUT + s, None)
            elif left <= _DEADLINE_WARN_MS and not self.warned:
                self.warned = True
                self.dirty = True

    # -- state -----------------------------------------------------------
    def refresh(self):
        # After the game changed: token places, legal moves, the computer's choice.
        g = self.game
        r = g.rules
        for t in range(16):
            self.where[t] = place_of(r, t, g.progress(t))
        self.legal = g.legal_moves
        self.selected = -1
        self.hint = False
        self.entry_value = 0
        if len(self.legal) == 1:
            self.selected = 0           # (a computer has no other choice either)
        elif self.is_computer() and self.legal:
            self.cpu_choose()
        self.dirty = True

    def fixing(self):
        # Must the players put tokens right by hand (and confirm) before play goes on?
        if self.skip_fixups:
            return False
        for t in range(16):
            if self.physical[t] != self.where[t]:
                return True
        return False

    def settle(self):
        # The players have put every token where the game says.
        for t in range(16):
            self.physical[t] = self.where[t]
        self.phase_mark = -1
        self.turn_seat = -1

    def is_computer(self):
        g = self.game
        return g is not None and players.available() and \
            g.kinds.get(session.SEATS[g.turn], "human") != "human"

    def computers_needed(self):
        # Drop the computer players' code unless a seat of this game still needs it.
        g = self.game
        if g is not None and not g.is_over():
            kinds = g.kinds
            for letter in kinds:
                if kinds[letter] != "human":
                    return
        players.release()

    def cpu_choose(self):
        # The computer on turn chooses, in a job (its move is lit when it is ready).
        g = self.game
        self.jobs.append(self.cpu_job(g.kinds[session.SEATS[g.turn]], 1))

    def cpu_job(self, kind, what):
        # A job: a computer player's code (what 0), its choice (1), the coach's hint (2),
        # a stage a loop pass (computer.py; not in the pass that asked: a roll, a press).
        yield
        from .computer import stages    # compiled in a stage of its own
        yield
        for _ in stages(self, kind, what):
            yield

    def index_of(self, move):
        if move is None:
            return 0 if self.legal else -1
        for i in range(len(self.legal)):
            if self.legal[i].code == move.code:
                return i
        return 0

    def refuse(self):
        show_banner(self, _B_REFUSE, -1, 0)

    # -- actions ---------------------------------------------------------
    def committed(self, code, text):
        # The game has taken one transcript code: save it, tell the PC, then change the lights.
        g = self.game
        self.saves.append(code, g)
        link = self.link
        if link.connected:          # the lines are built only for a PC that listens
            if text is None:        # a roll; resign, timeout, undo, kind: position-free texts
                text = "roll %d%s" % (code & 7, " hand" if code & 8 else "") if code < 16 \
                    else g.action_text(code)
            link.send(session.action_line(g, g.transcript_length, text,
                                          g.last_events if code < _CODE_UNDO else ()))
        if g.is_over():
            if link.connected:
                link.send(session.end_line(g, g.transcript_length + 1))
            self.mode = OVER
        self.refresh()
        if code >= _CODE_KIND or self.mode == OVER:
            self.computers_needed()
        self.banner = 0             # a new action ends the last one's banner
        if code < _CODE_UNDO:
            banner_for(self, g.last_events)

    def do_roll(self, value):
        g = self.game
        v = g.roll(value)
        self.committed(v if value is None else 8 + v, None)

    def do_move(self, index):
        g = self.game
        m = self.legal[index]
        text = str(m) if self.link.connected else None
        if not m.is_pass:
            self.physical[m.token] = place_of(g.rules, m.token, m.end)
            self.last_origin = place_of(g.rules, m.token, m.start)
        g.push(m)
        self.committed(m.code, text)

    def start_game(self, preset, count, options, kinds, hand, seed=None, command=None):
        # A new game (abandoning the one in progress), set up over some loop passes by a
        # job (newgame.py); command: the PC's `new` instead of the arguments.
        from .newgame import job
        drop("ludoboard.newgame")
        self.starting = True
        self.jobs.append(job(self, (preset, count, options, kinds, hand, seed, command)))

    # -- the lights ------------------------------------------------------
    def compose(self):
        mode = self.mode
        if mode == MENU and self._menu is None and not self.starting:  # (a new game's job: no menu)
            from .menu_load import load
            load(self, False)           # on its way (a few loop passes): the game's lights stay
            if self.game is not None:   # (a fresh board shows its banners over a blank page)
                return
        scene = self.scene
        scene.clear()
        p = self.painter
        g = self.game
        if mode != MENU:
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
                from .pause_lights import paint
                paint(scene, self.pause_item)
        elif self._menu is not None:
            from .menu_lights import paint as paint_menu
            paint_menu(self._menu, scene)
        if self.banner:
            p.banner(scene, self.banner, self.banner_seat, self.banner_arg, g)
        self.animated = scene.animated()
