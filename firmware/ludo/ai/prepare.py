# Hard: what one decision needs (Search: the search game, the tables for its game's
# rules, the buffers), made one part a call of prepare (ludo.ai.hard), the largest
# (the search game, a whole Game) first, while the free room is least in pieces.
from ..game import Game
from .base import MAX_CHOICES
from .tables import tables


class Search:
    # One decision's search game, tables (tables.tables sets them) and buffers, for one
    # game's rules.
    def __init__(self, rules, depth, expand):
        self.rules = rules
        self.sim = Game(rules, seed=False)      # the search game (no dice, no record)
        self.depth = depth
        self.expand = expand
        self._left = 0
        self.nodes = 0
        self.val = self._bufs = self._vals = self._marks = None

    def buffers(self, n):
        """A state() of n bytes per level, and each level's values and marks."""
        depth = self.depth
        mem = memoryview(bytearray(n * depth))
        self._bufs = [mem[i * n:(i + 1) * n] for i in range(depth)]
        self._vals = [[0] * MAX_CHOICES for _ in range(depth)]
        self._marks = [bytearray(MAX_CHOICES) for _ in range(depth)]


def prepare(h, game):
    """Make one more part of what Hard player h needs to decide in game; True once all are made."""
    s = h._search
    if s is None or s.rules is not game.rules:
        h._search = None            # the old one can go before the new one is made
        h._search = Search(game.rules, h.depth, h.expand)
    elif s.val is None:
        tables(s, s.rules)
    elif s._bufs is None:
        s.buffers(len(game.state()))
    else:
        return True
    return False
