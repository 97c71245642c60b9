# Place names (docs/api.md) and their small-integer ids, used as array indexes.
# Order: track t0..t51, home columns hR1..hB5, yards yR1..yB4, centre cR..cB,
# die d1..d7 -- the same order as host/ludo_host/layout.py's all_places().
# The names themselves (place_id, place_name) are in pixelmap.py: only reading
# the pixel map needs them.
from . import const

_HOME = const(52)   # t0..t51 -> 0..51; hR1..hB5 -> 52..71 (seat*5 + k-1)
_YARD = const(72)   # yR1..yB4 -> 72..87 (seat*4 + k-1)
_CENTRE = const(88)  # cR..cB -> 88..91; d1..d7 -> 92..98
COUNT = 99
NONE = 255          # "no place" (a token off the board)


def place_of(r, t, p):
    # Place id of token t at progress p under rules r (ludo's place_of, as an id).
    if p is None:
        return NONE
    if p < 0:
        return _YARD + t
    if p < r.track_len:
        return (r.entry[t >> 2] + p) % 52
    lane = r.entry[t >> 2] // 13
    if p < r.home:
        return _HOME + lane * 5 + p - r.track_len
    return _CENTRE + lane


# Pips of a die face on the 7 die pixels (d1 top-left, d2 top-right, d3 middle
# left, d4 centre, d5 middle right, d6 bottom-left, d7 bottom-right), as bit
# masks: bit k lights d(k+1).
PIPS = (0, 0b0001000, 0b1000001, 0b1001001, 0b1100011, 0b1101011, 0b1110111)
