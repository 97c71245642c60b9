# A new game, from the set-up menu or the PC's `new`: a job of the app (one
# stage a loop pass), loaded for it and released when the game has begun.
#
# Its stages: the choice is checked (the rules' checks, ludo's CHECKS steps, one
# a pass; the PC's arguments were read by new_command.py); a choice that cannot
# be played changes nothing and gets one error line (the PC's `new`) or the
# refusal signal (the menu).  Then the old game ends and its save gives way to
# the new one's, the rules' tables are built (ludo's STEPS after the CHECKS),
# the game is made, the start line sent, and the game played.  While the job
# runs, presses are refused and the PC's commands wait (app.on_press, link.py).
# A finished game was let go before this module compiled (app.start_game).
from ludo import Game, dice
from ludo.rules import Rules, CHECKS, STEPS, build_step

from .names import PLAY, SEATS
from .scene import NONE
from . import load, transient, protocol, play


class Spec:
    # A new game's specification: what the menu or the PC's `new` asks for.

    def __init__(self, preset, players, options, kinds, hand, seed=None, from_pc=False):
        self.preset = preset        # a preset name (ludo.rules.PRESETS)
        self.players = players      # a count, seat letters, or None (the preset's)
        self.options = options      # option name -> value; None: the preset's
        self.kinds = kinds          # seat letter -> player kind, for the computer seats
        self.hand = hand            # dice entered by hand
        self.seed = seed            # the dice's seed (None: a new one)
        self.from_pc = from_pc      # the PC's `new` (answered, and its game the menu's next choice)
        self.rules = None           # the checked Rules (check)
        self.now = None             # the wall-clock time it starts at (save)


def job(app, spec):
    """The job: check, save, start (each a few stages)."""
    ok = yield from check(app, spec)
    if ok:
        end_old(app, spec)
        yield from save(app, spec)
        yield from start(app, spec)


def check(app, spec):
    """Stages: is the choice a game?  True when it is; else it says why and is False."""
    try:
        if not app.computers:
            spec.kinds = {}
        rules = Rules(spec.preset, spec.players, spec.options, ())
        for name in CHECKS:
            yield
            build_step(rules, name)
        for letter in spec.kinds:
            if SEATS.index(letter) not in rules.seats:
                raise ValueError("seat %s is not playing" % letter)
    except ValueError as exc:
        if spec.from_pc:
            app.link.send(load("ludoboard.record_lines", True).error_line(str(exc), "new"))
        else:                       # the menu's choice: refused
            print("new game: %s" % exc)
            app.refuse()
        if app.screen is None:      # the menu gave way to the new game: it comes back as it was
            app.switch(app.mode)
        return False
    spec.rules = rules
    return True


def end_old(app, spec):
    """The choice makes a game: the old game ends (the PC is told), and its mode's and
    its computer players' code go.
    """
    link = app.link
    old = app.game
    if old is not None and not old.is_over() and link.connected:
        link.send(protocol.end_line(old, old.transcript_length + 1))
    old = app.game = None
    app.blank()                     # (no game, no menu: nothing lit)
    if spec.from_pc:
        app.choices = None          # the PC's game: the set-up menu starts from it
    app.computers_needed()


def save(app, spec):
    """Stages: the time it starts at, its seed, and its save, early, while the heap holds
    least: the save's image (as long as the old save) needs one piece of free memory.
    The header needs only the checked options and seats (the game is made later).
    """
    if app.clock[0] is not None:
        yield
        spec.now = load("ludoboard.clock", True).now_iso(app.clock, app.hw.ticks_ms())
    if spec.seed is None:
        spec.seed = dice.new_seed()     # (looked up now: tests fix it)
    yield
    image = load("ludoboard.save_image")    # compiled in a pass of its own, before the image
    yield
    saves = app.saves
    if not saves.start(image.header_for(spec.rules, spec.kinds, spec.hand, spec.seed, spec.now)):
        print(saves.error)


def start(app, spec):
    """Stages: the rules' tables, then the game, the start line (the first event) and
    the game played, with the reply to the PC.
    """
    rules = spec.rules
    link = app.link
    lines = None
    if link.connected:              # the start line's code compiles first, while the heap holds
        yield                       # least (not beside the game's tables and the game)
        lines = load("ludoboard.record_lines")
    for name in STEPS[len(CHECKS):]:
        yield
        build_step(rules, name)
    yield
    g = Game(rules, seed=spec.seed, start=spec.now, dice="hand" if spec.hand else "device")
    kinds = spec.kinds
    for letter in sorted(kinds):
        g.set_kind(letter, kinds[letter])   # before the first action: part of the set-up
    yield                           # (the commitment's code compiles in a pass of its own)
    if g.commitment:                # (of the set-up too: worked out now, and its code released)
        transient("ludo.commit")
    if lines is not None:
        yield
        link.send(lines.start_line(g))
        lines = None
        transient("ludoboard.record_lines")
    yield                           # (the game is played from the next pass: its own garbage)
    app.game = g
    app.hand = spec.hand
    app.can_leave = True
    app.starting = False
    app.computers_needed()
    app.last_origin = NONE
    app.turn_seat = -1
    app.remote = 0                  # (the PC names the seats played from afar again)
    app.acted = None
    app.switch(PLAY)
    app.refresh()
    play.settle(app)
    if spec.from_pc:
        link.send('{"cmd":"new","re":"ok"}')
