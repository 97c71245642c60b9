# The die's lights and the banners: what the die pixels show during play, and
# the short signals after an action (docs/lights.md).  Painter (signals.py) is
# built on DieLights; the two are a module each so that the board compiles
# them one at a time (compiling needs about 100 bytes a line: docs/board-memory.md).
from . import const
from .lights import scale
from .places import PIPS

SEAT_RGB = (0xFF0000, 0x00FF00, 0xFFB000, 0x0050FF)
_WHITE = const(0xFFFFFF)
_RED = const(0xFF0000)
_ORANGE = const(0xFF6000)
_MAGENTA = const(0xFF00C0)

# animation periods, in animation steps (app.py's _ANIM_STEP_MS = 40 ms)
_SLOW = const(12)
_MEDIUM = const(8)
_FAST = const(4)
_BREATH = const(25)

# banners (short signals after an action), numbered by priority: when one action
# causes several, the highest kind is shown (a forfeit over a pass, ...)
_B_NONE = const(0)
_B_REFUSE = const(1)
_B_START = const(2)
_B_HOME = const(3)
_B_BONUS = const(4)
_B_PASS = const(5)
_B_TURNED = const(6)
_B_DOOR = const(7)
_B_LEAVE = const(8)
_B_FORFEIT = const(9)
_B_ERROR = const(10)
# how long each shows, in 25 ms: 0, 0.45 s, 1.4, 1.1, 1.3, 1.3, 1.6, 2.2, 1.6, 1.6, 4 s
_BANNER_TIME = b"\x00\x12\x38\x2c\x34\x34\x40\x58\x40\x40\xa0"
# events (docs/serial-protocol.md) -> banner; a prefix ending in a space is followed by the seat
_EVENTS = ("start ", "home ", "bonus", "pass", "turned ", "door ", "resign ", "timeout ",
           "forfeit", "void", "three-sixes")
_EVENT_BANNER = b"\x02\x03\x04\x05\x06\x07\x08\x08\x09\x09\x09"

# places (places.py)
_HOME = const(52)
_YARD = const(72)
_CENTRE = const(88)
_DIE = const(92)
_X_MASK = const(0b1101011)      # d1 d2 d4 d6 d7: a cross
_ROW_MASK = const(0b0011100)    # d3 d4 d5: a dash
_FACE = [0, 0, 0, 0]        # die_cycle's colours of one pixel (no list per call)


def show_banner(app, kind, seat, arg):
    # Show a banner (B_*) now, for its time; `arg` is a home column for door/turned/home.
    app.banner = kind
    app.banner_seat = seat
    app.banner_arg = arg
    app.banner_until = (app.hw.ticks_ms() + _BANNER_TIME[kind] * 25) & 0x1FFFFFFF   # ticks wrap at 2**29
    app.dirty = True


def banner_for(app, events):
    # The banner for what an action caused (the highest kind among its events).
    best = _B_NONE
    g = app.game
    seat = g.turn
    arg = 0
    for e in events:
        for i in range(len(_EVENTS)):
            w = _EVENTS[i]
            if e.startswith(w):
                kind = _EVENT_BANNER[i]
                if kind > best:
                    best = kind
                    if w[-1] == " ":
                        seat = "RGYB".index(e[len(w)])
                        arg = g.rules.entry[seat] // 13     # the home column its tokens finish in
                break
    if best:
        show_banner(app, best, seat, arg)


def die_mask(scene, mask, rgb):
    for k in range(7):
        if (mask >> k) & 1:
            scene.set(_DIE + k, rgb)
        else:
            scene.off(_DIE + k)


def die_cycle(scene, masks, rgb, period):
    # The die cycles through up to four faces (bit masks), one colour.
    n = len(masks)
    c = _FACE
    for k in range(7):
        for i in range(4):
            c[i] = -1 if i >= n else rgb if (masks[i] >> k) & 1 else 0
        scene.cycle(_DIE + k, period, 0, 0, c[0], c[1], c[2], c[3])


def die_breathe(scene, mask, rgb, period=_BREATH):
    for k in range(7):
        if (mask >> k) & 1:
            scene.cycle(_DIE + k, period, 0, 1, scale(rgb, 30), rgb)
        else:
            scene.off(_DIE + k)


def die_blink(scene, mask, a, b, period):
    for k in range(7):
        if (mask >> k) & 1:
            scene.cycle(_DIE + k, period, 0, 0, a, b)
        else:
            scene.off(_DIE + k)


class DieLights:
    # The die's part of the Painter (signals.py).

    def die_play(self, scene, game, legal, selected, entry_value, hand):
        rgb = SEAT_RGB[game.turn]
        if game.needs_roll():
            if entry_value:
                die_blink(scene, PIPS[entry_value], rgb, scale(rgb, 40), _SLOW)
            elif hand:
                die_breathe(scene, 0b1111111, _ORANGE)
            else:
                die_breathe(scene, 0b1111111, rgb)
            return
        if 0 <= selected < len(legal) and not legal[selected].is_pass:
            die_mask(scene, PIPS[legal[selected].roll], rgb)
            return
        rolls = game.pending_rolls
        if len(legal) == 1 and legal[0].is_pass:
            die_blink(scene, PIPS[rolls[0]] if rolls else _ROW_MASK, rgb, 0, _MEDIUM)
            return
        if len(rolls) > 1:
            masks = [PIPS[v] for v in rolls[:4]]
            die_cycle(scene, masks, rgb, 2 * _SLOW)
        elif rolls:
            die_mask(scene, PIPS[rolls[0]], rgb)

    def banner(self, scene, kind, seat, arg, game):
        rgb = SEAT_RGB[seat] if 0 <= seat < 4 else _WHITE
        if kind == _B_REFUSE:
            die_mask(scene, 0b1111111, _RED)
        elif kind == _B_BONUS:
            die_blink(scene, 0b1111111, rgb, _WHITE, 3)
        elif kind == _B_PASS:       # the roll no token could use, then the dash
            die_cycle(scene, (PIPS[game.last_roll], _ROW_MASK), _WHITE, _MEDIUM)
        elif kind == _B_FORFEIT:
            die_blink(scene, _X_MASK, _RED, 0, _FAST)
        elif kind == _B_LEAVE:
            die_blink(scene, _X_MASK, rgb, 0, _FAST)
        elif kind == _B_DOOR:
            for k in range(5):
                scene.cycle(_HOME + arg * 5 + k, 3, 5 - k, 0, SEAT_RGB[seat], 0, 0, 0)
            scene.cycle(_CENTRE + arg, 3, 0, 0, SEAT_RGB[seat], 0, 0, 0)
        elif kind == _B_TURNED:
            scene.cycle(_HOME + arg * 5, _FAST, 0, 0, _RED, 0)
        elif kind == _B_HOME:
            scene.cycle(_CENTRE + arg, 3, 0, 0, _WHITE, rgb)
        elif kind == _B_START:
            for i in range(4):
                scene.cycle(_YARD + seat * 4 + i, 3, 0, 0, _WHITE, rgb)
        elif kind == _B_ERROR:
            die_blink(scene, 0b1111111, _MAGENTA, 0, _SLOW)
            for s in range(4):
                scene.cycle(_CENTRE + s, _SLOW, 0, 0, _MAGENTA, 0)

    def check(self, scene):
        # After a reset: the die breathes white until the players confirm the position.
        die_breathe(scene, 0b1111111, _WHITE)
