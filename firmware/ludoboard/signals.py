"""What the lights say: builds the Scene for the app's state (docs/lights.md).

Called only when something changed; the animation itself is the Scene's.
Layers, later ones win: safe squares and the last move's origin, tokens
(stacks brighter, shared squares cycling their colours), whose turn, legal
destinations and capture previews, the selected move, the die, tokens that
must be put right by hand, and short banners (refusal, bonus, pass, ...).
"""
from . import places
from .lights import scale

SEAT_RGB = (0xFF0000, 0x00FF00, 0xFFB000, 0x0050FF)
WHITE = 0xFFFFFF
RED = 0xFF0000
GREEN = 0x00FF00
YELLOW = 0xFFC000
ORANGE = 0xFF6000
MAGENTA = 0xFF00C0
CYAN = 0x00C0FF
SAFE_MARK = 0x161616        # a safe square nobody stands on
LAST_ORIGIN = 0x402000      # dim orange: where the last move started
TOKEN_LEVEL = (0, 150, 210, 255, 255)   # by tokens of one colour on the place
DEST_LEVEL = 70             # other legal destinations: the seat's colour, dim

# animation periods, in animation steps (lights.ANIM_STEP_MS = 40 ms)
SLOW = 12
MEDIUM = 8
FAST = 4
BREATH = 25

# banners (short signals after an action)
B_NONE = 0
B_REFUSE = 1
B_BONUS = 2
B_PASS = 3
B_FORFEIT = 4
B_DOOR = 5
B_TURNED = 6
B_HOME = 7
B_START = 8
B_LEAVE = 9
B_ERROR = 10
BANNER_MS = (0, 450, 1300, 1300, 1600, 2200, 1600, 1100, 1400, 1600, 4000)

DIE = places.DIE
X_MASK = 0b1101011          # d1 d2 d4 d6 d7: a cross
ROW_MASK = 0b0011100        # d3 d4 d5: a dash
_FACE = [0, 0, 0, 0]        # die_cycle's colours of one pixel (no list per call)



def die_mask(scene, mask, rgb):
    for k in range(7):
        if (mask >> k) & 1:
            scene.set(DIE + k, rgb)
        else:
            scene.off(DIE + k)


def die_cycle(scene, masks, rgb, period):
    """The die cycles through up to four faces (bit masks), one colour."""
    n = len(masks)
    c = _FACE
    for k in range(7):
        for i in range(4):
            c[i] = -1 if i >= n else rgb if (masks[i] >> k) & 1 else 0
        scene.cycle(DIE + k, period, 0, 0, c[0], c[1], c[2], c[3])


def die_breathe(scene, mask, rgb, period=BREATH):
    for k in range(7):
        if (mask >> k) & 1:
            scene.cycle(DIE + k, period, 0, 1, scale(rgb, 30), rgb)
        else:
            scene.off(DIE + k)


def die_blink(scene, mask, a, b, period):
    for k in range(7):
        if (mask >> k) & 1:
            scene.cycle(DIE + k, period, 0, 0, a, b)
        else:
            scene.off(DIE + k)


