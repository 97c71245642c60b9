# What the lights say: builds the Scene for the app's state (docs/lights.md).
# Called only when something changed; the animation itself is the Scene's.
# Layers, later ones win: safe squares and the last move's origin, tokens
# (stacks brighter, shared squares cycling their colours), whose turn, legal
# destinations and capture previews, the selected move, the die, tokens that
# must be put right by hand, and short banners (refusal, bonus, pass, ...).
from . import const
from .lights import scale
from .places import place_of, PIPS

SEAT_RGB = (0xFF0000, 0x00FF00, 0xFFB000, 0x0050FF)
_WHITE = const(0xFFFFFF)
_RED = const(0xFF0000)
_ORANGE = const(0xFF6000)
_MAGENTA = const(0xFF00C0)
_CYAN = const(0x00C0FF)
_SAFE_MARK = const(0x161616)    # a safe square nobody stands on
_LAST_ORIGIN = const(0x402000)  # dim orange: where the last move started
TOKEN_LEVEL = b"\x00\x96\xd2\xff\xff"   # 0 150 210 255 255: by tokens of one colour on the place
_DEST_LEVEL = const(70)         # other legal destinations: the seat's colour, dim

# animation periods, in animation steps (lights.ANIM_STEP_MS = 40 ms)
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
_NONE = const(255)
_X_MASK = const(0b1101011)      # d1 d2 d4 d6 d7: a cross
_ROW_MASK = const(0b0011100)    # d3 d4 d5: a dash
PIPS = PIPS
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


def _nobody_at(where, p):
    for t in range(16):
        if where[t] == p:
            return False
    return True


def _token_to(physical, where, p, but):
    # A token (other than `but`) to be put at place p that is not there yet, or -1.
    for u in range(16):
        if u != but and where[u] == p and physical[u] != p:
            return u
    return -1


def _token_from(physical, where, p, but):
    # A token (other than `but`) standing at place p that must leave it, or -1.
    for u in range(16):
        if u != but and physical[u] == p and where[u] != p:
            return u
    return -1


class Painter:
    def __init__(self):
        self.where = bytes(16)      # the tokens' places of the last board() (for moves())

    # -- the board -------------------------------------------------------
    def tokens(self, scene, game, where):
        # Tokens at the places `where` (place id per token, NONE = off the board).
        self.where = where
        for t in range(16):
            p = where[t]
            if p == _NONE:
                continue
            s = t >> 2
            n = 0
            for u in range(s * 4, s * 4 + 4):     # the seat's tokens here: a stack
                if where[u] == p:
                    if u < t:
                        n = -1          # counted at its first token
                        break
                    n += 1
            if n < 0:
                continue
            if scene.ncol[p]:
                u = 0
                while u < s * 4 and where[u] != p:
                    u += 1
                if u == s * 4:
                    scene.off(p)        # the first colour here: replace the safe-square marker
            scene.add(p, scale(SEAT_RGB[s], TOKEN_LEVEL[n]), _SLOW)

    def board(self, scene, game, where, last_origin):
        safe = game.rules.safe
        for sq in range(52):
            if safe[sq]:
                scene.set(sq, _SAFE_MARK)
        if last_origin != _NONE:
            scene.set(last_origin, _LAST_ORIGIN)
        self.tokens(scene, game, where)

    def turn(self, scene, game, where, hurry=False):
        # The seat on turn: its yard spots breathe (tokens bright, empty spots dim);
        # they blink fast when its deadline is near (hurry).
        s = game.turn
        rgb = SEAT_RGB[s]
        period = _FAST if hurry else _BREATH
        for i in range(4):
            p = _YARD + s * 4 + i
            if where[s * 4 + i] == p:
                scene.cycle(p, period, 0, 1, scale(rgb, 90), scale(rgb, TOKEN_LEVEL[1]))
            else:
                scene.cycle(p, period, 0, 1, 0, scale(rgb, 40))

    def moves(self, scene, game, legal, selected, hint=False):
        # Legal destinations (dim), capture previews, and the selected move
        # (a coach hint lights its landing square cyan instead of white).
        where = self.where
        for i in range(len(legal)):
            m = legal[i]
            if m.is_pass or i == selected:
                continue
            o = place_of(game.rules, m.token, m.start)
            d = place_of(game.rules, m.token, m.end)
            rgb = SEAT_RGB[m.token >> 2]
            if o < _YARD and scene.ncol[o] == 1:       # a token that may move: it breathes
                scene.cycle(o, _BREATH, 0, 1, scene.colour(o), scale(rgb, 60))
            if m.captures:
                victim = SEAT_RGB[m.captures[0] >> 2]
                scene.cycle(d, _MEDIUM, 0, 0, victim, scale(rgb, _DEST_LEVEL))
            elif _nobody_at(where, d):
                scene.set(d, scale(rgb, _DEST_LEVEL))
            else:
                scene.add(d, scale(rgb, _DEST_LEVEL), _SLOW)
        if 0 <= selected < len(legal):
            m = legal[selected]
            if m.is_pass:
                return
            rgb = SEAT_RGB[m.token >> 2]
            o = place_of(game.rules, m.token, m.start)
            d = place_of(game.rules, m.token, m.end)
            scene.cycle(o, _MEDIUM, 0, 1, rgb, 0)
            if m.captures:
                victim = SEAT_RGB[m.captures[0] >> 2]
                scene.cycle(d, _FAST, 0, 0, rgb, _CYAN if hint else _WHITE, victim, 0)
                for v in m.captures:     # where the captured token will go
                    scene.cycle(_YARD + v, _MEDIUM, 0, 0, scale(SEAT_RGB[v >> 2], 60), 0)
            else:
                scene.cycle(d, _FAST, 0, 0, rgb, _CYAN if hint else _WHITE)

    def fixups(self, scene, game, physical, where):
        # Tokens whose physical place differs from the game's: origin and destination alternate.
        for t in range(16):
            a = physical[t]
            b = where[t]
            if a == b:
                continue
            rgb = SEAT_RGB[t >> 2]
            if a != _NONE:
                comes = _token_to(physical, where, a, t)
                if comes >= 0:      # one token leaves, another comes: each phase shows its token
                    scene.cycle(a, _MEDIUM, 0, 0, rgb, SEAT_RGB[comes >> 2])
                else:
                    under = scene.colour(a) if scene.ncol[a] == 1 else 0
                    scene.cycle(a, _MEDIUM, 0, 0, rgb, _WHITE if b == _NONE else under)
            if b != _NONE and _token_from(physical, where, b, t) < 0:  # (else painted as that origin)
                scene.cycle(b, _MEDIUM, 1, 0, rgb, 0)
        die_breathe(scene, 0b0001000, _WHITE)

    def win(self, scene, game):
        out = game.outcome()
        winners = out.winners if out is not None else ()
        a = SEAT_RGB[winners[0]] if winners else _WHITE
        b = SEAT_RGB[winners[1]] if len(winners) > 1 else a
        for sq in range(52):
            scene.cycle(sq, 2, sq % 4, 0, a, 0, b, 0)
        for s in winners:
            scene.set(_CENTRE + s, SEAT_RGB[s])
        die_cycle(scene, (PIPS[6], PIPS[5], PIPS[4], PIPS[3]), a, _MEDIUM)

    # -- the die ---------------------------------------------------------
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
        elif kind == _B_PASS:
            die_mask(scene, _ROW_MASK, _WHITE)
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
