# Expert's look-ahead (ludo.ai.expert): each legal move is judged by the win
# chance after it (x.static: ludo.ai.expert) of the seat (its team) that moves; then
# the best-looking moves that leave it on turn are followed further (expectimax,
# as Hard's search does): after a bonus roll the average over the six faces of
# the die of the best reply's chance, with club's pending rolls the rest of the
# pool spent in the best order.  A budget of positions judged bounds the work,
# and on the board a deadline too (x.clock, x.time_ms): a look-ahead not finished
# by then is given up and its move keeps the chance after it, so a slow board
# plays a little less deep rather than slower.
# x: the Expert player: its search game, buffers, values and marks per level.
from ..game import MOVE, OVER

LATE = -1000            # x._left once the deadline has passed: nothing more is followed
_TICKS = 0x1FFFFFFF     # clock values wrap at 2**29, as supervisor.ticks_ms() does


def judge(x, sim, me):
    """The chance of me (its team) in sim as it stands: one position of the budget."""
    x._left -= 1
    x.nodes += 1
    v = x.static(sim)[me]
    if x.clock is not None and (x.clock() - x.started) & _TICKS >= x.time_ms:
        x._left = LATE
    return v


def moves(x, sim, me, depth, codes):
    """Judge each move from here (sim is at this position, saved in x._bufs[depth]),
    then look further after the best few that leave me on turn; the best value.
    """
    buf = x._bufs[depth]
    vals = x._vals[depth]
    marks = x._marks[depth]
    n = len(codes)
    for i in range(n):
        if i:
            sim.set_state(buf)
        sim.apply(codes[i])
        vals[i] = judge(x, sim, me)
        if depth and x._left <= LATE:   # late: only the moves from the root are finished
            return None
        marks[i] = sim.turn == me and sim.phase != OVER
    if depth + 1 < x.depth:
        for _ in range(x.expand):
            j = -1
            for i in range(n):
                if marks[i] == 1 and (j < 0 or vals[i] > vals[j]):
                    j = i
            if j < 0 or x._left <= 0:
                break
            marks[j] = 2
            sim.set_state(buf)
            sim.apply(codes[j])
            v = onward(x, sim, me, depth + 1, vals[j])
            if v is not None:       # None: the budget left could not pay for it
                vals[j] = v
    best = vals[0]
    for i in range(1, n):
        if vals[i] > best:
            best = vals[i]
    return best


def onward(x, sim, me, depth, now):
    """The chance of a position where I am still on turn (now: as it stands), looking
    past its bonus roll or its pending rolls; None if the budget left cannot pay, or
    the deadline passed before it was done.
    """
    buf = x._bufs[depth]
    if sim.phase == MOVE:               # club: more pending rolls to spend
        codes = sim.legal_codes()
        if len(codes) > x._left:
            return None
        sim.state(into=buf)
        return moves(x, sim, me, depth, codes)
    if x._left < 6:
        return None
    sim.state(into=buf)
    total = 0
    for roll in range(1, 7):            # a bonus roll: the average over the die
        if roll > 1:
            sim.set_state(buf)
        sim.apply(roll)
        if sim.turn != me or sim.phase != MOVE:
            v = judge(x, sim, me)       # the roll passed the turn on
        else:
            codes = sim.legal_codes()
            if len(codes) == 1:
                sim.apply(codes[0])
                v = judge(x, sim, me)
            elif depth + 1 < x.depth and len(codes) <= x._left:
                sim.state(into=x._bufs[depth + 1])
                v = moves(x, sim, me, depth + 1, codes)
            else:
                v = now                 # no budget for this roll's replies
        if v is None or x._left <= LATE:     # late: an average of some faces is no chance
            return None
        total += v
    return total // 6
