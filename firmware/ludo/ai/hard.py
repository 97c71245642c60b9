# Hard: judges whole positions (ludo.ai.evaluate) and looks ahead over the dice
# (ludo.ai.search), with the precise danger of every rival's next roll
# (ludo.ai.danger) and the weights of ludo.ai.weights.  `ai.Hard` is this class.
# Between decisions a player needs only its generator; what a decision needs
# (the tables for its game's rules, the search game, a state buffer, values and
# marks per level) is made when it first meets a game and kept while `keep`.
# The board sets keep off and makes them again for each decision, one part a
# loop pass (prepare), so that no pass holds them together with their garbage.
from .base import _Player
from .prepare import prepare
from .search import moves
from . import weights as w


class Hard(_Player):
    name = "hard"
    keep = True             # keep what a decision needs for the next one (False: make it each time)

    def __init__(self, seed=0, depth=w.HARD_DEPTH, budget=w.HARD_BUDGET, expand=w.HARD_EXPAND):
        _Player.__init__(self, seed)
        self.depth = depth
        self.budget = budget
        self.expand = expand
        self._search = None
        self.nodes = 0              # positions judged in the last decision (for the benchmarks)

    def prepare(self, game):
        """Make one more part of what deciding in game needs; True once all are made."""
        return prepare(self, game)

    def _pick(self, game, legal):
        while not prepare(self, game):
            pass
        s = self._search
        if not self.keep:
            self._search = None     # goes with this decision
        sim = s.sim
        sim.set_state(game.state(into=s._bufs[0]))
        s._left = self.budget
        s.nodes = 0
        moves(s, sim, game.turn, 0, game.legal_codes())     # in the order of legal
        self.nodes = s.nodes
        return legal[self._best(s._vals[0], len(legal))]
