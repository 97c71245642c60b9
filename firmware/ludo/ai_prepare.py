# Hard: what one decision needs (ludo.ai_hard makes it: the tables for its game's
# rules, then the search game, then the buffers, one part a call of prepare).
# (Comments, not docstrings: MicroPython keeps those in the heap.)
from .ai_base import MAX_CHOICES
from .ai_tables import tables


class Search:
    # One decision's tables (ai_tables.tables sets them) and buffers, for one game's rules.
    def __init__(self, rules, depth, expand):
        tables(self, rules)
        self.depth = depth
        self.expand = expand
        self._left = 0
        self.nodes = 0
        self.sim = self._bufs = self._vals = self._marks = None

    def buffers(self, n):
        # A state() of n bytes per level, and each level's values and marks.
        depth = self.depth
        mem = memoryview(bytearray(n * depth))
        self._bufs = [mem[i * n:(i + 1) * n] for i in range(depth)]
        self._vals = [[0] * MAX_CHOICES for _ in range(depth)]
        self._marks = [bytearray(MAX_CHOICES) for _ in range(depth)]
