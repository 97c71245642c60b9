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
#
# The parts the board loads for its Expert player (ludo.ai.expert), each a small
# module it compiles on its own: the weights, the features (ludo.winchance_danger,
# ludo.winchance_seat, ludo.winchance_features), the net (ludo.winchance_net) and the
# chances of a position as it stands (ludo.winchance_judge).  This module, for a PC
# and the analysis, adds the chances where a move is due, after each move and each
# roll; on CPython a faster sum of the same numbers, and positions judged before
# remembered.  The training's names of the features are here too (FEATURE_NAMES).
from .actions import MOVE, OVER
from . import winchance_weights as W
from .winchance_features import features, FEATURES, _ONE, _PRESETS  # noqa: F401
from .winchance_net import scores as _scores, SCALE, _EXP2  # noqa: F401
from .winchance_judge import split
try:
    from operator import mul as _mul    # (CPython only: a faster sum in scores)
except ImportError:
    _mul = None
_seen = {} if _mul is not None else None    # CPython: chances by position

FEATURE_NAMES = ("progress", "progress2", "home", "yard", "lane", "track", "risk", "threatened",
                 "threat", "blocks", "stage", "lead", "turn0", "turn1", "turn2", "turn3",
                 "pending", "sixes", "door_shut", "family", "classic", "club", "strict",
                 "players2", "players3", "players4", "need", "sheltered", "others")
_MAX_DEPTH = 3          # club's pending rolls: moves looked through before judging as it stands
_cache = [None, None, [0] * (4 * FEATURES)]     # the weights' rows (CPython), the W1 they were
# made from; scores' features


def scores(game):
    """Each seat's score in 64ths of a bit (log2 units), by seat (None: not playing)."""
    f = features(game, _cache[2])
    if _mul is None:                    # MicroPython: the board's sum (ludo.winchance_net)
        return _scores(game, f, [None] * 4)
    out = [None] * 4
    rows = _rows()
    b1 = W.B1
    w2 = W.W2
    for s in game.rules.seats:
        if (game.out >> s) & 1:
            continue
        k = s * FEATURES
        acc = W.B2
        x = f[k:k + FEATURES]
        for j in range(W.HIDDEN):
            h = b1[j] + sum(map(_mul, rows[j], x))
            if h > 0:
                acc += w2[j] * (h >> 10)
        out[s] = acc >> 6
    return out


def _rows():
    """W1 as one tuple per hidden unit (made again if the weights module was swapped)."""
    if _cache[1] is not W.W1:
        w1 = W.W1
        _cache[0] = [tuple(w1[j * FEATURES:(j + 1) * FEATURES]) for j in range(W.HIDDEN)]
        _cache[1] = w1
    return _cache[0]


def _static(game):
    """The model's chances for `game` as it stands (by seat, parts of SCALE; a new list)."""
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
    split(game, scores(game), out)
    if key is not None:
        if len(_seen) > 50000:
            _seen.clear()
        _seen[key] = tuple(out)
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
