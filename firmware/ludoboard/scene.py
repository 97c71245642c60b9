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
#
# The end of the lights: hw.py sends each frame through `limit`, the strip's
# brightness and current budget (below).
from . import const

try:
    from typing import Any  # noqa: F401  (type comments only)
except ImportError:
    pass

HOME = const(52)    # t0..t51 -> 0..51; hR1..hB5 -> 52..71 (seat*5 + k-1)
YARD = const(72)    # yR1..yB4 -> 72..87 (seat*4 + k-1)
CENTRE = const(88)  # cR..cB -> 88..91
DIE = const(92)     # d1..d7 -> 92..98
COUNT = const(99)
NONE = const(255)   # "no place" (a token off the board)


def place_of(r, t, p):
    # type: (Any, int, Any) -> Any
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
    # type: (int, int) -> int
    """The colour rgb at brightness level/255."""
    return ((((rgb >> 16) & 255) * level // 255) << 16) | \
        ((((rgb >> 8) & 255) * level // 255) << 8) | ((rgb & 255) * level // 255)


class Scene:
    # What each place shows: one colour, or a cycle of up to four.

    def __init__(self):
        # type: () -> None
        self.col = bytearray(COUNT * _MAX_COLOURS)    # palette index of colour k of place p at p * 4 + k
        self.palette = [0] * _PALETTE               # the colours (packed ints), the first `used`
        self.used = 0
        self.ncol = bytearray(COUNT)
        self.period = bytearray(COUNT)
        self.offset = bytearray(COUNT)
        self.fade = bytearray(COUNT)

    def clear(self):
        # type: () -> None
        """Every place off."""
        for p in range(COUNT):
            self.ncol[p] = 0
        self.used = 0

    def _put(self, i, rgb):
        # type: (int, int) -> None
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
        # type: (int, int) -> int
        """Colour k of place p's cycle (packed int)."""
        return self.palette[self.col[p * _MAX_COLOURS + k]]

    def set(self, p, rgb):
        # type: (int, int) -> None
        """Show one colour steadily (replaces whatever the place showed)."""
        self._put(p * _MAX_COLOURS, rgb)
        self.ncol[p] = 1

    def off(self, p):
        # type: (int) -> None
        """Place p shows nothing."""
        self.ncol[p] = 0

    def cycle(self, p, period, offset, fade, c0, c1, c2=-1, c3=-1):
        # type: (int, int, int, int, int, int, int, int) -> None
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
        # type: (int, int, int) -> None
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
        # type: () -> bool
        """Does any place change from step to step?"""
        for p in range(COUNT):
            if self.ncol[p] > 1:
                return True
        return False

    def colour_at(self, p, step):
        # type: (int, int) -> int
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
    # type: (Scene, Any, bytearray, int) -> None
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


# -- the strip's current budget ------------------------------------------
# Current budget for the NeoPixel strip: brightness and a current limiter.
# A WS2812 draws about 20 mA per colour channel at full (255), linear in the
# value, plus about 1 mA when dark (as in WLED's limiter). So a frame whose
# channel values add up to S draws about  pixels * 1 + S * 20 / 255  mA.
#
# `limit` scales a frame by the brightness (percent) and, if that frame would
# still draw more than the budget, scales it down further, so that no frame
# sent to the strip ever exceeds the budget. Integer arithmetic only, no
# allocation: fit for the frame loop on a microcontroller.
_MA_PER_CHANNEL = const(20)     # mA per colour channel at 255
_FULL = const(255)
IDLE_MA = 1                     # mA per pixel, dark
_IDLE_MA = const(1)
_SCALE_ONE = const(256)         # scales are out of 256


def estimate_ma(frame):
    # type: (bytearray | bytes) -> int
    """Estimated current of a frame (R,G,B bytes per pixel) in mA, rounded up."""
    total = 0
    for value in frame:
        total += value
    return (len(frame) // 3) * _IDLE_MA + (total * _MA_PER_CHANNEL + _FULL - 1) // _FULL


def allowed_sum(pixel_count, budget_ma):
    # type: (int, int) -> int
    """The largest channel sum whose estimate stays within budget_ma (0 if the budget is below idle)."""
    spare = budget_ma - pixel_count * _IDLE_MA
    if spare <= 0:
        return 0
    # sum * 20 <= spare * 255  <=>  sum <= spare * 255 // 20  (integers)
    return spare * _FULL // _MA_PER_CHANNEL


def brightness_scale(percent):
    # type: (int) -> int
    """Brightness in percent (clamped to 0..100) as a scale out of 256."""
    if percent <= 0:
        return 0
    if percent >= 100:
        return _SCALE_ONE
    return (percent * _SCALE_ONE + 50) // 100


def limit(frame, out, brightness, budget_ma):
    # type: (bytearray | bytes, bytearray, int, int) -> int
    """Write frame into out scaled by brightness (percent) and capped at budget_ma.
    frame and out are two bytearrays of the same length (R,G,B per pixel).
    Returns the scale used, out of 256 (256 = unchanged; rounded down when over budget).
    """
    n = len(frame)
    scale = brightness_scale(brightness)
    allowed = allowed_sum(n // 3, budget_ma)
    raw = 0
    total = 0
    for i in range(n):
        value = frame[i]
        raw += value
        value = (value * scale) >> 8
        out[i] = value
        total += value
    if total <= allowed:
        return scale
    # Over budget: each value becomes value * allowed // raw, so the new sum is
    # at most allowed (raw > 0 here), and every value is below its brightness
    # value. value * allowed stays under 2**30 (small ints, no allocation).
    for i in range(n):
        out[i] = frame[i] * allowed // raw
    return allowed * _SCALE_ONE // raw
