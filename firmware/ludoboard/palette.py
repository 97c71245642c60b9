# Every colour, brightness level, animation period and die face the lights use,
# written once (docs/lights.md shows what they mean).
#
# Colours are packed ints 0xRRGGBB.  Levels are out of 255 (scene.scale).
# Periods are in animation steps of 40 ms (app.py draws a step at most that often).
from . import const

SEAT_RGB = (0xFF0000, 0x00FF00, 0xFFB000, 0x0050FF)    # Red, Green, Yellow, Blue
WHITE = const(0xFFFFFF)
RED = const(0xFF0000)
GREEN = const(0x00FF00)
YELLOW = const(0xFFC000)    # the set-up menu's choices
ORANGE = const(0xFF6000)    # dice entered by hand
MAGENTA = const(0xFF00C0)   # an error
CYAN = const(0x00C0FF)      # the coach's hint
SAFE_MARK = const(0x161616)     # a safe square nobody stands on
LAST_ORIGIN = const(0x402000)   # dim orange: where the last move started

TOKEN_LEVEL = b"\x00\x96\xd2\xff\xff"   # 0 150 210 255 255: by tokens of one colour on a place
DEST_LEVEL = const(70)      # other legal destinations: the seat's colour, dim
BREATH_LOW = const(30)      # the low point of a breathing die
DIM = const(40)             # a dim phase (an empty yard spot on turn, a blinking choice, a yard
#                             token of a seat played from afar between the passes of its light)

SLOW = const(12)
MEDIUM = const(8)
FAST = const(4)             # (also a seat played from afar: its light's step round the yard)
BREATH = const(25)

# die faces on the 7 die pixels (d1 top-left, d2 top-right, d3 middle left,
# d4 centre, d5 middle right, d6 bottom-left, d7 bottom-right) as bit masks:
# bit k lights d(k+1); PIPS[v] is the face of a roll v
PIPS = (0, 0b0001000, 0b1000001, 0b1001001, 0b1100011, 0b1101011, 0b1110111)
ALL = const(0b1111111)      # every die pixel
CENTRE_PIP = const(0b0001000)
X_MASK = const(0b1101011)   # d1 d2 d4 d6 d7: a cross
ROW_MASK = const(0b0011100)     # d3 d4 d5: a dash

# how long each signal (names.py's SIG_*) shows, in 25 ms:
# none 0, refuse 0.45 s, start 1.4, home 1.1, bonus 1.3, pass 1.3, turned 1.6, door 2.2,
# leave 1.6, forfeit 1.6, error 4 s
SIGNAL_TIME = b"\x00\x12\x38\x2c\x34\x34\x40\x58\x40\x40\xa0"
