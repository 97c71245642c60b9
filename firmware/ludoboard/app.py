# The board application: one loop that polls the buttons and the serial link,
# runs the game, saves every action, and shows the lights.
#
#     app = App(hardware)
#     app.run()           # never returns; step() is one pass, for tests
#
# The app is always in one mode (names.py: MENU, CHECK, PLAY, PAUSE, OVER,
# MAP_CHECK); each mode is an object with the same small interface, run by the
# module the mode table names: enter(app), press(app, button, long),
# paint(app, scene), leave(app).  Every confirmed action is saved to NVM before
# the lights change.  docs/firmware.md follows a press through the modules.
import gc
import sys

import ludo  # noqa: F401  (the rules core first: the board compiles the largest first)
from . import const, load, release
from .names import MENU, PLAY, MAP_CHECK, SEATS, SIG_REFUSE, CODE_TIMEOUT
from .buttons import Buttons, ticks_diff
from .painter import Painter
from .scene import Scene, render, NONE, place_of
from .link import HostLink
from .saves import Saves
from . import painter, play

# the mode table (names.py's order): the class that runs each mode, and the modules
# it needs in the order they load, the class's last.  They are loaded one a loop pass
# when the mode begins and released when it ends; play.py, which every game needs, is
# kept (imported above).
_KEPT = ("ludoboard.play",)
_MODES = (("SetupMenu", ("ludoboard.setup_menu", "ludoboard.setup_menu.pages", "ludoboard.setup_menu.options",
                         "ludoboard.setup_menu.lights", "ludoboard.setup_menu.option_checks",
                         "ludoboard.setup_menu.menu")),
          ("Check", _KEPT), ("Play", _KEPT), ("PauseMenu", ("ludoboard.pause_menu",)),
          ("Over", _KEPT), ("MapCheck", ("ludoboard.pixelmap",)))
_DEADLINE_WARN_MS = const(10000)    # the seat's yard blinks fast this long before its deadline
_ANIM_WRAP_MS = const(1 << 24)
_ANIM_STEP_MS = const(40)   # one animation step: frames are re-rendered at most this often
_COLLECT = sys.implementation.name != "cpython"    # a PC has room: no collection per stage


class Choices:
    # The set-up menu's choices (setup_menu/ reads and changes them), kept here
    # while the menu's code is released.

    def __init__(self, preset, players, hand, kinds, values, touched, names, seats):
        self.preset = preset        # index into ludo.rules.PRESETS
        self.players = players      # how many play
        self.hand = hand            # dice entered by hand
        self.kinds = kinds          # bytearray: index into ludo's KINDS, per seat
        self.values = values        # option name -> index of its value (setup_menu.values_of)
        self.touched = touched      # the options the players set here, in the order they did
        self.names = names          # the options of this preset and count, in the menu's order
        self.seats = seats          # the seats that play
        self.page = 0               # the page shown (setup_menu's PAGE_*)
        self.cursor = 0             # the item on that page


