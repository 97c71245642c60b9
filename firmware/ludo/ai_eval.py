"""How Hard judges a position (used by ludo.ai)."""
# (Comments, not docstrings, for modules and classes here: MicroPython keeps
# those in the heap.)
#
# A position is worth, to a seat, what its team's tokens are worth minus the
# average of what each other seat's tokens are worth.  A token is worth a
# premium for being out of the yard, its progress (a little more per square
# the further it is: a token near home has survived the trip), a premium once
# it is in its home column and once home, minus the expected loss from being
# captured before its owner moves again.  Everything is whole numbers, so
# CPython and the board agree to the last point.
#
# The danger to a token: for each rival seat, the set of rolls that would hit
# it, counting a 6 followed by the rest (7..12 squares behind), a rival
# entering onto it from the yard (with pool rules also a 6 that enters and the
# next roll that moves that stone on), and not counting rivals that turn off
# into their home column first.  Only seats that may capture the token count
# (club's facing colours, partners).  Checked against games: a token given a
# 1-in-6 chance was captured 19% of the time, 1-in-3 32%, 7-in-36 20%.
from .game import OFF, OVER
from .rules import BLOCK_NONE

# ---- Hard's weights (points; a square of progress is W_STEP) ---------------
W_STEP = 10             # one square of progress
W_OUT = 400             # a token out of the yard: entering eagerly measured best (70 -> 300 -> 400)
W_CURVE = 3             # extra worth growing with the square of progress (0 -> 3 measured best)
W_LANE = 60             # in the home column: nobody can capture it any more
W_HOME = 40             # home, on top of the home-column premium
W_BLOCK = 15            # two of a colour on a square opponents may not land on
W_DOOR = 150            # club, Mandatory kill: our door is open
W_POOL_CURVE = 30       # pool rules (club): the curve, growing only up to the home column (no safe squares: a
                        # token's worth is its progress less what it may still lose on the way; measured 3 -> 30)
W_POOL_HOME = 100       # pool rules: home, on top of the home column (reaching it needs an exact count; 40 -> 100)
DANGER_PCT = 100        # share of a threatened token's worth counted as lost
OPP_PCT = 100           # share of the other seats' (average) worth counted against us
WIN = 1000000           # a won (or lost) game

_POPCOUNT = bytes(bin(i).count("1") for i in range(128))
_NONE = 255             # tab.sq: the token is not on the shared track


class Weights:
    # One set of evaluation weights (the defaults are Hard's).

    def __init__(self, step=W_STEP, out=W_OUT, curve=W_CURVE, lane=W_LANE, home=W_HOME,
                 block=W_BLOCK, door=W_DOOR, danger_pct=DANGER_PCT, opp_pct=OPP_PCT,
                 pool_curve=W_POOL_CURVE, pool_home=W_POOL_HOME):
        self.step = step
        self.out = out
        self.curve = curve
        self.lane = lane
        self.home = home
        self.block = block
        self.door = door
        self.danger_pct = danger_pct
        self.opp_pct = opp_pct
        self.pool_curve = pool_curve
        self.pool_home = pool_home


class Tables:
    # What the evaluation needs about one game's rules, worked out once.

    def __init__(self, rules, weights):
        self.rules = rules
        self.weights = weights
        tl = rules.track_len
        home = rules.home
        val = [0] * 256             # worth of a token by its position byte (0 yard, 255 off)
        pool = rules.pool           # club: a race home on a track with no safe squares (by default)
        for b in range(1, home + 2):
            p = b - 1
            if pool:                # the curve stops at the home column: there nothing is lost any more
                c = tl if p > tl else p
                v = weights.out + p * weights.step + weights.pool_curve * c * c // home
            else:
                v = weights.out + p * weights.step + weights.curve * p * p // home
            if b > tl:
                v += weights.lane
            if b == home + 1:
                v += weights.pool_home if pool else weights.home
            val[b] = v
        self.val = val
        # who may capture a token of seat o
        self.hunters = [tuple(s for s in rules.seats if s != o and rules.rival[s * 4 + o])
                        for o in range(4)]
        self.teams = []
        for s in range(4):
            p = rules.partner[s]
            self.teams.append((s, p) if p >= 0 else (s,))
        self.protect = rules.blocks != BLOCK_NONE or rules.stack_protect
        self.blocks = rules.blocks != BLOCK_NONE
        self.entry_rolls = rules.entry_mask & 126
        self.pool = rules.pool
        self.sq = bytearray(16)     # scratch: each token's track square (_NONE off the track)


