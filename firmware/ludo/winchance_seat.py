# The win chance's features (ludo.winchance_features), their second part: each
# seat's own (progress, tokens home, out and in the yard, in danger, rivals
# threatened, blocks, the rules played), from the danger ludo.winchance_danger
# found.  A module of its own so that the board compiles the features in parts.
from .rules import BLOCK_NONE
from .winchance_danger import live, hits, far, by, sheltered

FEATURES = 29           # per seat
_ONE = 256              # a feature's 1.0
_PRESETS = ("family", "classic", "club", "strict")
_POP = bytearray(128)   # bits set in each number (made without a string each, as
for i in range(1, 128):     # ludo.ai.danger's: that table is Hard's, this the core's)
    _POP[i] = _POP[i >> 1] + (i & 1)
del i
progress = [0] * 4      # each seat's progress (seat_features sets it)
_PS = [0] * 4           # a seat's tokens' places, sorted


def seat_features(game, f):
    """Each playing seat's own features into f (zeros: ludo.winchance_features.features);
    the sum of their progress.
    """
    r = game.rules
    pos = game.pos
    home = r.home + 1           # pos byte of a token home
    need = r.tokens_to_win
    total = 0
    for m in range(live[4]):
        s = live[m]
        ps = _PS                # the `need` tokens furthest on are the ones that count
        for i in range(4):
            b = pos[s * 4 + i]
            ps[i] = home if b == 255 else b
        ps.sort()
        top = 0
        top2 = 0
        for i in range(4 - need, 4):
            top += ps[i]
            top2 += ps[i] * ps[i]
        k = s * FEATURES
        f[k] = progress[s] = top * _ONE // (need * home)
        total += f[k]
        f[k + 1] = top2 * _ONE // (need * home * home)
        risk = 0
        for t in range(s * 4, s * 4 + 4):
            b = pos[t]
            if b == home or b == 255:
                f[k + 2] += _ONE // need
            elif b == 0:
                f[k + 3] += 64
            elif b > r.track_len:
                f[k + 4] += 64
            else:
                f[k + 5] += 64
            i = 6 * _POP[hits[t] >> 1]      # its chance of being hit, in 36ths
            if not hits[t] & 64:
                i += _POP[far[t] >> 1]
            if i:
                risk += (i if i < 36 else 36) * b
            if hits[t]:
                f[k + 7] += 64
        f[k + 6] = risk * _ONE // (36 * home)
        top = 0                 # (now: the places of the rivals' tokens it threatens)
        for t in range(16):
            if (by[t] >> s) & 1:
                top += pos[t]
        f[k + 8] = top * _ONE // home
        if r.blocks != BLOCK_NONE:
            for t in range(s * 4, s * 4 + 4):
                i = r.sqt[s << 6 | pos[t] & 63]
                if i != 255 and game.occ[i * 4 + s] >= 2:
                    f[k + 9] += 32       # (each token of a block counts: 64 a block)
        if r.mandatory_kill and not (game.doors >> s) & 1:
            f[k + 18] = _ONE
        f[k + 19 + _PRESETS.index(r.preset)] = _ONE
        f[k + 21 + len(r.seats)] = _ONE
        f[k + 26] = need * 64
        f[k + 27] = sheltered[s] * 64
    return total
