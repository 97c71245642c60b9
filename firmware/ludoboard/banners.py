# The short signals after an action (docs/lights.md, Signals): which one an
# action's events call for, and what each looks like.
#
# To change how a signal looks, change its branch in `paint` (its colours,
# periods and faces are palette.py's; how long it shows is palette.SIGNAL_TIME).
from .names import (SIG_NONE, SIG_REFUSE, SIG_START, SIG_HOME, SIG_BONUS, SIG_PASS, SIG_TURNED,
                    SIG_DOOR, SIG_LEAVE, SIG_FORFEIT, SIG_ERROR, EV_PASS, EV_TURNED, EV_HOME)
from .palette import (SEAT_RGB, WHITE, RED, MAGENTA, SLOW, MEDIUM, FAST, PIPS, ALL, X_MASK, ROW_MASK,
                      SIGNAL_TIME)
from .scene import HOME, YARD, CENTRE
from .painter import die_cycle, die_blink

# the signal for each of the core's event kinds (ludo.actions' EV_*, in their order)
_SIGNAL_OF_EVENT = bytes((SIG_PASS, SIG_BONUS, SIG_FORFEIT, SIG_FORFEIT, SIG_FORFEIT,   # pass .. void
                          SIG_TURNED, SIG_NONE, SIG_HOME,     # turned, capture, home: a token
                          SIG_DOOR, SIG_NONE, SIG_START, SIG_LEAVE, SIG_LEAVE))  # door, win, start,
#                                                               resign, timeout: a seat (win: a mask)


def show(app, kind, seat=-1, arg=0):
    """Show signal `kind` (names.SIG_*) now, for its time; `seat` whose it is (-1: nobody's),
    `arg` a home column for door, turned and home.
    """
    app.banner = kind
    app.banner_seat = seat
    app.banner_arg = arg
    app.banner_until = (app.hw.ticks_ms() + SIGNAL_TIME[kind] * 25) & 0x1FFFFFFF   # ticks wrap at 2**29
    app.dirty = True


def for_events(app, game):
    """The signal for what the game's last action caused: the highest kind among its events."""
    best = SIG_NONE
    seat = game.turn
    arg = 0
    for i in range(game.event_count):
        e = game.event_at(i)
        ev = e >> 4
        kind = _SIGNAL_OF_EVENT[ev]
        if kind > best:
            best = kind
            if ev == EV_PASS or ev > EV_HOME:       # a seat
                seat = e & 15
            elif ev >= EV_TURNED:                   # a token: its seat
                seat = (e & 15) >> 2
            arg = game.rules.entry[seat] // 13      # the home column its tokens finish in
    if best:
        show(app, best, seat, arg)


def paint(scene, kind, seat, arg, game):
    """Signal `kind` over the scene (the app paints it last)."""
    rgb = SEAT_RGB[seat] if 0 <= seat < 4 else WHITE
    if kind == SIG_REFUSE:          # all seven blink white: no seat's colour, no roll's face
        die_blink(scene, ALL, WHITE, 0, FAST)
    elif kind == SIG_BONUS:
        die_blink(scene, ALL, rgb, WHITE, 3)
    elif kind == SIG_PASS:          # the roll no token could use, then the dash, in the roller's colour
        die_cycle(scene, (PIPS[game.last_roll], ROW_MASK), rgb, MEDIUM)
    elif kind == SIG_FORFEIT:
        die_blink(scene, X_MASK, RED, 0, FAST)
    elif kind == SIG_LEAVE:
        die_blink(scene, X_MASK, rgb, 0, FAST)
    elif kind == SIG_DOOR:
        for k in range(5):
            scene.cycle(HOME + arg * 5 + k, 3, 5 - k, 0, rgb, 0, 0, 0)
        scene.cycle(CENTRE + arg, 3, 0, 0, rgb, 0, 0, 0)
    elif kind == SIG_TURNED:
        scene.cycle(HOME + arg * 5, FAST, 0, 0, RED, 0)
    elif kind == SIG_HOME:
        scene.cycle(CENTRE + arg, 3, 0, 0, WHITE, rgb)
    elif kind == SIG_START:
        for i in range(4):
            scene.cycle(YARD + seat * 4 + i, 3, 0, 0, WHITE, rgb)
    elif kind == SIG_ERROR:
        die_blink(scene, ALL, MAGENTA, 0, SLOW)
        for s in range(4):
            scene.cycle(CENTRE + s, SLOW, 0, 0, MAGENTA, 0)
