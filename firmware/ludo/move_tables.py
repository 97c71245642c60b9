# The last step of building a Rules (rules.py's STEPS): the tables of the
# engine's hot path (game.py's _gen, _apply and _move read them), from the
# ones ludo.tables made.
#
# Loaded when a game starts and dropped again afterwards on the board (rules.py).
from .rules import BLOCK_NONE, BLOCK_ALL


def build(self):
    """Build step: the track and capture tables of the seats playing onto `self` (a Rules)."""
    seats = self.seats
    rival = self.rival
    # sqt[seat << 6 | pos byte & 63]: track square of a token there, 255 off the track
    tl = self.track_len
    ring = bytes(range(52)) * 2
    sqt = bytearray()
    for e in self.entry:        # slices, not a loop over 256 entries: a game starts fast
        sqt += b"\xff" + ring[e:e + tl] + b"\xff" * (63 - tl)
    self.sqt = sqt
    # per seat: the seats whose stacks (held squares) it may not land on, its rivals,
    # and the seat after it in turn order
    bmask = bytearray(4)
    rivm = bytearray(4)
    after = bytearray(4)
    n = len(seats)
    for o in range(4):
        if self.blocks == BLOCK_ALL:
            bmask[o] = 15
        elif self.blocks != BLOCK_NONE:
            bmask[o] = 15 & ~(1 << o)
        for s in range(4):
            if rival[o * 4 + s]:
                rivm[o] |= 1 << s
    for i in range(n):
        after[seats[i]] = seats[(i + 1) % n]
    self.bmask = bmask
    self.rivm = rivm
    self.after = after
    # the plain rules: a move lands `roll` further on or cannot be made, each seat
    # moves its own stones, one roll at a time
    self.simple = not (self.impassable or self.mandatory_kill or self.rebound
                       or self.blocks == BLOCK_ALL or self.teams or self.pool)
