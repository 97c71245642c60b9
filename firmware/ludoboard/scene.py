# The light engine: a Scene says, per place, which colours to show and how to
# animate them; `render` turns a Scene into a frame without allocating.
#
# Colours are packed ints 0xRRGGBB (no tuples); the scene keeps each as a byte,
# its index in the scene's own list of the colours it shows (a few dozen).  A
# place shows one colour steadily, or cycles through up to four colours, each
# held `period` animation steps (40 ms each), optionally cross-fading; `offset`
# shifts the cycle so neighbours can chase or alternate.  Scenes are rebuilt
# only when the state changes (painter.py); animation frames only re-render.
from . import const
from .places import COUNT as _NP

_MAX_COLOURS = const(4)
_PALETTE = const(32)        # colours a scene has room for before its palette grows


def scale(rgb, level):
    """The colour rgb at brightness level/255."""
    return ((((rgb >> 16) & 255) * level // 255) << 16) | \
        ((((rgb >> 8) & 255) * level // 255) << 8) | ((rgb & 255) * level // 255)


class Scene:
    # What each place shows: one colour, or a cycle of up to four.

    def __init__(self):
        self.col = bytearray(_NP * _MAX_COLOURS)    # palette index of colour k of place p at p * 4 + k
        self.palette = [0] * _PALETTE               # the colours (packed ints), the first `used`
        self.used = 0
        self.ncol = bytearray(_NP)
        self.period = bytearray(_NP)
        self.offset = bytearray(_NP)
        self.fade = bytearray(_NP)

    def clear(self):
        """Every place off."""
        for p in range(_NP):
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
        for p in range(_NP):
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
    for p in range(_NP):
        i = pixel[p]
        if i < 0:
            continue
        c = scene.colour_at(p, step)
        i *= 3
        frame[i] = (c >> 16) & 255
        frame[i + 1] = (c >> 8) & 255
        frame[i + 2] = c & 255
