# Computer players: Easy, Medium and Hard.
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
from .game import OFF
from .rules import BLOCK_NONE
from .ai_base import Rng, _Player, track_squares, NOT_ON_TRACK as _NONE  # noqa: F401  (ai.Rng: the players' generator)

EASY_FINISH_PCT = 70        # how often Easy takes a move that brings a token home
EASY_ENTER_PCT = 60         # ... or else one that brings a token out of the yard

# Medium's rules of thumb (class Medium) were chosen by tournaments: moving the
# token furthest ahead instead of the one furthest behind, or shunning squares
# in danger, makes a player nearly as strong as Hard (docs/computer-players.md).

# Hard (its search and its evaluation) is in ludo.ai_eval, loaded on first use of ai.Hard.

MAX_CHOICES = 24            # most moves one position can offer: 4 stacks x 6 different pending rolls


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
        track_squares(r, game.pos, self._sq)
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


def __getattr__(name):
    # ai.Hard: loaded from ludo.ai_eval on first use (Easy and Medium do without it).
    if name == "Hard":
        from .ai_eval import Hard
        return Hard
    raise AttributeError(name)


_players = {}
_CLASSES = {"easy": Easy, "medium": Medium, "hard": None}


def choose(game, kind):
    """The move a computer of `kind` ("easy", "medium", "hard") plays now (None if none)."""
    p = _players.get(kind)
    if p is None:
        if kind not in _CLASSES:
            raise ValueError("unknown computer player %r (easy, medium or hard)" % (kind,))
        p = _players[kind] = (_CLASSES[kind] or __getattr__("Hard"))()
    return p.choose(game)
