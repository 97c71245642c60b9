# Easy: moves at random, but likes to bring a token home or out of the yard.
from .base import _Player

EASY_FINISH_PCT = 70        # how often Easy takes a move that brings a token home
EASY_ENTER_PCT = 60         # ... or else one that brings a token out of the yard


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
