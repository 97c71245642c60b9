# The win chance's model (ludo.winchance): each seat's features (ludo.winchance_features)
# go through a tiny neural net (one hidden layer, ReLU) whose weights are data
# (ludo.winchance_weights); its score for the seat is in 64ths of a bit.  In whole
# numbers, reading the weights in place and allocating nothing (the board judges
# many positions a decision); ludo.winchance has a faster sum for a PC that gives
# the same numbers.  A chance of 1 (SCALE) and the exponent its softmax takes are here
# too (ludo.winchance_judge).
from . import winchance_weights as W
from .winchance_seat import FEATURES

SCALE = 10000           # a chance of 1
# 2 ** (14 - i / 64) rounded, i = 0..63: exp in whole numbers (scores are in 64ths of a bit)
_EXP2 = (16384, 16208, 16033, 15860, 15689, 15520, 15353, 15188, 15024, 14862, 14702, 14544,
         14387, 14232, 14079, 13927, 13777, 13629, 13482, 13337, 13193, 13051, 12910, 12771,
         12634, 12498, 12363, 12230, 12098, 11968, 11839, 11711, 11585, 11460, 11337, 11215,
         11094, 10975, 10856, 10739, 10624, 10509, 10396, 10284, 10173, 10064, 9955, 9848,
         9742, 9637, 9533, 9431, 9329, 9228, 9129, 9031, 8933, 8837, 8742, 8648, 8555, 8463,
         8371, 8281)
_NZ = [0] * FEATURES    # a seat's features that are not 0: their indices
_NV = [0] * FEATURES    # ... and their values
# Features 19..26 (the preset, the number of seats, the tokens needed to win) are the
# same for every seat and every position of a game: their part of each hidden unit is
# summed with B1 once for the game's rules (_BIAS), not again for every seat judged.
_BIAS = [0] * W.HIDDEN
_BIAS_OF = [None]       # the rules _BIAS was summed for


def _bias(f, k):
    """_BIAS for the rules of the features f (seat k's constant ones)."""
    w1 = W.W1
    r = 0
    for j in range(W.HIDDEN):
        h = W.B1[j]
        for i in range(19, 27):
            h += w1[r + i] * f[k + i]
        _BIAS[j] = h
        r += FEATURES


def scores(game, f, out):
    """Each seat's score in 64ths of a bit (log2 units) into out, by seat (None: not
    playing), from game's features f (ludo.winchance_features.features).
    """
    w1 = W.W1
    w2 = W.W2
    hidden = W.HIDDEN
    bias = _BIAS
    nz = _NZ
    nv = _NV
    for s in range(4):
        out[s] = None
    for s in game.rules.seats:
        if (game.out >> s) & 1:
            continue
        k = s * FEATURES
        if _BIAS_OF[0] is not game.rules:
            _bias(f, k)
            _BIAS_OF[0] = game.rules
        n = 0
        for i in range(FEATURES):
            v = f[k + i]
            if v and (i < 19 or i > 26):
                nz[n] = i
                nv[n] = v
                n += 1
        acc = W.B2
        r = 0
        for j in range(hidden):
            h = bias[j]
            for m in range(n):
                h += w1[r + nz[m]] * nv[m]
            if h > 0:
                acc += w2[j] * (h >> 10)
            r += FEATURES
        out[s] = acc >> 6
    return out
