# The board's places and the light engine: a Scene says, per place, which
# colours to show and how to animate them; `render` turns a Scene into a frame
# without allocating.
#
# The places are small integers, used as array indexes (a Scene's, the pixel
# map's): track t0..t51, home columns hR1..hB5, yards yR1..yB4, centre cR..cB,
# die d1..d7 -- the same order as host/ludo_host/layout.py's all_places().  Their
# names (place_id, place_name) are in pixelmap.py: only reading the map needs them.
# `place_of` says where a token of the game stands.
#
# Colours are packed ints 0xRRGGBB (no tuples); the scene keeps each as a byte,
# its index in the scene's own list of the colours it shows (a few dozen).  A
# place shows one colour steadily, or cycles through up to four colours, each
# held `period` animation steps (40 ms each), optionally cross-fading; `offset`
# shifts the cycle so neighbours can chase or alternate.  Scenes are rebuilt
# only when the state changes (painter.py); animation frames only re-render.
from . import const

HOME = const(52)    # t0..t51 -> 0..51; hR1..hB5 -> 52..71 (seat*5 + k-1)
YARD = const(72)    # yR1..yB4 -> 72..87 (seat*4 + k-1)
CENTRE = const(88)  # cR..cB -> 88..91
DIE = const(92)     # d1..d7 -> 92..98
COUNT = const(99)
NONE = const(255)   # "no place" (a token off the board)


def place_of(r, t, p):
    """Place id of token t at progress p under rules r (ludo's place_of, as an id)."""
    if p is None:
        return NONE
    if p < 0:
        return YARD + t
    if p < r.track_len:
        return (r.entry[t >> 2] + p) % 52
    lane = r.entry[t >> 2] // 13
    if p < r.home:
        return HOME + lane * 5 + p - r.track_len
    return CENTRE + lane


_MAX_COLOURS = const(4)
_PALETTE = const(32)        # colours a scene has room for before its palette grows


def scale(rgb, level):
    """The colour rgb at brightness level/255."""
    return ((((rgb >> 16) & 255) * level // 255) << 16) | \
        ((((rgb >> 8) & 255) * level // 255) << 8) | ((rgb & 255) * level // 255)


class Scene:
    # What each place shows: one colour, or a cycle of up to four.

    def __init__(self):
        self.col = bytearray(COUNT * _MAX_COLOURS)    # palette index of colour k of place p at p * 4 + k
        self.palette = [0] * _PALETTE               # the colours (packed ints), the first `used`
        self.used = 0
        self.ncol = bytearray(COUNT)
        self.period = bytearray(COUNT)
        self.offset = bytearray(COUNT)
        self.fade = bytearray(COUNT)

    def clear(self):
        """Every place off."""
        for p in range(COUNT):
            self.ncol[p] = 0
        self.used = 0

    def _put(self, i, rgb):
        palette = self.palette
        n = self.used
        for k in range(n):
            if palette[k] == rgb:
                self.col[i] = k
                return
        if n == len(palette):
            if n > 255:             # (no painter shows that many: the last one is reused)
                self.col[i] = 255
                palette[255] = rgb
                return
            palette.append(rgb)     # a scene with more colours than _PALETTE: once
        else:
            palette[n] = rgb
        self.used = n + 1
        self.col[i] = n

    def colour(self, p, k=0):
        """Colour k of place p's cycle (packed int)."""
        return self.palette[self.col[p * _MAX_COLOURS + k]]

    def set(self, p, rgb):
        """Show one colour steadily (replaces whatever the place showed)."""
        self._put(p * _MAX_COLOURS, rgb)
        self.ncol[p] = 1

    def off(self, p):
        """Place p shows nothing."""
        self.ncol[p] = 0

    def cycle(self, p, period, offset, fade, c0, c1, c2=-1, c3=-1):
        """Cycle through two to four colours (-1 = unused), `period` steps each."""
        base = p * _MAX_COLOURS
        self._put(base, c0)
        self._put(base + 1, c1)
        n = 2
        if c2 >= 0:
            self._put(base + 2, c2)
            n = 3
            if c3 >= 0:
                self._put(base + 3, c3)
                n = 4
        self.ncol[p] = n
        self.period[p] = period
        self.offset[p] = offset
        self.fade[p] = fade

    def add(self, p, rgb, period):
        """Add one more colour to a place's cycle (shared squares); at most 4 kept."""
        n = self.ncol[p]
        if n >= _MAX_COLOURS:
            return
        self._put(p * _MAX_COLOURS + n, rgb)
        self.ncol[p] = n + 1
        if n == 0:
            return
        self.period[p] = period
        self.offset[p] = 0
        self.fade[p] = 0

    def animated(self):
        """Does any place change from step to step?"""
        for p in range(COUNT):
            if self.ncol[p] > 1:
                return True
        return False

    def colour_at(self, p, step):
        """The colour place p shows at animation step `step` (packed int)."""
        n = self.ncol[p]
        if n == 0:
            return 0
        col = self.col
        base = p * _MAX_COLOURS
        if n == 1:
            return self.palette[col[base]]
        per = self.period[p] or 1
        pos = step // per + self.offset[p]
        k = pos % n
        a = self.palette[col[base + k]]
        if not self.fade[p]:
            return a
        b = self.palette[col[base + (k + 1) % n]]
        f = step % per
        ra = a >> 16
        ga = (a >> 8) & 255
        ba = a & 255
        r = ra + ((b >> 16) - ra) * f // per
        g = ga + (((b >> 8) & 255) - ga) * f // per
        bl = ba + ((b & 255) - ba) * f // per
        return (r << 16) | (g << 8) | bl


def render(scene, pixel, frame, step):
    """Write the scene at animation step `step` into frame (R,G,B per pixel);
    pixel[p] is place p's pixel (-1: none).
    """
    for p in range(COUNT):
        i = pixel[p]
        if i < 0:
            continue
        c = scene.colour_at(p, step)
        i *= 3
        frame[i] = (c >> 16) & 255
        frame[i + 1] = (c >> 8) & 255
        frame[i + 2] = c & 255
