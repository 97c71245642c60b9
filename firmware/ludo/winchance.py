# The win chance of a position: each seat's (with teams, its team's) chance to
# win, in parts per 10,000 that sum to exactly 10,000 (per team).
#
# import ludo
# from ludo import winchance
# g = ludo.Game("classic", players=4, seed=7)
# winchance.chances(g)        # [2500, 2500, 2500, 2500]: by seat R, G, Y, B (0 if not playing)
#
# A small learned model (docs/analysis.md): for each seat, features a person
# would name (ludo.winchance_features: progress, tokens home, out and in the
# yard, tokens in danger and rivals threatened, blocks, who rolls next, pending
# rolls, the stage of the game) go through a tiny neural net (one hidden layer, ReLU) whose weights are
# data (ludo.winchance_weights, written by bench/train_winchance.py from games
# of the computer players); the seats' scores become chances by a softmax.
# Everything is whole numbers, so the board and a PC agree to the last part.
#
# A position where a move is due is worth what the best move for the seat on
# turn makes of it (the model itself judges positions where a roll is next).
from .actions import MOVE, OVER
from . import winchance_weights as W
from .winchance_features import features, FEATURES, FEATURE_NAMES, _ONE, _PRESETS  # noqa: F401
try:
    from operator import mul as _mul    # (CPython only: a faster sum in scores)
except ImportError:
    _mul = None
_seen = {} if _mul is not None else None    # CPython: chances by position (the board keeps none)

SCALE = 10000           # a chance of 1
# 2 ** (14 - i / 64) rounded, i = 0..63: exp in whole numbers (scores are in 64ths of a bit)
_EXP2 = (16384, 16208, 16033, 15860, 15689, 15520, 15353, 15188, 15024, 14862, 14702, 14544,
         14387, 14232, 14079, 13927, 13777, 13629, 13482, 13337, 13193, 13051, 12910, 12771,
         12634, 12498, 12363, 12230, 12098, 11968, 11839, 11711, 11585, 11460, 11337, 11215,
         11094, 10975, 10856, 10739, 10624, 10509, 10396, 10284, 10173, 10064, 9955, 9848,
         9742, 9637, 9533, 9431, 9329, 9228, 9129, 9031, 8933, 8837, 8742, 8648, 8555, 8463,
         8371, 8281)
_MAX_DEPTH = 3          # club's pending rolls: moves looked through before judging as it stands


def scores(game):
    """Each seat's score in 64ths of a bit (log2 units), by seat (None: not playing)."""
    f = features(game, _cache[4])       # (its list made once: the board allocates less)
    out = [None] * 4
    w2 = W.W2
    hidden = W.HIDDEN
    if _mul is None:                # MicroPython: the game's constant features come folded
        bias = _biases(game.rules)
        varying = _VARYING
        nz = _NZ
        w1 = W.W1                   # (its rows read in place: no copy kept on the heap)
    else:
        rows = _rows()
        b1 = W.B1
    for s in game.rules.seats:
        if (game.out >> s) & 1:
            continue
        k = s * FEATURES
        acc = W.B2
        if _mul is not None:        # CPython: the same sum, a C loop
            x = f[k:k + FEATURES]
            for j in range(hidden):
                h = b1[j] + sum(map(_mul, rows[j], x))
                if h > 0:
                    acc += w2[j] * (h >> 10)
        else:
            # into the biases of its place in the turn order (features turn0..turn3),
            # then only the other features that are not 0
            slot = 0
            while not f[k + 12 + slot]:
                slot += 1
            b = bias[slot]
            n = 0
            for i in varying:
                if f[k + i]:
                    nz[n] = i
                    n += 1
            r = 0
            for j in range(hidden):
                h = b[j]
                for m in range(n):
                    i = nz[m]
                    h += w1[r + i] * f[k + i]
                if h > 0:
                    acc += w2[j] * (h >> 10)
                r += FEATURES
        out[s] = acc >> 6
    return out


_cache = [None, None, None, None, [0] * (4 * FEATURES), None]   # the weights' rows (CPython), the
# W1 they were made from; the biases, their rules; scores' features; the W1 of the biases
# features that stay the same all game (the preset, the players, the tokens needed)
# or are one of four (turn0..turn3), folded into the biases on the board
_FOLDED = (12, 13, 14, 15, 19, 20, 21, 22, 23, 24, 25, 26)
_VARYING = tuple(i for i in range(FEATURES) if i not in _FOLDED)
_NZ = [0] * FEATURES


def _rows():
    """W1 as one tuple per hidden unit (made again if the weights module was swapped)."""
    if _cache[1] is not W.W1:
        w1 = W.W1
        _cache[0] = [tuple(w1[j * FEATURES:(j + 1) * FEATURES]) for j in range(W.HIDDEN)]
        _cache[1] = w1
    return _cache[0]


