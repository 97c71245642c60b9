# Hard: its look-ahead.  After each of its moves it averages over the rolls of
# its own bonus throws and plays on (expectimax), and spends club's pending
# rolls in the best order; a budget of positions judged bounds the work.
# h: the Hard player (ludo.ai.hard): its buffers, values and marks per level.
from ..game import MOVE, OVER
from .evaluate import static
from . import weights as w


def moves(h, sim, me, depth, codes):
    """Judge each move from here (sim is at this position, saved in bufs[depth]);
    then look further after the best few that leave us on turn.  Returns the best value.
    """
    buf = h._bufs[depth]
    vals = h._vals[depth]
    marks = h._marks[depth]
    n = len(codes)
    for i in range(n):
        if i:
            sim.set_state(buf)
        sim.apply(codes[i])
        vals[i] = static(h, sim, me)
        marks[i] = sim.turn == me and sim.phase != OVER
    if depth + 1 < h.depth:
        for _ in range(h.expand):
            j = -1
            for i in range(n):
                if marks[i] == 1 and (j < 0 or vals[i] > vals[j]):
                    j = i
            if j < 0 or h._left <= 0:
                break
            marks[j] = 2
            sim.set_state(buf)
            sim.apply(codes[j])
            v = onward(h, sim, me, depth + 1)
            if v is not None:           # None: more than the budget left; keep the first look
                vals[j] = v
    best = vals[0]
    for i in range(1, n):
        if vals[i] > best:
            best = vals[i]
    return best


def onward(h, sim, me, depth):
    """Worth of a position where we are still on turn, or None if the budget
    left cannot pay for looking at it.
    """
    buf = h._bufs[depth]
    if sim.phase == MOVE:               # club: more pending rolls to spend
        codes = sim.legal_codes()
        if len(codes) > h._left:
            return None
        sim.state(into=buf)
        return moves(h, sim, me, depth, codes)
    if h._left < w.LOOK_COST:
        return None
    sim.state(into=buf)
    total = 0
    for roll in range(1, 7):           # a bonus roll: the average over the die
        if roll > 1:
            sim.set_state(buf)
        sim.apply(roll)
        if sim.turn == me and sim.phase == MOVE and depth + 1 < h.depth:
            sim.state(into=h._bufs[depth + 1])
            total += moves(h, sim, me, depth + 1, sim.legal_codes())
        else:
            total += static(h, sim, me)
    return total // 6
