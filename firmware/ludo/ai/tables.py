# Hard: the tables of worth its weights (ludo.ai.weights) give for a game's rules,
# made when a Hard player meets a game (ludo.ai.hard).
from ..rules import BLOCK_NONE
from . import weights as w


def tables(tab, rules):
    """What the evaluation needs about the rules, set on tab (a Hard player)."""
    tl = rules.track_len
    home = rules.home
    val = [0] * 64              # worth of a token by its position byte & 63 (0 yard, OFF 63)
    pool = rules.pool           # club: a race home on a track with no safe squares (by default)
    for b in range(1, home + 2):
        p = b - 1
        if pool:                # the curve stops at the home column: there nothing is lost any more
            c = tl if p > tl else p
            v = w.W_OUT + p * w.W_STEP + w.W_POOL_CURVE * c * c // home
        else:
            v = w.W_OUT + p * w.W_STEP + w.W_CURVE * p * p // home
        if b > tl:
            v += w.W_LANE
        if b == home + 1:
            v += w.W_POOL_HOME if pool else w.W_HOME
        val[b] = v
    tab.val = val
    teams = tab.teams = []
    for s in range(4):
        p = rules.partner[s]
        teams.append((s, p) if p >= 0 else (s,))
    tab.rules = rules
    tab.protect = rules.blocks != BLOCK_NONE or rules.stack_protect
    tab.blocks = rules.blocks != BLOCK_NONE
    tab.entry_rolls = rules.entry_mask & 126
    tab.pool = rules.pool
    tab.sq = bytearray(16)      # scratch: each token's track square (NOT_ON_TRACK off the track)
