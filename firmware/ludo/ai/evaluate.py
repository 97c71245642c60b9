# Hard: how it judges a position (evaluate), and a position's worth in its search
# (static: ludo.ai.search looks ahead with it).
# A position is worth, to a seat, what its team's tokens are worth minus the
# average of what each other seat's tokens are worth.  A token is worth a
# premium for being out of the yard, its progress (a little more per square
# the further it is: a token near home has survived the trip), a premium once
# it is in its home column and once home (the tables of ludo.ai.tables; a
# seat's sum: ludo.ai.worth), minus the expected loss from being captured
# before its owner moves again (ludo.ai.danger).  Everything is whole numbers,
# so CPython and the board agree to the last point.
from ..game import MOVE, OVER
from .base import track_squares, NOT_ON_TRACK as _NONE
from .danger import danger
from .worth import seat_worth
from . import weights as w


def evaluate(sim, seat, tab):
    """Worth of the position to `seat` (its team), in points; tab: a Hard player's tables."""
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
            mine += seat_worth(val, pos, s, need)
            if rules.mandatory_kill and (sim.doors >> s) & 1:
                mine += w.W_DOOR
        else:
            theirs += seat_worth(val, pos, s, need)
            n += 1
    # our tokens on the track: blocks, and what the rivals' next rolls may take
    track_squares(tab.rules, sim.pos, tab.sq)
    sqs = tab.sq
    for s in team:
        for t in range(s * 4, s * 4 + 4):
            if sqs[t] == _NONE:
                continue
            if tab.blocks:
                for u in range(s * 4, t):
                    if pos[u] == pos[t]:
                        mine += w.W_BLOCK
                        break
            d = danger(sim, tab, t)
            if d:
                mine -= d * val[pos[t]] * w.DANGER_PCT // 3600
    if n:
        theirs = theirs * w.OPP_PCT // (100 * n)
    return mine - theirs


def static(h, sim, me):
    """A position's worth without looking further (one node of the budget)."""
    h._left -= 1
    h.nodes += 1
    v = evaluate(sim, me, h)
    if sim.turn == me and sim.phase != OVER:
        if sim.phase == MOVE:           # club: rolls still to spend
            pend = sim.pend
            for i in range(sim.npend):
                v += pend[i] * w.W_STEP
        else:
            v += w.HARD_BONUS_ROLL
    return v
