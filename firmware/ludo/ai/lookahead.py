# Expert's look-ahead (ludo.ai.expert): each legal move is judged by the win
# chance after it (x.static: ludo.ai.expert) of the seat (its team) that moves; then
# the best-looking moves that leave it on turn are followed further (expectimax,
# as Hard's search does): after a bonus roll the average over the six faces of
# the die of the best reply's chance, with club's pending rolls the rest of the
# pool spent in the best order.  A budget of positions judged bounds the work.
# x: the Expert player: its search game, buffers, values and marks per level.
from ..game import MOVE, OVER


def judge(x, sim, me):
    """The chance of me (its team) in sim as it stands: one position of the budget."""
    x._left -= 1
    x.nodes += 1
    return x.static(sim)[me]


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
    past its bonus roll or its pending rolls; None if the budget left cannot pay.
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
            total += judge(x, sim, me)      # the roll passed the turn on
            continue
        codes = sim.legal_codes()
        if len(codes) == 1:
            sim.apply(codes[0])
            total += judge(x, sim, me)
        elif depth + 1 < x.depth and len(codes) <= x._left:
            sim.state(into=x._bufs[depth + 1])
            total += moves(x, sim, me, depth + 1, codes)
        else:
            total += now                # no budget for this roll's replies
    return total // 6
