# Medium: plays by rules of thumb about the move itself, the first that applies:
# 1. capture;
# 2. escape: move a token in danger to where it is not in danger;
# 3. reach safety: move a token on an open square to a safe square, onto a
# block (or free-mode stack) or into the home column;
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
# behind it (and is not about to turn into its home column: ludo.ai.thumb).  No
# evaluation of the whole position, no look-ahead.
# These rules were chosen by tournaments: moving the token furthest ahead instead
# of the one furthest behind, or shunning squares in danger, makes a player
# nearly as strong as Hard (docs/computer-players.md).
from .base import _Player, track_squares, MAX_CHOICES, NOT_ON_TRACK as _NONE
from .thumb import threat, safe, keeps


class Medium(_Player):
    name = "medium"

    def __init__(self, seed=0):
        _Player.__init__(self, seed)
        self._sq = bytearray(16)
        self._values = [0] * MAX_CHOICES

    def _pick(self, game, legal):
        r = game.rules
        track_squares(r, game.pos, self._sq)
        values = self._values
        n = len(legal)
        for i in range(n):
            values[i] = self._key(game, r, legal[i])
        return legal[self._best(values, n)]

    def _key(self, game, r, m):
        """The move's rank: the rules it meets as bits (rule 1 highest), then the tie-break."""
        t = m.token
        if t < 0:
            return 0                    # pass
        sq = self._sq
        o = t >> 2
        p = m.start
        q = m.end
        if p < 0:
            key = 2                     # enter
        else:
            s1 = sq[t]
            key = 0
            if not safe(game, r, t, s1, p + 1):
                key = 1                 # a token on an open square
                s2 = _NONE if q >= r.track_len else (r.entry[o] + q) % 52
                if safe(game, r, t, s2, q + 1):
                    key = 5             # reaches safety (and escapes, if in danger)
                    if threat(game, r, sq, s1, o):
                        key = 13
                elif threat(game, r, sq, s1, o) and not threat(game, r, sq, s2, o):
                    key = 9             # escapes to an open square out of danger
        if m.captures:
            key += 16
        if not r.pool:
            return (key << 7) + 64 - p  # among equals, the token furthest behind
        # club (rolls first, spent in any order; only a 6 earns a roll): a race home.
        if q == r.home:
            key |= 1                    # bringing a token home counts as a move on an open square
            p += 64                     # and goes first among equals
        if game.npend > 1 and keeps(game, r, m):
            p += 128                    # a move after which every other roll in hand stays playable
        p += 256                        # not into danger: no rival 1 to 6 squares behind where it lands
        if m.start >= 0 and q < r.track_len and not m.captures:
            s2 = (r.entry[o] + q) % 52
            if not safe(game, r, t, s2, q + 1) and threat(game, r, sq, s2, o):
                p -= 256
        return (key << 9) + p           # then the token furthest ahead
