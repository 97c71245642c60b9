"""How the computer players judge a position (used by ludo.ai).

A position is worth, to a seat, what its team's tokens are worth minus what
the other seats' tokens are worth.  A token is worth its progress, plus a
premium once it is out of the yard and once it is safe in its home column or
home, minus the expected loss from being captured before its owner moves
again.  Everything is whole numbers, so CPython and the board agree to the
last point.

Two ways of judging the danger to a token:
- simple (Medium): every rival token 1..6 squares behind it is a 1-in-6
  threat; safe squares and blocks protect.
- precise (Hard): for each rival seat, the set of rolls that would hit it,
  counting a 6 followed by the rest (7..12 squares behind), a rival entering
  onto it from the yard, rivals about to turn off into their home column, and
  only seats that may capture it (club's facing colours, partners).
"""
from .game import OFF, OVER
from .rules import BLOCK_NONE

# ---- weights (points; a square of progress is W_STEP) ----------------------
W_STEP = 10             # one square of progress
W_OUT = 70              # a token out of the yard (a 6 to enter is worth saving)
W_LANE = 60             # in the home column: nobody can capture it any more
W_HOME = 40             # home on top of the lane premium
W_BLOCK = 15            # two of a colour on a square opponents may not land on
W_SAFE = 0              # standing on a safe square (the danger term already sees it)
W_DOOR = 150            # club mandatory kill: our door is open
DANGER_PCT = 100        # share of a threatened token's worth counted as lost
OPP_PCT = 100           # share of the other seats' worth counted against us
LEAD_PCT = 0            # extra weight of the leading other seat
W_CURVE = 0             # extra worth growing with the square of progress (a token near home has survived)
THREAT_PCT = 0          # share of a rival token's worth counted for our chance to capture it
WIN = 1000000           # a won (or lost) game

# Hard's weights differ where the tournaments said so (bench/ai_tournament.py).
HARD_OUT = 300
HARD_CURVE = 3
HARD_DANGER_PCT = 100
HARD_OPP_PCT = 100

_POPCOUNT = bytes(bin(i).count("1") for i in range(128))


class Weights:
    """One set of evaluation weights; the defaults are the constants above."""

    def __init__(self, step=W_STEP, out=W_OUT, lane=W_LANE, home=W_HOME, block=W_BLOCK,
                 safe=W_SAFE, door=W_DOOR, danger_pct=DANGER_PCT, opp_pct=OPP_PCT,
                 lead_pct=LEAD_PCT, threat_pct=THREAT_PCT, curve=W_CURVE):
        self.step = step
        self.out = out
        self.lane = lane
        self.home = home
        self.block = block
        self.safe = safe
        self.door = door
        self.danger_pct = danger_pct
        self.opp_pct = opp_pct
        self.lead_pct = lead_pct
        self.threat_pct = threat_pct
        self.curve = curve


class Tables:
    """What the evaluation needs about one game's rules, worked out once."""

    def __init__(self, rules, weights):
        self.rules = rules
        self.weights = weights
        tl = rules.track_len
        home = rules.home
        val = [0] * 256             # worth of a token by its position byte (0 yard, 255 off)
        for b in range(1, home + 2):
            v = weights.out + (b - 1) * weights.step + weights.curve * (b - 1) * (b - 1) // home
            if b > tl:
                v += weights.lane
            if b == home + 1:
                v += weights.home
            val[b] = v
        self.val = val
        # who may capture a token of seat o: seats s with rules.rival[s*4+o]
        self.hunters = []
        for o in range(4):
            self.hunters.append(tuple(s for s in rules.seats if s != o and rules.rival[s * 4 + o]))
        self.teams = [team_of(rules, s) for s in range(4)]
        self.protect = rules.blocks != BLOCK_NONE or rules.stack_protect
        self.entry_rolls = rules.entry_mask & 126


def team_of(rules, seat):
    p = rules.partner[seat]
    return (seat, p) if p >= 0 else (seat,)


