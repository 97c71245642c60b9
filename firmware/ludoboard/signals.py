# What the lights say: builds the Scene for the app's state (docs/lights.md).
# Called only when something changed; the animation itself is the Scene's.
# Layers, later ones win: safe squares and the last move's origin, tokens
# (stacks brighter, shared squares cycling their colours), whose turn, legal
# destinations and capture previews, the selected move, the die, tokens that
# must be put right by hand, and short banners (refusal, bonus, pass, ...).
from . import const
from .lights import scale
from .places import place_of, PIPS
# the die and the banners (a module of their own: the board compiles one at a time)
from .die_lights import DieLights, SEAT_RGB, die_cycle, die_breathe

_WHITE = const(0xFFFFFF)        # colours and periods as in die_lights.py
_CYAN = const(0x00C0FF)
_SAFE_MARK = const(0x161616)    # a safe square nobody stands on
_LAST_ORIGIN = const(0x402000)  # dim orange: where the last move started
TOKEN_LEVEL = b"\x00\x96\xd2\xff\xff"   # 0 150 210 255 255: by tokens of one colour on the place
_DEST_LEVEL = const(70)         # other legal destinations: the seat's colour, dim

# animation periods, in animation steps (app.py's _ANIM_STEP_MS = 40 ms)
_SLOW = const(12)
_MEDIUM = const(8)
_FAST = const(4)
_BREATH = const(25)

# places (places.py)
_YARD = const(72)
_CENTRE = const(88)
_NONE = const(255)


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


class Painter(DieLights):
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
