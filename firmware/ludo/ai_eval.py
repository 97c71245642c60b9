# Hard: how it judges a position (ludo.ai_hard's Hard looks ahead with this).
# A position is worth, to a seat, what its team's tokens are worth minus the
# average of what each other seat's tokens are worth.  A token is worth a
# premium for being out of the yard, its progress (a little more per square
# the further it is: a token near home has survived the trip), a premium once
# it is in its home column and once home (the tables of ludo.ai_weights), minus
# the expected loss from being captured before its owner moves again
# (ludo.ai_danger).  Everything is whole numbers, so CPython and the board agree
# to the last point.
# (Comments, not docstrings: MicroPython keeps those in the heap.)
from .game import OVER
from .ai_base import track_squares, NOT_ON_TRACK as _NONE
from .ai_danger import danger
from . import ai_weights as w


def _seat_worth(val, pos, s, need):
    # Worth of seat s's tokens; with fewer than 4 needed to win, the spare ones count a quarter.
    a = val[pos[s * 4] & 63]      # & 63: OFF (255) reads val[63], 0
    b = val[pos[s * 4 + 1] & 63]
    c = val[pos[s * 4 + 2] & 63]
    d = val[pos[s * 4 + 3] & 63]
    total = a + b + c + d
    if need >= 4:
        return total
    if a < b:                       # sort the four, largest first (no allocation)
        a, b = b, a
    if c < d:
        c, d = d, c
    if a < c:
        a, c = c, a
    if b < d:
        b, d = d, b
    if b < c:
        b, c = c, b
    best = a
    if need >= 2:
        best += b
    if need >= 3:
        best += c
    return best + (total - best) // 4


def evaluate(sim, seat, tab):
    # Worth of the position to `seat` (its team), in points; tab: a Hard player's tables.
    if sim.phase == OVER:
        return w.WIN if (sim.win_mask >> seat) & 1 else -w.WIN
    rules = tab.rules
    pos = sim.pos
    val = tab.val
    need = rules.tokens_to_win
    team = tab.teams[seat]
    mine = 0
    theirs = 0
    n = 0
    for s in rules.seats:
        if s in team:
            mine += _seat_worth(val, pos, s, need)
            if rules.mandatory_kill and (sim.doors >> s) & 1:
                mine += w.W_DOOR
        else:
            theirs += _seat_worth(val, pos, s, need)
            n += 1
    # our tokens on the track: blocks, and what the rivals' next rolls may take
    track_squares(tab.rules, sim.pos, tab.sq)
    sqs = tab.sq
    for s in team:
        hunters = tab.hunters[s]
        for t in range(s * 4, s * 4 + 4):
            if sqs[t] == _NONE:
                continue
            if tab.blocks:
                for u in range(s * 4, t):
                    if pos[u] == pos[t]:
                        mine += w.W_BLOCK
                        break
            d = danger(sim, tab, t, hunters)
            if d:
                mine -= d * val[pos[t]] * w.DANGER_PCT // 3600
    if n:
        theirs = theirs * w.OPP_PCT // (100 * n)
    return mine - theirs
