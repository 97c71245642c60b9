"""Computer players: Easy, Medium and Hard."""
# (Comments, not docstrings, for modules and classes here: MicroPython keeps
# those in the heap.)
#
#     from ludo import ai
#     player = ai.Hard(seed=3)
#     move = player.choose(game)          # one of game.legal_moves (None if none)
#     game.push(move)
#
# - Easy moves at random, but likes to bring a token home or out of the yard.
# - Medium plays by rules of thumb, as a sensible casual player does: a fixed
#   priority of simple rules about the move itself (capture; move a token in
#   danger out of it; reach safety; enter; move a token that stands on an open
#   square, the one furthest behind).  It judges no whole position and looks
#   no further than the move.
# - Hard judges whole positions (ludo.ai_eval: progress, tokens out, safety,
#   captures, the precise danger of every rival's next roll) and looks ahead
#   over the dice: after each of its moves it averages over the rolls of its
#   own bonus throws and plays on (expectimax) and spends `club`'s pending
#   rolls in the best order.  A node budget bounds its work, so a decision on
#   the board takes well under a second (bench/ai_micropython.py).
#
# Every player is deterministic for its seed (its own small generator:
# CircuitPython's `random` differs from CPython's) and never changes the game
# it is given (Hard searches on its own copy).
from .game import MOVE, OVER, OFF
from .rules import BLOCK_NONE

EASY_FINISH_PCT = 70        # how often Easy takes a move that brings a token home
EASY_ENTER_PCT = 60         # ... or else one that brings a token out of the yard

# Medium's rules of thumb (class Medium) were chosen by tournaments: moving the
# token furthest ahead instead of the one furthest behind, or shunning squares
# in danger, makes a player nearly as strong as Hard (docs/computer-players.md).

HARD_BONUS_ROLL = 100       # Hard: worth of a roll still to come this turn (what its look-ahead measures on average)
HARD_DEPTH = 3              # Hard: deepest chain of own moves and bonus rolls it looks at
HARD_BUDGET = 24            # Hard: positions it may judge per decision (bounds the time on the board)
LOOK_COST = 18              # Hard: budget it must have left to look past a bonus roll (six outcomes)
HARD_EXPAND = 2             # Hard: at each of its choices, how many of the best-looking moves it follows further

_NONE = 255
MAX_CHOICES = 24            # most moves one position can offer: 4 stacks x 6 different pending rolls
_MASK29 = (1 << 29) - 1


class Rng:
    # A tiny generator (LCG modulo 2**29) whose numbers never outgrow a small int.

    def __init__(self, seed=0):
        self.x = (seed ^ 0x1F2E3D4) & _MASK29

    def below(self, n):
        """A whole number 0 <= k < n."""
        x = self.x
        hi = x >> 14
        lo = x & 0x3FFF
        # x * 12345 + 1 (mod 2**29) in pieces that stay under 2**30
        x = ((((hi * 12345) & 0x7FFF) << 14) + lo * 12345 + 1) & _MASK29
        self.x = x
        return (x >> 13) % n


class _Player:
    name = "?"

    def __init__(self, seed=0):
        self.seed = seed
        self.rng = Rng(seed)

    def choose(self, game):
        """The move to play now: one of `game.legal_moves`, or None if there is none."""
        legal = game.legal_moves
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        return self._pick(game, legal)

    def _pick(self, game, legal):
        raise NotImplementedError

    def _best(self, values, n):
        """Index of the highest of values[:n]; ties are broken by the generator."""
        best = values[0]
        ties = 1
        for i in range(1, n):
            if values[i] > best:
                best = values[i]
                ties = 1
            elif values[i] == best:
                ties += 1
        k = self.rng.below(ties) if ties > 1 else 0
        for i in range(n):
            if values[i] == best:
                if k == 0:
                    return i
                k -= 1
        return 0


class Easy(_Player):
    # Plays at random, but usually takes a move home or out of the yard.
    name = "easy"

    def _pick(self, game, legal):
        home = game.home_progress
        m = self._some(legal, home, EASY_FINISH_PCT)
        if m is None:
            m = self._some(legal, -1, EASY_ENTER_PCT)
        return m if m is not None else legal[self.rng.below(len(legal))]

    def _some(self, legal, start_or_end, pct):
        """With pct% chance, one of the moves from the yard (-1) or reaching home, if any."""
        count = 0
        for m in legal:
            if m.end == start_or_end or m.start == start_or_end:
                count += 1
        if not count or self.rng.below(100) >= pct:
            return None
        k = self.rng.below(count)
        for m in legal:
            if m.end == start_or_end or m.start == start_or_end:
                if k == 0:
                    return m
                k -= 1
        return None


