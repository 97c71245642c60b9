# The board's places as small integers, used as array indexes (a Scene's,
# the pixel map's), and where a token of the game stands.
#
# Order: track t0..t51, home columns hR1..hB5, yards yR1..yB4, centre cR..cB,
# die d1..d7 -- the same order as host/ludo_host/layout.py's all_places().  The
# names themselves (place_id, place_name) are in pixelmap.py: only reading the
# pixel map needs them.
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
