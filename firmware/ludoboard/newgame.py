# A new game, from the set-up menu or the PC's `new`: a job of the app (one
# stage a loop pass), loaded for it and released when the game has begun.
#
# Its stages: the choice is checked (the PC's arguments, then the rules' checks,
# ludo's CHECKS steps, one a pass); a choice that cannot be played changes
# nothing and gets one error line (the PC's `new`) or the refusal signal (the
# menu).  Then the old game ends and its save gives way to the new one's, the
# rules' tables are built (ludo's STEPS after the CHECKS), the
# game is made, the start line sent, and the game played.  While the job runs,
# presses are refused and the PC's commands wait (app.on_press, link.py).
from ludo import Game, dice
from ludo.rules import Rules, CHECKS, STEPS, build_step

from .names import PLAY, SEATS, KINDS
from .scene import NONE
from . import load, transient, protocol, play


class Spec:
    # A new game's specification: what the menu or the PC's `new` asks for.

    def __init__(self, preset, players, options, kinds, hand, seed=None, command=None):
        self.preset = preset        # a preset name (ludo.rules.PRESETS)
        self.players = players      # a count, seat letters, or None (the preset's)
        self.options = options      # option name -> value; None: the preset's
        self.kinds = kinds          # seat letter -> player kind, for the computer seats
        self.hand = hand            # dice entered by hand
        self.seed = seed            # the dice's seed (None: a new one)
        self.command = command      # the PC's `new` (a dict) to read instead of the above
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
    command = spec.command
    try:
        if command is not None:
            read(spec, command)
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
        if command is not None:
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
    if spec.command is not None:
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


def read(spec, obj):
    """The PC's `new` (docs/serial-protocol.md) into spec: its arguments and their
    types (the rules check what they mean); ValueError names what is wrong.
    """
    preset = obj.get("preset", "classic")
    if not isinstance(preset, str):
        raise ValueError("new: \"preset\" is a preset name")
    count = obj.get("players")
    if count is not None and not (isinstance(count, str) or
                                  (isinstance(count, int) and not isinstance(count, bool))):
        raise ValueError("new: \"players\" is a count (2 to 4) or seat letters like \"RY\"")
    for key in ("options", "kinds"):
        if not isinstance(obj.get(key, {}), dict):
            raise ValueError("new: \"%s\" is an object" % key)
    kinds = obj.get("kinds", {})
    for seat in kinds:
        if seat not in SEATS or len(seat) != 1 or kinds[seat] not in KINDS:
            raise ValueError("new: \"kinds\" maps seat letters to human, easy, medium or hard")
    dice = obj.get("dice", "device")
    if dice not in ("device", "hand"):
        raise ValueError("new: \"dice\" is \"device\" or \"hand\"")
    seed = obj.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >> 64):
        raise ValueError("new: \"seed\" is a whole number from 0 to 2**64 - 1")
    spec.preset = preset
    spec.players = count
    spec.options = obj.get("options", {})
    spec.kinds = kinds
    spec.hand = dice == "hand"
    spec.seed = seed


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
    if spec.command is not None:
        link.send('{"cmd":"new","re":"ok"}')
