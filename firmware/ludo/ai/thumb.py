# Medium's tests of a token (ludo.ai.medium): is it in danger, is it out of
# reach, and does a move leave every other roll in hand playable (club).
# sq: each token's square on the track (base.track_squares).
from ..game import OFF
from ..rules import BLOCK_NONE
from .base import NOT_ON_TRACK as _NONE


def threat(game, r, sq, s0, o):
    """Does a token that may capture seat o's stand 1 to 6 squares behind square s0
    (and not turn into its home column first)?
    """
    pos = game.pos
    tl = r.track_len
    for s in r.seats:
        if not r.rival[s * 4 + o]:
            continue
        turns = not r.mandatory_kill or (game.doors >> s) & 1
        for u in range(s * 4, s * 4 + 4):
            su = sq[u]
            if su != _NONE:
                d = (s0 - su) % 52
                if 0 < d <= 6 and not (turns and pos[u] - 1 + d >= tl):
                    return True
    return False


def safe(game, r, t, s0, b):
    """Is token t, on square s0 (_NONE: off the track) at pos byte b, out of reach?"""
    if s0 == _NONE or r.safe[s0]:
        return True
    if r.blocks != BLOCK_NONE or r.stack_protect:        # a block / free-mode stack
        pos = game.pos
        o = t >> 2
        for u in range(o * 4, o * 4 + 4):
            if u != t and pos[u] == b:
                return True
    return False


def keeps(game, r, m):
    """After m, can each of the other rolls in hand still be played by some stone?"""
    pend = game.pend
    pos = game.pos
    t = m.token
    o = t >> 2
    spent = False
    for k in range(game.npend):
        v = pend[k]
        if v == m.roll and not spent:
            spent = True            # the roll m spends
            continue
        for u in range(o * 4, o * 4 + 4):
            b = m.end + 1 if u == t else pos[u]
            if (b == 0 and (r.entry_mask >> v) & 1) or (b and b != OFF and b + v <= r.home + 1):
                break
        else:
            return False
    return True