def _squares(sim, tab):
    rules = tab.rules
    pos = sim.pos
    entry = rules.entry
    tl = rules.track_len
    sq = tab.sq
    for t in range(16):
        b = pos[t]
        sq[t] = _NONE if b == 0 or b == OFF or b > tl else (entry[t >> 2] + b - 1) % 52


def _danger(sim, tab, t, hunters):
    sqs = tab.sq
    sq = sqs[t]
    if sq == _NONE:
        return 0
    rules = tab.rules
    if rules.safe[sq]:
        return 0
    pos = sim.pos
    o = t >> 2
    if tab.protect:                 # a block (or a free-mode stack) cannot be captured
        b = pos[t]
        for i in range(o * 4, o * 4 + 4):
            if i != t and pos[i] == b:
                return 0
    tl = rules.track_len
    total = 0
    for s in hunters:
        if not rules.rival[s * 4 + o]:
            continue
        near = 0                    # rolls 1..6 that hit (bit d)
        far = 0                     # a 6, then rolls 1..6 that hit (bit d-6)
        turns = not rules.mandatory_kill or (sim.doors >> s) & 1   # its stones turn off at its door
        for u in range(s * 4, s * 4 + 4):
            su = sqs[u]
            if su == _NONE:
                if pos[u] == 0:
                    if rules.entry[s] == sq:
                        near |= tab.entry_rolls
                    elif tab.pool:      # pool rules: a 6 enters it, the next roll moves it on
                        d = (sq - rules.entry[s]) % 52
                        if d <= 6:
                            far |= 1 << d
                continue
            d = (sq - su) % 52
            if d == 0 or d > 12:
                continue
            if turns and pos[u] - 1 + d >= tl:
                continue            # it turns into its home column first
            if d <= 6:
                near |= 1 << d
            else:
                far |= 1 << (d - 6)
        if near or far:
            total += 6 * _POPCOUNT[near >> 1]
            if not near & 64:
                total += _POPCOUNT[far >> 1]
    return total if total < 36 else 36


def _seat_worth(val, pos, s, need):
    """Worth of seat s's tokens; with fewer than 4 needed to win, the spare ones count a quarter."""
    a = val[pos[s * 4]]
    b = val[pos[s * 4 + 1]]
    c = val[pos[s * 4 + 2]]
    d = val[pos[s * 4 + 3]]
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
    """Worth of the position to `seat` (its team), in points."""
    if sim.phase == OVER:
        return WIN if (sim.win_mask >> seat) & 1 else -WIN
    rules = tab.rules
    w = tab.weights
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
                mine += w.door
        else:
            theirs += _seat_worth(val, pos, s, need)
            n += 1
    # our tokens on the track: blocks, and what the rivals' next rolls may take
    _squares(sim, tab)
    sqs = tab.sq
    pct = w.danger_pct
    for s in team:
        hunters = tab.hunters[s]
        for t in range(s * 4, s * 4 + 4):
            if sqs[t] == _NONE:
                continue
            if tab.blocks:
                for u in range(s * 4, t):
                    if pos[u] == pos[t]:
                        mine += w.block
                        break
            d = _danger(sim, tab, t, hunters)
            if d:
                mine -= d * val[pos[t]] * pct // 3600
    if n:
        theirs = theirs * w.opp_pct // (100 * n)
    return mine - theirs
