"""Place names (docs/api.md) and their small-integer ids, used as array indexes.

Order: track t0..t51, home columns hR1..hB5, yards yR1..yB4, centre cR..cB,
die d1..d7 -- the same order as host/ludo_host/layout.py's all_places().
Names are parsed, not looked up, so no table of 99 strings sits in RAM.
"""

SEATS = "RGYB"
TRACK = 0           # t0..t51 -> 0..51
HOME = 52           # hR1..hB5 -> 52..71 (seat*5 + k-1)
YARD = 72           # yR1..yB4 -> 72..87 (seat*4 + k-1)
CENTRE = 88         # cR..cB -> 88..91
DIE = 92            # d1..d7 -> 92..98
COUNT = 99
NONE = 255          # "no place" (a token off the board)


def _number(text, low, high):
    if not text or len(text) > 2:
        return -1
    for ch in text:
        if ch < "0" or ch > "9":
            return -1
    n = int(text)
    if n < low or n > high or (len(text) == 2 and text[0] == "0"):
        return -1
    return n


def place_id(name):
    """Id of a place name; NONE for None (off the board); ValueError if unknown."""
    if name is None:
        return NONE
    pid = -1
    if isinstance(name, str) and name:
        kind = name[0]
        seat = SEATS.find(name[1:2]) if len(name) > 1 else -1
        if kind == "t":
            n = _number(name[1:], 0, 51)
            pid = TRACK + n if n >= 0 else -1
        elif kind == "h" and seat >= 0:
            n = _number(name[2:], 1, 5)
            pid = HOME + seat * 5 + n - 1 if n > 0 else -1
        elif kind == "y" and seat >= 0:
            n = _number(name[2:], 1, 4)
            pid = YARD + seat * 4 + n - 1 if n > 0 else -1
        elif kind == "c" and seat >= 0 and len(name) == 2:
            pid = CENTRE + seat
        elif kind == "d":
            n = _number(name[1:], 1, 7)
            pid = DIE + n - 1 if n > 0 else -1
    if pid < 0:
        raise ValueError("unknown place %r" % (name,))
    return pid


def place_name(pid):
    if pid < HOME:
        return "t%d" % pid
    if pid < YARD:
        return "h%s%d" % (SEATS[(pid - HOME) // 5], (pid - HOME) % 5 + 1)
    if pid < CENTRE:
        return "y%s%d" % (SEATS[(pid - YARD) // 4], (pid - YARD) % 4 + 1)
    if pid < DIE:
        return "c" + SEATS[pid - CENTRE]
    return "d%d" % (pid - DIE + 1)


def yard_id(token):
    """The yard spot of a token (0..15): token R1 sits on yR1."""
    return YARD + token


def centre_id(seat):
    return CENTRE + seat


def home_id(seat, k):
    """Home-column square k (1..5) of a seat's physical column."""
    return HOME + seat * 5 + k - 1


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


# Pips of a die face on the 7 die pixels (d1 top-left, d2 top-right, d3 middle
# left, d4 centre, d5 middle right, d6 bottom-left, d7 bottom-right), as bit
# masks: bit k lights d(k+1).
PIPS = (0, 0b0001000, 0b1000001, 0b1001001, 0b1100011, 0b1101011, 0b1110111)