class App:
    # The board: its state, the loop, the mode table and the game's actions.

    def __init__(self, hw, settings=None):
        self.hw = hw
        self.frame = bytearray(3 * hw.pixel_count)
        self.scene = Scene()
        self.painter = Painter()
        self.buttons = Buttons(self.on_press)
        self.saves = Saves(hw.nvm, hw.feed)
        self.link = HostLink(hw, self)
        self.clock = [None, 0, 0]  # the wall clock (clock.py), once the PC told the time
        self.pixel = None          # pixel index per place id (startup.py: the pixel map)
        self.mode = MENU
        self.screen = None         # the mode's object (the mode table's class); None: nothing shown
        self.entering = -1         # a mode whose code loads in a job (switch), else -1
        self.entering_job = None   # that job
        self.choices = None        # the set-up menu's Choices, once it was shown
        self.can_leave = False     # the set-up menu's back on its first page returns to a game
        self.game = None
        self.hand = False          # dice entered by hand
        self.where = bytearray(16)      # each token's place in the game
        self.physical = bytearray(16)   # where the tokens stand on the table
        self.legal = ()
        self.selected = -1         # the legal move lit as chosen (-1: none)
        self.hint = False          # ... chosen by the coach
        self.remote = 0            # a bit per seat played from afar (the PC's `seat`)
        self.acted = None          # the move the PC's `act` took, until the next action
        self.entry_value = 0       # a physical die's value being entered
        self.last_origin = NONE
        self.banner = 0            # names.py's SIG_*: a short signal after an action (painter.py)
        self.banner_seat = -1
        self.banner_arg = 0
        self.banner_until = 0
        self.phase_at = 0          # ticks when the current roll/choice began (computer pause)
        self.phase_mark = -1       # transcript length phase_at belongs to
        self.turn_seat = -1
        self.warned = False        # the deadline's warning is shown
        self.dirty = True          # the scene must be painted again
        self.animated = False
        now = hw.ticks_ms()
        self.last_ticks = now
        self.anim_ms = 0
        self.turn_at = now         # ticks when the seat's turn began (deadline)
        self.last_step = -1
        self.errors = []           # start-up problems, one line each (console, error signal)
        self.computers = False     # ludo's computer players are installed (startup.py)
        self.jobs = []             # generators, one stage a loop pass (run_job)
        self.starting = False      # a new game is being set up (start_game): presses refused
        if settings is None:        # (the board's come from hw.load_settings)
            settings = getattr(hw, "settings", None) or {}
        # A board without wooden tokens (the virtual one): nothing to put right by hand.
        self.skip_fixups = settings.get("LUDO_SKIP_FIXUPS", 0) == 1
        for _ in load("ludoboard.startup", True).boot(self, settings):
            release()               # the code a part of the start-up needed goes before the next

    # -- the loop --------------------------------------------------------
    def run(self):
        """The board's loop (never returns)."""
        while True:
            self.step()

    def step(self):
        """One pass: buttons, the link, a stage of a job, the timers, the lights."""
        hw = self.hw
        now = hw.ticks_ms()
        ev = hw.poll_key()
        while ev >= 0:
            self.buttons.key_event(ev, now)
            ev = hw.poll_key()
        self.buttons.tick(now)
        if not self.link.poll() and self.jobs:     # (a pass compiles one module at most)
            self.run_job()
        self.timers(now)
        self.draw(now)
        release()                   # the code this pass needed only for itself (transient)
        hw.feed()

    def run_job(self):
        """One stage of the first job.  Work that loads code (a mode's module, a game's
        beginning, a computer player) is a generator that loads a module a stage, after
        a collection: compiling needs about 100 bytes a line beyond what a module keeps
        (docs/board-memory.md).
        """
        if _COLLECT:
            gc.collect()
        try:
            next(self.jobs[0])
        except StopIteration:
            self.jobs.pop(0)

    # -- modes -------------------------------------------------------------
    def switch(self, mode):
        """Leave the current mode for `mode`.  Its modules, when not all loaded, are loaded
        by a job, one a loop pass (the current lights stay meanwhile).
        """
        if self.entering >= 0:
            self.entering = mode    # (on its way already: the last word wins)
            return
        for name in _MODES[mode][1]:
            if name not in sys.modules:
                self.entering = mode
                self.entering_job = self._entering()
                self.jobs.insert(0, self.entering_job)
                return
        self._enter(mode)

    def _entering(self):
        """The job: a module a stage (each compiles after a collection), then the mode."""
        while True:
            for name in _MODES[self.entering][1]:
                if name not in sys.modules:
                    load(name)
                    break
            else:
                break
            yield
        mode, self.entering, self.entering_job = self.entering, -1, None
        self._enter(mode)

    def _enter(self, mode):
        cls, names = _MODES[mode]
        self._leave(names)
        self.mode = mode
        self.screen = getattr(load(names[-1]), cls)()
        self.screen.enter(self)
        self.dirty = True

    def _leave(self, keep):
        """The mode ends; its modules are released, but those the next mode needs."""
        old = self.screen
        if old is None:
            return
        self.screen = None
        old.leave(self)
        for name in _MODES[self.mode][1]:
            if name not in keep and name not in _KEPT:
                release(name)

    def blank(self):
        """No mode is shown (a new game is being set up): the lights go dark.  A mode on its
        way (a fresh board's menu) is not wanted now: its loading stops, and what it
        loaded goes (compiled for nothing, its names would stay for good).
        """
        if self.entering >= 0:
            job = self.entering_job
            if job in self.jobs:
                self.jobs.remove(job)
            for name in _MODES[self.entering][1]:
                if name not in _KEPT:
                    release(name)
            self.entering = -1
            self.entering_job = None
        self._leave(())
        self.mode = MENU
        self.banner = 0             # (the last game's signal ends with it)
        self.dirty = True

    def finish_switch(self):
        """Load the mode on its way now (a press that came meanwhile is its)."""
        job = self.entering_job
        try:
            while self.entering >= 0:
                next(job)
        except StopIteration:       # (the mode entered: the job is done)
            pass
        if job in self.jobs:
            self.jobs.remove(job)

    def on_press(self, button, long):
        """A press (buttons.py, or the PC's `press`): the mode says what it means."""
        if self.starting:           # a new game is being set up (start_game)
            self.refuse()
            return
        if self.entering >= 0:
            self.finish_switch()
        if self.screen is None:
            self.refuse()
            return
        self.screen.press(self, button, long)

    def refuse(self):
        """A press that means nothing now: its signal, and nothing changes."""
        painter.show(self, SIG_REFUSE)

    def open_menu(self):
        """The set-up menu, from a finished game or the pause menu (back on its first
        page returns to the game).
        """
        self.can_leave = self.game is not None
        if self.choices is not None:
            self.choices.page = self.choices.cursor = 0
        self.switch(MENU)

    # -- time ------------------------------------------------------------
    def timers(self, now):
        """Signals that end, a computer seat's roll (and its move, without fix-ups), the
        deadline."""
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
        if self.is_computer():
            kind = g.kinds[SEATS[g.turn]]
            players = sys.modules.get("ludoboard.players")
            if players is None or not players.ready(kind):  # its code loads while it pauses;
                if g.needs_roll() and not self.jobs:        # it rolls once loaded
                    self.jobs.append(play.job(self, kind, "load"))
            elif players.paused(self, now):                 # it rolled or moved
                return
        left = play.time_left(self, now)
        if left is not None:
            if left <= 0:
                s = g.turn
                g.timeout()
                play.committed(self, CODE_TIMEOUT + s, None)
            elif left <= _DEADLINE_WARN_MS and not self.warned:
                self.warned = True
                self.dirty = True

    # -- the lights ------------------------------------------------------
    def draw(self, now):
        """Paint the scene again when something changed, render it when it moves."""
        d = ticks_diff(now, self.last_ticks)
        self.last_ticks = now
        if d > 0:
            self.anim_ms += d
            if self.anim_ms >= _ANIM_WRAP_MS:
                self.anim_ms -= _ANIM_WRAP_MS
        if self.mode == MAP_CHECK and self.screen is not None:
            self.screen.walk(self, now)     # (it lights the strip pixel by pixel itself)
            return
        step = self.anim_ms // _ANIM_STEP_MS
        if self.dirty:
            self.compose()
            self.dirty = False
        elif not self.animated or step == self.last_step:
            return
        self.last_step = step
        render(self.scene, self.pixel, self.frame, step)
        self.hw.show(self.frame)

    def compose(self):
        """The scene for the state now: the mode's picture, then the signal over it."""
        if self.entering >= 0 and self.screen is not None:
            return                  # a mode on its way: the lights stay as they are
        scene = self.scene
        scene.clear()
        if self.screen is not None:
            self.screen.paint(self, scene)
        if self.banner:
            painter.signal(scene, self.banner, self.banner_seat, self.banner_arg, self.game)
        self.animated = scene.animated()

    # -- the game --------------------------------------------------------
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
            self.selected = 0           # (a computer has no other choice either)
        elif self.is_computer() and self.legal:
            self.jobs.append(play.job(self, g.kinds[SEATS[g.turn]], "choose"))
        self.dirty = True

    def fixing(self):
        """Must the players put tokens right by hand (and confirm) before play goes on?"""
        if self.skip_fixups:
            return False
        for t in range(16):
            if self.physical[t] != self.where[t]:
                return True
        return False

    def is_computer(self):
        """Is the seat on turn played by the board?"""
        g = self.game
        return g is not None and self.computers and g.kinds.get(SEATS[g.turn], "human") != "human"

    def computers_needed(self):
        """Release the computer players' code unless a seat of this game still needs it."""
        g = self.game
        if g is not None and not g.is_over():
            kinds = g.kinds
            for letter in kinds:
                if kinds[letter] != "human":
                    return
        players = sys.modules.get("ludoboard.players")
        if players is not None and players.forget():
            release("ludo.ai")
            release("ludo.winchance")     # (Expert's judge, and its weights)
            release("ludoboard.players")

    def start_game(self, preset, count, options, kinds, hand, seed=None, from_pc=False):
        """A new game (abandoning the one in progress), set up over some loop passes by a
        job (newgame.py); from_pc: the PC's `new` (it is answered).
        """
        over = self.game is not None and self.game.is_over()
        if self.mode == MENU or over:
            self.blank()            # (the menu's code goes; it comes back if the rules refuse)
        if over:                    # a finished game goes before newgame.py compiles: nothing of
            self.game = None        # it is played again (its save stays until the new one's is
            self.can_leave = False  # written; the set-up menu comes back if the rules refuse)
        self.starting = True
        self.jobs.append(self._new_game((preset, count, options, kinds, hand, seed, from_pc)))

    def _new_game(self, args):
        """The job: newgame.py compiled in a pass of its own, after a collection, then its
        stages; released when the game has begun (or was refused).
        """
        try:
            yield
            newgame = load("ludoboard.newgame")
            yield from newgame.job(self, newgame.Spec(*args))
        finally:
            self.starting = False
            release("ludoboard.newgame")
