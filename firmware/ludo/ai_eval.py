# Hard: how it judges a position and how it looks ahead (ai.Hard is this module's
# Hard, loaded on its first use: a board whose computers are Easy and Medium never
# loads it, and a board with only Hard seats never loads Easy and Medium).
# (Comments, not docstrings: MicroPython keeps those in the heap.)
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
from .game import Game, MOVE, OVER
from .rules import BLOCK_NONE
from .ai_base import _Player, track_squares, NOT_ON_TRACK as _NONE

# ---- Hard's weights (points; a square of progress is W_STEP) ---------------
# (Module constants: set them before a Hard player first meets a game to try others.)
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

# ---- Hard's search --------------------------------------------------------
HARD_BONUS_ROLL = 100   # worth of a roll still to come this turn (what its look-ahead measures on average)
HARD_DEPTH = 3          # deepest chain of own moves and bonus rolls it looks at
HARD_BUDGET = 24        # positions it may judge per decision (bounds the time on the board)
LOOK_COST = 18          # budget it must have left to look past a bonus roll (six outcomes)
HARD_EXPAND = 2         # at each of its choices, how many of the best-looking moves it follows further
MAX_CHOICES = 24        # most moves one position can offer: 4 stacks x 6 different pending rolls

_POPCOUNT = bytes(bin(i).count("1") for i in range(128))


class Hard(_Player):
    # Looks ahead over its own bonus rolls and pending rolls (expectimax), with the
    # precise danger of every rival's next roll in the positions it reaches.  It is
    # also the tables the evaluation needs about its game's rules (worked out when
    # it first meets a game of those rules).  Everything it keeps is allocated then
    # or here; a decision allocates only what the rules core's search calls do.
    name = "hard"

    def __init__(self, seed=0, depth=HARD_DEPTH, budget=HARD_BUDGET, expand=HARD_EXPAND):
        _Player.__init__(self, seed)
        self.depth = depth
        self.budget = budget
        self.expand = expand
        self._vals = [[0] * MAX_CHOICES for _ in range(depth)]
        self._marks = [bytearray(MAX_CHOICES) for _ in range(depth)]
        self._bufs = None           # a state() per level, views into one bytearray
        self._left = 0
        self._sim = None            # the search game (no dice, no record)
        self.nodes = 0              # positions judged in the last decision (for the benchmarks)

    def _prepare(self, game):
        # The search game, set to the game's position (and the tables for its rules).
        sim = self._sim
        bufs = self._bufs
        if sim is None or sim.rules is not game.rules:
            self._sim = None        # the old one can go before the new one is made
            r = game.rules
            n = len(game.state())
            mem = memoryview(bytearray(n * self.depth))
            bufs = self._bufs = [mem[i * n:(i + 1) * n] for i in range(self.depth)]
            self._tables(r)
            sim = self._sim = Game(r, seed=False)
        sim.set_state(game.state(into=bufs[0]))
        return sim

    def _tables(self, rules):
        # What the evaluation needs about the rules.
        tl = rules.track_len
        home = rules.home
        val = [0] * 64              # worth of a token by its position byte & 63 (0 yard, OFF 63)
        pool = rules.pool           # club: a race home on a track with no safe squares (by default)
        for b in range(1, home + 2):
            p = b - 1
            if pool:                # the curve stops at the home column: there nothing is lost any more
                c = tl if p > tl else p
                v = W_OUT + p * W_STEP + W_POOL_CURVE * c * c // home
            else:
                v = W_OUT + p * W_STEP + W_CURVE * p * p // home
            if b > tl:
                v += W_LANE
            if b == home + 1:
                v += W_POOL_HOME if pool else W_HOME
            val[b] = v
        self.val = val
        # who may capture a token of seat o
        self.hunters = [tuple(s for s in rules.seats if s != o and rules.rival[s * 4 + o])
                        for o in range(4)]
        self.teams = []
        for s in range(4):
            p = rules.partner[s]
            self.teams.append((s, p) if p >= 0 else (s,))
        self.rules = rules
        self.protect = rules.blocks != BLOCK_NONE or rules.stack_protect
        self.blocks = rules.blocks != BLOCK_NONE
        self.entry_rolls = rules.entry_mask & 126
        self.pool = rules.pool
        self.sq = bytearray(16)     # scratch: each token's track square (_NONE off the track)

    def _pick(self, game, legal):
        sim = self._prepare(game)
        self._left = self.budget
        self.nodes = 0
        self._moves(sim, game.turn, 0, game.legal_codes())     # in the order of legal
        return legal[self._best(self._vals[0], len(legal))]

    def _static(self, sim, me):
        # A position's worth without looking further (one node of the budget).
        self._left -= 1
        self.nodes += 1
        v = evaluate(sim, me, self)
        if sim.turn == me and sim.phase != OVER:
            if sim.phase == MOVE:           # club: rolls still to spend
                pend = sim.pend
                for i in range(sim.npend):
                    v += pend[i] * W_STEP
            else:
                v += HARD_BONUS_ROLL
        return v

    def _moves(self, sim, me, depth, codes):
        # Judge each move from here (sim is at this position, saved in bufs[depth]);
        # then look further after the best few that leave us on turn.  Returns the best value.
        buf = self._bufs[depth]
        vals = self._vals[depth]
        marks = self._marks[depth]
        n = len(codes)
        for i in range(n):
            if i:
                sim.set_state(buf)
            sim.apply(codes[i])
            vals[i] = self._static(sim, me)
            marks[i] = sim.turn == me and sim.phase != OVER
        if depth + 1 < self.depth:
            for _ in range(self.expand):
                j = -1
                for i in range(n):
                    if marks[i] == 1 and (j < 0 or vals[i] > vals[j]):
                        j = i
                if j < 0 or self._left <= 0:
                    break
                marks[j] = 2
                sim.set_state(buf)
                sim.apply(codes[j])
                v = self._onward(sim, me, depth + 1)
                if v is not None:           # None: more than the budget left; keep the first look
                    vals[j] = v
        best = vals[0]
        for i in range(1, n):
            if vals[i] > best:
                best = vals[i]
        return best

    def _onward(self, sim, me, depth):
        # Worth of a position where we are still on turn, or None if the budget
        # left cannot pay for looking at it.
        buf = self._bufs[depth]
        if sim.phase == MOVE:               # club: more pending rolls to spend
            codes = sim.legal_codes()
            if len(codes) > self._left:
                return None
            sim.state(into=buf)
            return self._moves(sim, me, depth, codes)
        if self._left < LOOK_COST:
            return None
        sim.state(into=buf)
        total = 0
        for roll in range(1, 7):           # a bonus roll: the average over the die
            if roll > 1:
                sim.set_state(buf)
            sim.apply(roll)
            if sim.turn == me and sim.phase == MOVE and depth + 1 < self.depth:
                sim.state(into=self._bufs[depth + 1])
                total += self._moves(sim, me, depth + 1, sim.legal_codes())
            else:
                total += self._static(sim, me)
        return total // 6


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
        return WIN if (sim.win_mask >> seat) & 1 else -WIN
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
                mine += W_DOOR
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
                        mine += W_BLOCK
                        break
            d = _danger(sim, tab, t, hunters)
            if d:
                mine -= d * val[pos[t]] * DANGER_PCT // 3600
    if n:
        theirs = theirs * OPP_PCT // (100 * n)
    return mine - theirs
