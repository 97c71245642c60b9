# What the win chance (ludo.winchance) looks at: each seat's features of a
# position, the things a person would name (progress, tokens home, out and in
# the yard, tokens in danger and rivals threatened, blocks, who rolls next,
# pending rolls, the stage of the game, the rules played), as whole numbers
# (1.0 is 256).  A module of its own so the board compiles the win chance in
# two parts; `ludo.winchance.features` is this module's `features`.
from .rules import BLOCK_NONE

FEATURES = 29           # per seat (names: FEATURE_NAMES)
FEATURE_NAMES = ("progress", "progress2", "home", "yard", "lane", "track", "risk", "threatened",
                 "threat", "blocks", "stage", "lead", "turn0", "turn1", "turn2", "turn3",
                 "pending", "sixes", "door_shut", "family", "classic", "club", "strict",
                 "players2", "players3", "players4", "need", "sheltered", "others")
_ONE = 256              # a feature's 1.0
_PRESETS = ("family", "classic", "club", "strict")
_POP = bytes(bin(i).count("1") for i in range(128))


def features(game, into=None):
    """Every seat's features as one list of 4 x FEATURES whole numbers (seat s's at
    s * FEATURES; zeros for seats not playing).  1.0 is 256.
    """
    r = game.rules
    pos = game.pos
    sqt = r.sqt
    safe = r.safe
    rival = r.rival
    tl = r.track_len
    home = r.home + 1           # pos byte of a token home
    need = r.tokens_to_win
    protect = r.blocks != BLOCK_NONE or r.stack_protect
    f = into if into is not None else [0] * (4 * FEATURES)
    for i in range(4 * FEATURES):
        f[i] = 0
    seats = [s for s in r.seats if not (game.out >> s) & 1]
    # danger to each token: the rolls of a rival that land on it (hits: 1..6, bit d;
    # far: a 6 and then 1..6, bit d - 6), and who threatens it (by: a mask of seats)
    hits = [0] * 16
    far = [0] * 16
    by = [0] * 16
    sheltered = [0] * 4
    for t in range(16):
        o = t >> 2
        if o not in seats:
            continue
        b = pos[t]
        sq = sqt[o << 6 | b & 63]
        if sq == 255:
            continue
        if safe[sq] or (protect and game.occ[sq * 4 + o] >= 2):
            sheltered[o] += 64
            continue
        for s in seats:
            if s == o or not rival[s * 4 + o]:
                continue
            for u in range(s * 4, s * 4 + 4):
                bu = pos[u]
                if bu == 0:
                    if r.entry[s] == sq and r.entry_mask & 126:
                        hits[t] |= r.entry_mask & 126
                        by[t] |= 1 << s
                    continue
                su = sqt[s << 6 | bu & 63]
                if su == 255:
                    continue
                d = (sq - su) % 52
                if 1 <= d <= 12 and bu - 1 + d < tl:
                    if d <= 6:
                        hits[t] |= 1 << d
                        by[t] |= 1 << s
                    else:
                        far[t] |= 1 << (d - 6)
    total = 0
    prog = [0] * 4
    for s in seats:
        # the `need` tokens furthest on are the ones that count
        ps = [0] * 4
        for i in range(4):
            b = pos[s * 4 + i]
            ps[i] = home if b == 255 else b
        ps.sort()
        top = 0
        top2 = 0
        for i in range(4 - need, 4):
            top += ps[i]
            top2 += ps[i] * ps[i]
        prog[s] = top * _ONE // (need * home)
        total += prog[s]
        k = s * FEATURES
        f[k] = prog[s]
        f[k + 1] = top2 * _ONE // (need * home * home)
        risk = 0
        for t in range(s * 4, s * 4 + 4):
            b = pos[t]
            if b == home or b == 255:
                f[k + 2] += _ONE // need
            elif b == 0:
                f[k + 3] += 64
            elif b > tl:
                f[k + 4] += 64
            else:
                f[k + 5] += 64
            n = 6 * _POP[hits[t] >> 1]      # its chance of being hit, in 36ths
            if not hits[t] & 64:
                n += _POP[far[t] >> 1]
            if n:
                risk += (n if n < 36 else 36) * b
            if hits[t]:
                f[k + 7] += 64
        f[k + 6] = risk * _ONE // (36 * home)
        threat = 0
        blocks = 0
        for t in range(16):
            if (by[t] >> s) & 1:
                threat += pos[t]
        f[k + 8] = threat * _ONE // home
        if r.blocks != BLOCK_NONE:
            for t in range(s * 4, s * 4 + 4):
                sq = sqt[s << 6 | pos[t] & 63]
                if sq != 255 and game.occ[sq * 4 + s] >= 2:
                    blocks += 1
            f[k + 9] = blocks * 32       # (each token of a block counts: 64 a block)
        if r.mandatory_kill and not (game.doors >> s) & 1:
            f[k + 18] = _ONE
        f[k + 19 + _PRESETS.index(r.preset)] = _ONE
        f[k + 21 + len(r.seats)] = _ONE
        f[k + 26] = need * 64
        f[k + 27] = sheltered[s]
    n = len(seats)
    stage = total // n if n else 0
    # who acts next: 0 on turn, 1 next, ...
    order = [s for s in r.seats if s in seats]
    at = order.index(game.turn) if game.turn in order else 0
    for j in range(n):
        s = order[(at + j) % n]
        k = s * FEATURES
        f[k + 10] = stage
        best = 0
        for o in seats:
            if o != s and prog[o] > best:
                best = prog[o]
        f[k + 11] = prog[s] - best
        f[k + 28] = (total - prog[s]) // (n - 1) if n > 1 else 0
        f[k + 12 + (j if j < 4 else 3)] = _ONE
        if j == 0:
            pend = 0
            for i in range(game.npend):
                pend += game.pend[i]
            f[k + 16] = pend * 8
            f[k + 17] = game.sixes * 64
    return f
