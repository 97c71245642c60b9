# Expert: chooses by the win chance (ludo.winchance), the learned judge of a
# whole position that the analysis uses too.  Each legal move is judged by the
# chances after it, for the seat (its team) that moves.  `ai.Expert` is this class.
from .base import _Player
from .. import winchance


class Expert(_Player):
    name = "expert"

    def __init__(self, seed=0):
        _Player.__init__(self, seed)

    def _pick(self, game, legal):
        team = winchance.team_of(game.rules, game.turn)
        after = winchance.move_chances(game)        # in the order of legal
        n = len(legal)
        values = [0] * n
        for i in range(n):
            values[i] = after[i][team[0]]
        return legal[self._best(values, n)]
