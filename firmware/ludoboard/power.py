# Current budget for the NeoPixel strip: brightness and a current limiter.
# A WS2812 draws about 20 mA per colour channel at full (255), linear in the
# value, plus about 1 mA when dark (as in WLED's limiter). So a frame whose
# channel values add up to S draws about  pixels * 1 + S * 20 / 255  mA.
#
# `limit` scales a frame by the brightness (percent) and, if that frame would
# still draw more than the budget, scales it down further, so that no frame
# sent to the strip ever exceeds the budget. Integer arithmetic only, no
# allocation: fit for the frame loop on a microcontroller.
from . import const

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
