# The light engine: a Scene says, per place, which colours to show and how to
# animate them; `render` turns a Scene into a frame without allocating.
#
# Colours are packed ints 0xRRGGBB (no tuples), kept as 3 bytes each in the scene.  A place shows one colour
# steadily, or cycles through up to four colours, each held `period` animation
# steps (ANIM_STEP_MS each), optionally cross-fading; `offset` shifts the cycle
# so neighbours can chase or alternate.  Scenes are rebuilt only when the
# state changes (see signals.py); animation frames only re-render.
from . import const

ANIM_STEP_MS = 40           # one animation step; frames are re-rendered at most this often
_MAX_COLOURS = const(4)
_NP = const(99)             # places.COUNT


def scale(rgb, level):
    # rgb scaled by level/255.
    return ((((rgb >> 16) & 255) * level // 255) << 16) | \
        ((((rgb >> 8) & 255) * level // 255) << 8) | ((rgb & 255) * level // 255)


class Scene:
    def __init__(self):
        self.col = bytearray(3 * _NP * _MAX_COLOURS)    # R,G,B of colour k of place p at (p * 4 + k) * 3
        self.ncol = bytearray(_NP)
        self.period = bytearray(_NP)
        self.offset = bytearray(_NP)
        self.fade = bytearray(_NP)

    def clear(self):
        for p in range(_NP):
            self.ncol[p] = 0

    def _put(self, i, rgb):
        col = self.col
        i *= 3
        col[i] = rgb >> 16
        col[i + 1] = (rgb >> 8) & 255
        col[i + 2] = rgb & 255

    def colour(self, p, k=0):
        # Colour k of place p's cycle (packed int).
        col = self.col
        i = (p * _MAX_COLOURS + k) * 3
        return (col[i] << 16) | (col[i + 1] << 8) | col[i + 2]

    def set(self, p, rgb):
        # Show one colour steadily (replaces whatever the place showed).
        self._put(p * _MAX_COLOURS, rgb)
        self.ncol[p] = 1

    def off(self, p):
        self.ncol[p] = 0

    def cycle(self, p, period, offset, fade, c0, c1, c2=-1, c3=-1):
        # Cycle through two to four colours (-1 = unused), `period` steps each.
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
        # Add one more colour to a place's cycle (shared squares); at most 4 kept.
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
        for p in range(_NP):
            if self.ncol[p] > 1:
                return True
        return False

    def colour_at(self, p, step):
        # The colour place p shows at animation step `step` (packed int).
        n = self.ncol[p]
        if n == 0:
            return 0
        col = self.col
        base = p * _MAX_COLOURS
        if n == 1:
            i = base * 3
            return (col[i] << 16) | (col[i + 1] << 8) | col[i + 2]
        per = self.period[p] or 1
        pos = step // per + self.offset[p]
        k = pos % n
        i = (base + k) * 3
        ra = col[i]
        ga = col[i + 1]
        ba = col[i + 2]
        if not self.fade[p]:
            return (ra << 16) | (ga << 8) | ba
        j = (base + (k + 1) % n) * 3
        f = step % per
        r = ra + (col[j] - ra) * f // per
        g = ga + (col[j + 1] - ga) * f // per
        bl = ba + (col[j + 2] - ba) * f // per
        return (r << 16) | (g << 8) | bl


def render(scene, pixel, frame, step):
    # Write the scene at animation step `step` into frame (R,G,B per pixel).
    for p in range(_NP):
        i = pixel[p]
        if i < 0:
            continue
        c = scene.colour_at(p, step)
        i *= 3
        frame[i] = (c >> 16) & 255
        frame[i + 1] = (c >> 8) & 255
        frame[i + 2] = c & 255
