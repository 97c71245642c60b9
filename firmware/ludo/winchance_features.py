# What the win chance (ludo.winchance) looks at: each seat's features of a
# position, the things a person would name (progress, tokens home, out and in
# the yard, tokens in danger and rivals threatened, blocks, who rolls next,
# pending rolls, the stage of the game, the rules played), as whole numbers
# (1.0 is 256); their names, for the training, are ludo.winchance.FEATURE_NAMES.
# Made in three parts, each a module the board compiles on its own: the danger to
# each token (ludo.winchance_danger), each seat's own features
# (ludo.winchance_seat), and here who acts next and the stage of the game.
# `ludo.winchance.features` is this module's `features`.
from .winchance_danger import danger, live
from .winchance_seat import seat_features, progress, FEATURES, _ONE, _PRESETS  # noqa: F401


def features(game, into=None):
    """Every seat's features as one list of 4 x FEATURES whole numbers (seat s's at
    s * FEATURES; zeros for seats not playing).  1.0 is 256.
    """
    f = into if into is not None else [0] * (4 * FEATURES)
    for i in range(4 * FEATURES):
        f[i] = 0
    danger(game)
    total = seat_features(game, f)
    n = live[4]
    # who acts next: 0 on turn, 1 next, ...
    at = 0
    for m in range(n):
        if live[m] == game.turn:
            at = m
    for j in range(n):
        s = live[(at + j) % n]
        k = s * FEATURES
        f[k + 10] = total // n
        top = 0                 # (now: the best progress of the others)
        for m in range(n):
            if live[m] != s and progress[live[m]] > top:
                top = progress[live[m]]
        f[k + 11] = progress[s] - top
        f[k + 28] = (total - progress[s]) // (n - 1) if n > 1 else 0
        f[k + 12 + (j if j < 4 else 3)] = _ONE
        if j == 0:
            top = 0
            for i in range(game.npend):
                top += game.pend[i]
            f[k + 16] = top * 8
            f[k + 17] = game.sixes * 64
    return f
