"""Place names (docs/api.md) and their small-integer ids, used as array indexes.

Order: track t0..t51, home columns hR1..hB5, yards yR1..yB4, centre cR..cB,
die d1..d7 -- the same order as host/ludo_host/layout.py's all_places().
"""

SEATS = "RGYB"
TRACK = 0           # t0..t51 -> 0..51
HOME = 52           # hR1..hB5 -> 52..71 (seat*5 + k-1)
YARD = 72           # yR1..yB4 -> 72..87 (seat*4 + k-1)
CENTRE = 88         # cR..cB -> 88..91
DIE = 92            # d1..d7 -> 92..98
COUNT = 99
NONE = 255          # "no place" (a token off the board)


def _names():
    out = ["t%d" % i for i in range(52)]
    for s in SEATS:
        for k in range(1, 6):
            out.append("h%s%d" % (s, k))
    for s in SEATS:
        for k in range(1, 5):
            out.append("y%s%d" % (s, k))
    for s in SEATS:
        out.append("c" + s)
    for k in range(1, 8):
        out.append("d%d" % k)
    return tuple(out)


NAMES = _names()
_IDS = {}
for _i in range(COUNT):
    _IDS[NAMES[_i]] = _i


def place_id(name):
    """Id of a place name; NONE for None (off the board); ValueError if unknown."""
    if name is None:
        return NONE
    i = _IDS.get(name)
    if i is None:
        raise ValueError("unknown place %r" % (name,))
    return i


def yard_id(token):
    """The yard spot of a token (0..15): token R1 sits on yR1."""
    return YARD + token


def centre_id(seat):
    return CENTRE + seat


def home_id(seat, k):
    """Home-column square k (1..5) of a seat's physical column."""
    return HOME + seat * 5 + k - 1


# Pips of a die face on the 7 die pixels (d1 top-left, d2 top-right, d3 middle
# left, d4 centre, d5 middle right, d6 bottom-left, d7 bottom-right), as bit
# masks: bit k lights d(k+1).
PIPS = (0, 0b0001000, 0b1000001, 0b1001001, 0b1100011, 0b1101011, 0b1110111)
