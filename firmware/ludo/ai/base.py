# What every computer player shares (ludo.ai.easy's Easy, ludo.ai.medium's
# Medium, ludo.ai.hard's Hard): its own small generator and the choice among the
# legal moves.  A module of its own, so a board loads only the player it needs.
from ..game import OFF

_MASK29 = (1 << 29) - 1
NOT_ON_TRACK = 255      # track_squares: the token is in its yard, home column, home or off
MAX_CHOICES = 24        # most moves one position can offer: 4 stacks x 6 different pending rolls


def track_squares(rules, pos, sq):
    """Each token's square on the shared track into the bytearray sq (16 entries)."""
    tl = rules.track_len
    entry = rules.entry
    for t in range(16):
        b = pos[t]
        sq[t] = NOT_ON_TRACK if b == 0 or b == OFF or b > tl else (entry[t >> 2] + b - 1) % 52


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