class Painter:
    def __init__(self):
        self.count = bytearray(places.COUNT * 4)     # tokens per place per seat

    # -- the board -------------------------------------------------------
    def tokens(self, scene, game, where):
        """Tokens at the places `where` (place id per token, NONE = off the board)."""
        count = self.count
        for i in range(len(count)):
            count[i] = 0
        for t in range(16):
            p = where[t]
            if p != places.NONE:
                count[p * 4 + (t >> 2)] += 1
        for p in range(places.DIE):
            base = p * 4
            for s in range(4):
                n = count[base + s]
                if n:
                    if scene.ncol[p] and not self._shared(p, base, s):
                        scene.off(p)        # replace the safe-square marker
                    scene.add(p, scale(SEAT_RGB[s], TOKEN_LEVEL[n if n < 4 else 4]), SLOW)

    def _empty(self, p):
        base = p * 4
        count = self.count
        return not (count[base] or count[base + 1] or count[base + 2] or count[base + 3])

    def _shared(self, p, base, s):
        for q in range(s):
            if self.count[base + q]:
                return True
        return False

    def board(self, scene, game, where, last_origin):
        safe = game.rules.safe
        for sq in range(52):
            if safe[sq]:
                scene.set(sq, SAFE_MARK)
        if last_origin != places.NONE:
            scene.set(last_origin, LAST_ORIGIN)
        self.tokens(scene, game, where)

    def turn(self, scene, game, where, hurry=False):
        """The seat on turn: its yard spots breathe (tokens bright, empty spots dim);
        they blink fast when its deadline is near (hurry)."""
        s = game.turn
        rgb = SEAT_RGB[s]
        period = FAST if hurry else BREATH
        for i in range(4):
            p = places.yard_id(s * 4 + i)
            if where[s * 4 + i] == p:
                scene.cycle(p, period, 0, 1, scale(rgb, 90), scale(rgb, TOKEN_LEVEL[1]))
            else:
                scene.cycle(p, period, 0, 1, 0, scale(rgb, 40))

    def moves(self, scene, game, legal, selected, hint=False):
        """Legal destinations (dim), capture previews, and the selected move
        (a coach hint lights its landing square cyan instead of white)."""
        for i in range(len(legal)):
            m = legal[i]
            if m.is_pass or i == selected:
                continue
            o = places.place_of(game.rules, m.token, m.start)
            d = places.place_of(game.rules, m.token, m.end)
            rgb = SEAT_RGB[m.token >> 2]
            if o < places.YARD and scene.ncol[o] == 1:       # a token that may move: it breathes
                scene.cycle(o, BREATH, 0, 1, scene.col[o * 4], scale(rgb, 60))
            if m.captures:
                victim = SEAT_RGB[m.captures[0] >> 2]
                scene.cycle(d, MEDIUM, 0, 0, victim, scale(rgb, DEST_LEVEL))
            elif self._empty(d):
                scene.set(d, scale(rgb, DEST_LEVEL))
            else:
                scene.add(d, scale(rgb, DEST_LEVEL), SLOW)
        if 0 <= selected < len(legal):
            m = legal[selected]
            if m.is_pass:
                return
            rgb = SEAT_RGB[m.token >> 2]
            o = places.place_of(game.rules, m.token, m.start)
            d = places.place_of(game.rules, m.token, m.end)
            scene.cycle(o, MEDIUM, 0, 1, rgb, 0)
            if m.captures:
                victim = SEAT_RGB[m.captures[0] >> 2]
                scene.cycle(d, FAST, 0, 0, rgb, CYAN if hint else WHITE, victim, 0)
                for v in m.captures:     # where the captured token will go
                    scene.cycle(places.yard_id(v), MEDIUM, 0, 0, scale(SEAT_RGB[v >> 2], 60), 0)
            else:
                scene.cycle(d, FAST, 0, 0, rgb, CYAN if hint else WHITE)

    def fixups(self, scene, game, physical, where):
        """Tokens whose physical place differs from the game's: origin and destination alternate."""
        for t in range(16):
            a = physical[t]
            b = where[t]
            if a == b:
                continue
            rgb = SEAT_RGB[t >> 2]
            if a != places.NONE:
                under = scene.col[a * 4] if scene.ncol[a] == 1 else 0
                scene.cycle(a, MEDIUM, 0, 0, rgb, WHITE if b == places.NONE else under)
            if b != places.NONE:
                scene.cycle(b, MEDIUM, 1, 0, rgb, 0)
        die_breathe(scene, 0b0001000, WHITE)

    def win(self, scene, game):
        out = game.outcome()
        winners = out.winners if out is not None else ()
        a = SEAT_RGB[winners[0]] if winners else WHITE
        b = SEAT_RGB[winners[1]] if len(winners) > 1 else a
        for sq in range(52):
            scene.cycle(sq, 2, sq % 4, 0, a, 0, b, 0)
        for s in winners:
            scene.set(places.centre_id(s), SEAT_RGB[s])
        die_cycle(scene, (places.PIPS[6], places.PIPS[5], places.PIPS[4], places.PIPS[3]), a, MEDIUM)

    # -- the die ---------------------------------------------------------
    def die_play(self, scene, game, legal, selected, entry_value, hand):
        rgb = SEAT_RGB[game.turn]
        if game.needs_roll():
            if entry_value:
                die_blink(scene, places.PIPS[entry_value], rgb, scale(rgb, 40), SLOW)
            elif hand:
                die_breathe(scene, 0b1111111, ORANGE)
            else:
                die_breathe(scene, 0b1111111, rgb)
            return
        if 0 <= selected < len(legal) and not legal[selected].is_pass:
            die_mask(scene, places.PIPS[legal[selected].roll], rgb)
            return
        rolls = game.pending_rolls
        if len(legal) == 1 and legal[0].is_pass:
            die_blink(scene, places.PIPS[rolls[0]] if rolls else ROW_MASK, rgb, 0, MEDIUM)
            return
        if len(rolls) > 1:
            masks = [places.PIPS[v] for v in rolls[:4]]
            die_cycle(scene, masks, rgb, 2 * SLOW)
        elif rolls:
            die_mask(scene, places.PIPS[rolls[0]], rgb)

    def banner(self, scene, kind, seat, arg, game):
        rgb = SEAT_RGB[seat] if 0 <= seat < 4 else WHITE
        if kind == B_REFUSE:
            die_mask(scene, 0b1111111, RED)
        elif kind == B_BONUS:
            die_blink(scene, 0b1111111, rgb, WHITE, 3)
        elif kind == B_PASS:
            die_mask(scene, ROW_MASK, WHITE)
        elif kind == B_FORFEIT:
            die_blink(scene, X_MASK, RED, 0, FAST)
        elif kind == B_LEAVE:
            die_blink(scene, X_MASK, rgb, 0, FAST)
        elif kind == B_DOOR:
            for k in range(5):
                scene.cycle(places.home_id(arg, k + 1), 3, 5 - k, 0, SEAT_RGB[seat], 0, 0, 0)
            scene.cycle(places.centre_id(arg), 3, 0, 0, SEAT_RGB[seat], 0, 0, 0)
        elif kind == B_TURNED:
            scene.cycle(places.home_id(arg, 1), FAST, 0, 0, RED, 0)
        elif kind == B_HOME:
            scene.cycle(places.centre_id(arg), 3, 0, 0, WHITE, rgb)
        elif kind == B_START:
            for i in range(4):
                scene.cycle(places.yard_id(seat * 4 + i), 3, 0, 0, WHITE, rgb)
        elif kind == B_ERROR:
            die_blink(scene, 0b1111111, MAGENTA, 0, SLOW)
            for s in range(4):
                scene.cycle(places.centre_id(s), SLOW, 0, 0, MAGENTA, 0)

    def check(self, scene):
        """After a reset: the die breathes white until the players confirm the position."""
        die_breathe(scene, 0b1111111, WHITE)

    def pause(self, scene, item):
        """The pause menu over the position: the die shows the item (1 hand over, 2 resign, 3 new game)."""
        colour = (CYAN, RED, WHITE)[item]
        die_blink(scene, places.PIPS[item + 1], colour, scale(colour, 40), SLOW)