class Medium(_Player):
    # Plays by rules of thumb about the move itself, the first that applies:
    # 1. capture;
    # 2. escape: move a token in danger to where it is not in danger;
    # 3. reach safety: move a token on an open square to a safe square, onto a
    #    block (or free-mode stack) or into the home column;
    # 4. enter: bring a token out of the yard;
    # 5. move a token on an open square (one standing safe stays there);
    # then, among moves equal so far, the token furthest behind; ties at random.
    # Where the game is a race home (Rules.pool: club's rolls spent in any order,
    # only a 6 earns a roll), the rest is settled as a racer does: bringing a
    # token home exactly counts as a rule-5 move and goes first among equals;
    # then a move that leaves every other roll in hand playable; then one that
    # does not land in danger; then the token furthest ahead (furthest behind
    # left club's stones stalled in the home column and captured on a track
    # without safe squares: docs/computer-players.md).
    # A token is in danger when a token that may capture it stands 1 to 6 squares
    # behind it (and is not about to turn into its home column).  No evaluation of
    # the whole position, no look-ahead.
    name = "medium"

    def __init__(self, seed=0):
        _Player.__init__(self, seed)
        self._sq = bytearray(16)
        self._values = [0] * MAX_CHOICES

    def _pick(self, game, legal):
        r = game.rules
        pos = game.pos
        tl = r.track_len
        entry = r.entry
        sq = self._sq
        for t in range(16):
            b = pos[t]
            sq[t] = _NONE if b == 0 or b == OFF or b > tl else (entry[t >> 2] + b - 1) % 52
        values = self._values
        n = len(legal)
        for i in range(n):
            values[i] = self._key(game, r, legal[i])
        return legal[self._best(values, n)]

    def _threat(self, game, r, s0, o):
        """Does a token that may capture seat o's stand 1 to 6 squares behind square s0
        (and not turn into its home column first)?"""
        sq = self._sq
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

    def _safe(self, game, r, t, s0, b):
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

    def _key(self, game, r, m):
        """The move's rank: the rules it meets as bits (rule 1 highest), then the tie-break."""
        t = m.token
        if t < 0:
            return 0                    # pass
        o = t >> 2
        p = m.start
        q = m.end
        if p < 0:
            key = 2                     # enter
        else:
            s1 = self._sq[t]
            key = 0
            if not self._safe(game, r, t, s1, p + 1):
                key = 1                 # a token on an open square
                s2 = _NONE if q >= r.track_len else (r.entry[o] + q) % 52
                if self._safe(game, r, t, s2, q + 1):
                    key = 5             # reaches safety (and escapes, if in danger)
                    if self._threat(game, r, s1, o):
                        key = 13
                elif self._threat(game, r, s1, o) and not self._threat(game, r, s2, o):
                    key = 9             # escapes to an open square out of danger
        if m.captures:
            key += 16
        if not r.pool:
            return (key << 7) + 64 - p  # among equals, the token furthest behind
        # club (rolls first, spent in any order; only a 6 earns a roll): a race home.
        if q == r.home:
            key |= 1                    # bringing a token home counts as a move on an open square
            p += 64                     # and goes first among equals
        if game.npend > 1 and self._keeps(game, r, m):
            p += 128                    # a move after which every other roll in hand stays playable
        p += 256                        # not into danger: no rival 1 to 6 squares behind where it lands
        if m.start >= 0 and q < r.track_len and not m.captures:
            s2 = (r.entry[o] + q) % 52
            if not self._safe(game, r, t, s2, q + 1) and self._threat(game, r, s2, o):
                p -= 256
        return (key << 9) + p           # then the token furthest ahead

    def _keeps(self, game, r, m):
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


class Hard(_Player):
    # Looks ahead over its own bonus rolls and pending rolls (expectimax), with the
    # precise danger of every rival's next roll in the positions it reaches.
    name = "hard"

    def __init__(self, seed=0, weights=None, depth=HARD_DEPTH, budget=HARD_BUDGET, expand=HARD_EXPAND):
        _Player.__init__(self, seed)
        from . import ai_eval           # loaded with the first Hard player: Easy and Medium do without
        self._eval = ai_eval
        self.weights = weights or ai_eval.Weights()
        self.depth = depth
        self.budget = budget
        self.expand = expand
        self.bonus = HARD_BONUS_ROLL
        self._bufs = None
        self._vals = [[0] * MAX_CHOICES for _ in range(depth + 1)]
        self._marks = [bytearray(MAX_CHOICES) for _ in range(depth + 1)]
        self._codes = []
        self._left = 0
        self._sim = None
        self._tab = None
        self._root = None
        self.nodes = 0              # positions judged in the last decision (for the benchmarks)

    def _prepare(self, game, weights):
        """The search copy of the game, set to the game's position."""
        sim = self._sim
        if sim is None or sim.rules is not game.rules:
            sim = self._sim = game.copy()
            self._tab = self._eval.Tables(game.rules, weights)
            self._root = bytearray(game.state())
        else:
            sim.set_state(game.state(into=self._root))
        return sim

    def _pick(self, game, legal):
        sim = self._prepare(game, self.weights)
        if self._bufs is None or len(self._bufs[0]) != len(self._root):
            self._bufs = [bytearray(len(self._root)) for _ in range(self.depth + 1)]
        self._left = self.budget
        self.nodes = 0
        codes = self._codes
        del codes[:]
        for m in legal:
            codes.append(m.code)
        self._bufs[0][:] = self._root
        self._moves(sim, game.turn, 0, codes)
        return legal[self._best(self._vals[0], len(legal))]

    def _static(self, sim, me):
        """A position's worth without looking further (one node of the budget)."""
        self._left -= 1
        self.nodes += 1
        v = self._eval.evaluate(sim, me, self._tab)
        if sim.turn == me and sim.phase != OVER:
            if sim.phase == MOVE:           # club: rolls still to spend
                for r in sim.pending_rolls:
                    v += r * self.weights.step
            else:
                v += self.bonus
        return v

    def _moves(self, sim, me, depth, codes):
        """Judge each move from here (sim is at this position, saved in bufs[depth]);
        then look further after the best few that leave us on turn.  Returns the best value."""
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
        """Worth of a position where we are still on turn, or None if the budget
        left cannot pay for looking at it."""
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


_players = {}
_CLASSES = {"easy": Easy, "medium": Medium, "hard": Hard}


def choose(game, kind):
    """The move a computer of `kind` ("easy", "medium", "hard") plays now (None if none)."""
    p = _players.get(kind)
    if p is None:
        if kind not in _CLASSES:
            raise ValueError("unknown computer player %r (easy, medium or hard)" % (kind,))
        p = _players[kind] = _CLASSES[kind]()
    return p.choose(game)