def _biases(rules):
    """Per place in the turn order (0..3), each hidden unit's bias with the features
    that are the same all game (preset, players, tokens needed) and that place added.
    """
    w1 = W.W1
    if _cache[3] is not rules or _cache[5] is not w1:
        x = [0] * FEATURES
        x[19 + _PRESETS.index(rules.preset)] = _ONE
        x[21 + len(rules.seats)] = _ONE
        x[26] = rules.tokens_to_win * 64
        out = []
        for slot in range(4):
            x[12 + slot] = _ONE
            b = []
            for j in range(W.HIDDEN):
                h = W.B1[j]
                for i in _FOLDED:
                    h += w1[j * FEATURES + i] * x[i]
                b.append(h)
            out.append(b)
            x[12 + slot] = 0
        _cache[2] = out
        _cache[3] = rules
        _cache[5] = w1
    return _cache[2]


def _static(game):
    """The model's chances for `game` as it stands (by seat, parts of SCALE)."""
    out = [0, 0, 0, 0]
    if game.phase == OVER:
        for s in range(4):
            if (game.win_mask >> s) & 1:
                out[s] = SCALE
        return out
    key = None
    if _seen is not None:           # CPython: a position judged before is looked up
        key = (game.rules, bytes(game.pos), game.turn, game.phase, bytes(game.pend[:game.npend]),
               game.sixes, game.doors, game.out)
        got = _seen.get(key)
        if got is not None:
            return list(got)
    out = _judge(game, out)
    if key is not None:
        if len(_seen) > 50000:
            _seen.clear()
        _seen[key] = tuple(out)
    return out


def _judge(game, out):
    """_static's work: the model's scores to chances."""
    sc = scores(game)
    r = game.rules
    groups_seats = []
    groups = []             # (score, seats), in turn order from the seat on turn
    seats = r.seats
    at = seats.index(game.turn) if game.turn in seats else 0
    for i in range(len(seats)):
        s = seats[(at + i) % len(seats)]
        if sc[s] is None:
            continue
        p = r.partner[s]
        if p >= 0 and sc[p] is not None:
            if p in groups_seats:
                continue    # (its team was counted with its partner)
            groups_seats.append(s)
            groups.append(((sc[s] + sc[p]) >> 1, (s, p)))
        else:
            groups.append((sc[s], (s,)))
    top = groups[0][0]
    for g in groups:
        if g[0] > top:
            top = g[0]
    es = []
    total = 0
    for g in groups:
        d = top - g[0]
        e = _EXP2[d & 63] >> (d >> 6) if d < 64 * 14 else 0
        es.append(e)
        total += e
    parts = []
    given = 0
    for e in es:
        q = e * SCALE // total
        parts.append(q)
        given += q
    # the parts left by rounding down go to the largest remainders (turn order breaks ties,
    # so that rotating the seats rotates the chances exactly)
    rems = []
    for i in range(len(es)):
        rems.append(es[i] * SCALE - parts[i] * total)
    while given < SCALE:
        j = 0
        for i in range(1, len(rems)):
            if rems[i] > rems[j]:
                j = i
        parts[j] += 1
        rems[j] = -1
        given += 1
    for i in range(len(groups)):
        for s in groups[i][1]:
            out[s] = parts[i]
    return out


def team_of(rules, seat):
    """The seats that win together with `seat` (itself, and its partner with teams)."""
    p = rules.partner[seat]
    return (seat, p) if p >= 0 else (seat,)


def chances(game):
    """Each seat's chance to win now, parts of SCALE, by seat R, G, Y, B (0 when not
    playing or out; partners both show their team's).  Exactly SCALE and 0 once over.
    """
    if game.phase != MOVE:
        return _static(game)
    best = None
    for c in move_chances(game):
        if best is None or c[game.turn] > best[game.turn]:
            best = c
    return best


def move_chances(game, depth=0):
    """The chances after each of the legal moves now (a list in the order of
    game.legal_codes()); the game is not changed.
    """
    codes = game.legal_codes()
    sim = game.copy()
    start = sim.state()
    out = []
    for i in range(len(codes)):
        if i:
            sim.set_state(start)
        sim.apply(codes[i])
        if sim.phase == MOVE and depth + 1 < _MAX_DEPTH:
            best = None
            for c in move_chances(sim, depth + 1):
                if best is None or c[sim.turn] > best[sim.turn]:
                    best = c
            out.append(best)
        else:
            out.append(_static(sim))
    return out


def roll_chances(game):
    """For each die value 1..6 (index 0..5), the chances after that roll and the best
    play of it by the seat on turn; the game, which must be due to roll (not a
    roll-off), is not changed.
    """
    sim = game.copy()
    start = sim.state()
    out = []
    for v in range(1, 7):
        if v > 1:
            sim.set_state(start)
        sim.apply(v)
        out.append(chances(sim))
    return out
