# The win chance's features (ludo.winchance_features), their first part: which
# seats still play, and the danger to each token from every rival's next roll.
# A module of its own so that the board compiles the features in two parts.  The
# results are left in this module's lists, made once: the board judges a position
# without allocating.
from .rules import BLOCK_NONE

live = bytearray(5)     # the seats playing and not out, in seat order; live[4]: how many
hits = bytearray(16)    # per token: the rolls 1..6 of a rival that land on it (bit d)
far = bytearray(16)     # a 6 and then 1..6 (bit d - 6)
by = bytearray(16)      # who threatens it (a mask of seats)
sheltered = bytearray(4)    # per seat: its tokens on a safe square or in a block


def danger(game):
    """Fill live, hits, far, by and sheltered for game's position."""
    r = game.rules
    pos = game.pos
    sqt = r.sqt
    n = 0
    mask = 0
    for s in r.seats:
        if not (game.out >> s) & 1:
            live[n] = s
            n += 1
            mask |= 1 << s
    live[4] = n
    protect = r.blocks != BLOCK_NONE or r.stack_protect
    for t in range(16):
        hits[t] = far[t] = by[t] = 0
    for s in range(4):
        sheltered[s] = 0
    for t in range(16):
        o = t >> 2
        b = pos[t]
        sq = sqt[o << 6 | b & 63]
        if not (mask >> o) & 1 or sq == 255:
            continue
        if r.safe[sq] or (protect and game.occ[sq * 4 + o] >= 2):
            sheltered[o] += 1
            continue
        for i in range(n):
            s = live[i]
            if s == o or not r.rival[s * 4 + o]:
                continue
            for u in range(s * 4, s * 4 + 4):
                b = pos[u]
                if b == 0:
                    if r.entry[s] == sq and r.entry_mask & 126:
                        hits[t] |= r.entry_mask & 126
                        by[t] |= 1 << s
                    continue
                d = sqt[s << 6 | b & 63]
                if d == 255:
                    continue
                d = (sq - d) % 52
                if 1 <= d <= 12 and b - 1 + d < r.track_len:
                    if d <= 6:
                        hits[t] |= 1 << d
                        by[t] |= 1 << s
                    else:
                        far[t] |= 1 << (d - 6)
