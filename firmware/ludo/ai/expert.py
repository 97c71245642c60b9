# Expert: chooses by the win chance (ludo.winchance), the learned judge of a
# whole position that the analysis uses too, and looks ahead over the dice.
# Each legal move is judged by the chance after it of the seat (its team) that
# moves; then the best-looking moves that leave it on turn are followed further
# (expectimax, as Hard's search does): after a bonus roll the average over the
# six faces of the die of the best reply's chance, with `club`'s pending rolls
# the rest of the pool spent in the best order.  A budget of positions judged
# bounds the work on the board (bench/ai_micropython.py).  `ai.Expert` is this
# class.
# It searches on a game of its own (no dice, no record), made when it first
# meets a game of those rules and set with set_state, so it never changes the
# game it is given.
from ..game import Game, MOVE, OVER
from .base import _Player, MAX_CHOICES
from .. import winchance

EXPERT_BUDGET = 16      # positions judged by the win chance per decision (the board's time)
EXPERT_EXPAND = 1       # at each of its choices, how many of the best-looking moves it follows
EXPERT_DEPTH = 3        # deepest chain of own moves and bonus rolls it looks at


class Expert(_Player):
    name = "expert"
    keep = True             # keep the search game and buffers for the next decision

    def __init__(self, seed=0, budget=EXPERT_BUDGET, expand=EXPERT_EXPAND, depth=EXPERT_DEPTH):
        _Player.__init__(self, seed)
        self.budget = budget
        self.expand = expand
        self.depth = depth
        self._sim = None            # the search game, for self._sim.rules
        self._bufs = self._vals = self._marks = None
        self._left = 0
        self.nodes = 0              # positions judged in the last decision (for the benchmarks)

    def _prepare(self, game):
        sim = self._sim
        if sim is None or sim.rules is not game.rules:
            self._sim = None
            self._sim = Game(game.rules, seed=False)
            n = len(game.state())
            mem = memoryview(bytearray(n * self.depth))
            self._bufs = [mem[i * n:(i + 1) * n] for i in range(self.depth)]
            self._vals = [[0] * MAX_CHOICES for _ in range(self.depth)]
            self._marks = [bytearray(MAX_CHOICES) for _ in range(self.depth)]
        return self._sim

    def _pick(self, game, legal):
        sim = self._prepare(game)
        sim.set_state(game.state(into=self._bufs[0]))
        self._left = self.budget
        self.nodes = 0
        self._moves(sim, game.turn, 0, game.legal_codes())     # in the order of legal
        vals = self._vals[0]
        if not self.keep:
            self._sim = self._bufs = self._vals = self._marks = None
        return legal[self._best(vals, len(legal))]

    def _judge(self, sim, me):
        """The chance of me (its team) in sim as it stands: one position of the budget."""
        self._left -= 1
        self.nodes += 1
        return winchance._static(sim)[me]

    def _moves(self, sim, me, depth, codes):
        """Judge each move from here (sim is at this position, saved in bufs[depth]),
        then look further after the best few that leave me on turn; the best value.
        """
        buf = self._bufs[depth]
        vals = self._vals[depth]
        marks = self._marks[depth]
        n = len(codes)
        for i in range(n):
            if i:
                sim.set_state(buf)
            sim.apply(codes[i])
            vals[i] = self._judge(sim, me)
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
                v = self._onward(sim, me, depth + 1, vals[j])
                if v is not None:       # None: the budget left could not pay for it
                    vals[j] = v
        best = vals[0]
        for i in range(1, n):
            if vals[i] > best:
                best = vals[i]
        return best

    def _onward(self, sim, me, depth, now):
        """The chance of a position where I am still on turn (now: as it stands), looking
        past its bonus roll or its pending rolls; None if the budget left cannot pay.
        """
        buf = self._bufs[depth]
        if sim.phase == MOVE:               # club: more pending rolls to spend
            codes = sim.legal_codes()
            if len(codes) > self._left:
                return None
            sim.state(into=buf)
            return self._moves(sim, me, depth, codes)
        if self._left < 6:
            return None
        sim.state(into=buf)
        total = 0
        for roll in range(1, 7):            # a bonus roll: the average over the die
            if roll > 1:
                sim.set_state(buf)
            sim.apply(roll)
            if sim.turn != me or sim.phase != MOVE:
                total += self._judge(sim, me)       # the roll passed the turn on
                continue
            codes = sim.legal_codes()
            if len(codes) == 1:
                sim.apply(codes[0])
                total += self._judge(sim, me)
            elif depth + 1 < self.depth and len(codes) <= self._left:
                sim.state(into=self._bufs[depth + 1])
                total += self._moves(sim, me, depth + 1, codes)
            else:
                total += now                # no budget for this roll's replies
        return total // 6
