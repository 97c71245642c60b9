# The win chance of a position as it stands (ludo.winchance): the seats' scores
# (ludo.winchance_net) become chances, parts per 10,000 that sum to exactly
# 10,000 (a team's two seats count as one, their scores averaged), by a softmax
# in whole numbers.  What the board's Expert (ludo.ai.expert) judges positions
# by; it allocates nothing (its lists are made once), so the chances `static`
# returns are overwritten by the next call.
from array import array
from .actions import OVER
from .winchance_features import features, FEATURES
from .winchance_net import scores, SCALE, _EXP2

_F = array("h", bytes(8 * FEATURES))     # (features fit in 16 bits)
_OUT = [0] * 4
_SC = [0] * 4
# the groups (a seat, or a team), in turn order from the seat on turn: score, seats (a
# mask), share of the softmax, parts of SCALE, what rounding down left
_G = [0] * 20


def split(game, sc, out):
    """The scores sc (by seat; None: not playing) as chances into out: parts of SCALE, by
    seat (0 when not playing), partners both with their team's.
    """
    r = game.rules
    seats = r.seats
    at = seats.index(game.turn) if game.turn in seats else 0
    g = _G
    n = 0
    seen = 0
    for i in range(len(seats)):
        s = seats[(at + i) % len(seats)]
        if sc[s] is None:
            continue
        p = r.partner[s]
        if p >= 0 and sc[p] is not None:
            if (seen >> p) & 1:
                continue    # (its team was counted with its partner)
            seen |= 1 << s
            g[n] = (sc[s] + sc[p]) >> 1
            g[n + 4] = 1 << s | 1 << p
        else:
            g[n] = sc[s]
            g[n + 4] = 1 << s
        n += 1
    top = g[0]
    for i in range(n):
        if g[i] > top:
            top = g[i]
    total = 0
    for i in range(n):
        d = top - g[i]
        g[i + 8] = _EXP2[d & 63] >> (d >> 6) if d < 64 * 14 else 0
        total += g[i + 8]
    given = 0
    for i in range(n):
        g[i + 12] = g[i + 8] * SCALE // total
        given += g[i + 12]
        g[i + 16] = g[i + 8] * SCALE - g[i + 12] * total
    # the parts left by rounding down go to the largest remainders (turn order breaks ties,
    # so that rotating the seats rotates the chances exactly)
    while given < SCALE:
        j = 0
        for i in range(1, n):
            if g[i + 16] > g[j + 16]:
                j = i
        g[j + 12] += 1
        g[j + 16] = -1
        given += 1
    for s in range(4):
        out[s] = 0
        for i in range(n):
            if (g[i + 4] >> s) & 1:
                out[s] = g[i + 12]
    return out


def static(game):
    """The chances of game as it stands, by seat (parts of SCALE; a list of this module's:
    read it before the next call).  Exactly SCALE and 0 once over.
    """
    if game.phase == OVER:
        for s in range(4):
            _OUT[s] = SCALE if (game.win_mask >> s) & 1 else 0
        return _OUT
    return split(game, scores(game, features(game, _F), _SC), _OUT)
