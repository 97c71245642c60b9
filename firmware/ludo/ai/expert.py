# Expert: chooses by the win chance (ludo.winchance), the learned judge of a
# whole position that the analysis uses too, and looks ahead over the dice
# (ludo.ai.lookahead).  It takes the win chance's judge when it is made: the
# board's parts (ludo.winchance_judge), or on a PC ludo.winchance's.  A budget of
# positions judged bounds the work (bench/ai_micropython.py), and on the board a
# deadline too: with a clock (`clock`, milliseconds as supervisor.ticks_ms gives
# them) its look-ahead stops at `time_ms` and it plays by what it judged by then.
# `ai.Expert` is this class.
# It searches on a game of its own (no dice, no record), made when it first
# meets a game of those rules and set with set_state, so it never changes the
# game it is given.  Between decisions a player needs only its generator; the
# search game and its buffers are kept while `keep`.  The board sets keep off
# and makes them again for each decision, one part a loop pass (prepare), as
# for Hard.
from ..game import Game
from .base import _Player, MAX_CHOICES
from .lookahead import moves

EXPERT_BUDGET = 12      # positions judged by the win chance per decision (the board's time)
EXPERT_EXPAND = 1       # at each of its choices, how many of the best-looking moves it follows
EXPERT_DEPTH = 3        # deepest chain of own moves and bonus rolls it looks at
# A decision's look-ahead stops after this many ms by its clock: with the judgement
# that is under way and the choosing, a decision takes within half a second.
EXPERT_TIME_MS = 350


def _static():
    """How the win chance judges a position as it stands (its chances by seat): on a PC
    ludo.winchance's (the same numbers, summed faster, positions judged before
    remembered), on the board ludo.winchance_judge's.
    """
    import sys
    if sys.implementation.name == "cpython":
        from ..winchance import _static
        return _static
    from ..winchance_judge import static
    return static


class Expert(_Player):
    name = "expert"
    keep = True             # keep the search game and buffers for the next decision
    clock = None            # the board's ticks_ms: the look-ahead's deadline (None: none)
    time_ms = EXPERT_TIME_MS

    def __init__(self, seed=0, budget=EXPERT_BUDGET, expand=EXPERT_EXPAND, depth=EXPERT_DEPTH):
        _Player.__init__(self, seed)
        self.budget = budget
        self.expand = expand
        self.depth = depth
        self.sim = self._bufs = self._vals = self._marks = None     # the search game, buffers
        self._left = 0
        self.nodes = 0              # positions judged in the last decision (for the benchmarks)
        self.static = _static()

    def prepare(self, game):
        """Make one more part of what deciding in game needs; True once all are made."""
        if self.sim is None or self.sim.rules is not game.rules:
            self.sim = self._bufs = None    # the old ones can go before the new are made
            self.sim = Game(game.rules, seed=False)
        elif self._bufs is None:
            n = len(game.state())
            mem = memoryview(bytearray(n * self.depth))
            self._bufs = [mem[i * n:(i + 1) * n] for i in range(self.depth)]
            self._vals = [[0] * MAX_CHOICES for _ in range(self.depth)]
            self._marks = [bytearray(MAX_CHOICES) for _ in range(self.depth)]
        else:
            return True
        return False

    def _pick(self, game, legal):
        while not self.prepare(game):
            pass
        sim = self.sim
        sim.set_state(game.state(into=self._bufs[0]))
        self._left = self.budget
        self.nodes = 0
        if self.clock is not None:
            self.started = self.clock()
        moves(self, sim, game.turn, 0, game.legal_codes())     # in the order of legal
        vals = self._vals[0]
        if not self.keep:
            self.sim = self._bufs = self._vals = self._marks = None
        return legal[self._best(vals, len(legal))]