def _seat_worth(val, pos, s, need):
    """Worth of seat s's tokens; with fewer than 4 needed to win the best `need` count fully."""
    a = val[pos[s * 4]]
    b = val[pos[s * 4 + 1]]
    c = val[pos[s * 4 + 2]]
    d = val[pos[s * 4 + 3]]
    total = a + b + c + d
    if need >= 4:
        return total
    # the spare tokens count a quarter: sort the four (no allocation)
    if a < b:
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


def danger36(sim, tab, t, precise, hunters):
    """Chance (in 36ths, 0..36) that one of the `hunters` (seats) captures token t
    with its next roll."""
    rules = tab.rules
    pos = sim.pos
    b = pos[t]
    tl = rules.track_len
    if b == 0 or b == OFF or b > tl:
        return 0
    o = t >> 2
    entry = rules.entry
    sq = (entry[o] + b - 1) % 52
    if rules.safe[sq]:
        return 0
    if tab.protect:                 # a block (or a free-mode stack) cannot be captured
        for i in range(o * 4, o * 4 + 4):
            if i != t and pos[i] == b:
                return 0
    total = 0
    for s in hunters:
        if not rules.rival[s * 4 + o]:
            continue
        near = 0                    # rolls 1..6 that hit (bit d)
        far = 0                     # a 6, then rolls 1..6 that hit (bit d-6)
        shut = rules.mandatory_kill and not (sim.doors >> s) & 1
        for u in range(s * 4, s * 4 + 4):
            bu = pos[u]
            if bu == 0:
                if precise and entry[s] == sq:
                    near |= tab.entry_rolls
                continue
            if bu == OFF or bu > tl:
                continue
            d = (sq - entry[s] - bu + 1) % 52
            if d == 0 or d > 12 or (d > 6 and not precise):
                continue
            if precise and bu - 1 + d >= tl and not shut:
                continue            # it turns into its home column first
            if d <= 6:
                near |= 1 << d
            else:
                far |= 1 << (d - 6)
        if near or far:
            hits = 6 * _POPCOUNT[near >> 1]
            if not near & 64:
                hits += _POPCOUNT[far >> 1]
            total += hits
    return total if total < 36 else 36


def evaluate(sim, seat, tab, precise):
    """Worth of the position to `seat` (its team), in points."""
    rules = tab.rules
    w = tab.weights
    if sim.phase == OVER:
        return WIN if (sim.win_mask >> seat) & 1 else -WIN
    pos = sim.pos
    val = tab.val
    need = rules.tokens_to_win
    partner = rules.partner[seat]
    mine = 0
    theirs = 0
    lead = 0
    n = 0
    for s in rules.seats:
        worth = _seat_worth(val, pos, s, need)
        if s == seat or s == partner:
            mine += worth
            if rules.mandatory_kill and (sim.doors >> s) & 1:
                mine += w.door
            continue
        theirs += worth
        n += 1
        if worth > lead:
            lead = worth
    # danger and blocks for our own tokens
    pct = w.danger_pct
    blocks = rules.blocks != BLOCK_NONE
    for s in (seat, partner):
        if s < 0:
            continue
        for t in range(s * 4, s * 4 + 4):
            b = pos[t]
            if b == 0 or b == OFF or b > rules.track_len:
                continue
            if blocks:
                for u in range(s * 4, t):
                    if pos[u] == b:
                        mine += w.block
                        break
            d = danger36(sim, tab, t, precise, tab.hunters[s])
            if d:
                mine -= d * val[b] * pct // 3600
    if w.threat_pct:
        team = tab.teams[seat]
        for t in range(16):
            if (t >> 2) != seat and (t >> 2) != partner:
                d = danger36(sim, tab, t, precise, team)
                if d:
                    mine += d * val[pos[t]] * w.threat_pct // 3600
    if n:
        theirs = theirs * w.opp_pct // (100 * n) + lead * w.lead_pct // 100
    return mine - theirs
