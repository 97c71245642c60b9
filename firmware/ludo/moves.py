# What moves are legal: the second layer of a Game (State < Moves < Turns < Game).
# Where a token lands with a roll (every movement rule: blocks, doors, rebound,
# no-stop squares), whom it captures, and the legal moves of the position, as
# codes in two buffers (_gen: search reads them) and as Moves (legal_moves).
from .rules import BLOCK_ALL
from .actions import MOVE, CODE_MOVE, CODE_PASS, OFF, Move
from .state import State


def _tokens(mask):
    """The tokens of a mask (bit t: token t) as a tuple (a Move's captures)."""
    if not mask:
        return ()
    out = []
    for t in range(16):
        if (mask >> t) & 1:
            out.append(t)
    return tuple(out)


class Moves(State):
    # The legal moves of the position below.

    # ---- where a token lands, whom it captures -----------------------------
    def _dest(self, t, v):
        """Pos byte where token t lands with roll v, or 0 if it cannot move."""
        r = self.rules
        b = self.pos[t]
        o = t >> 2
        if b == 0:
            if not (r.entry_mask >> v) & 1 or self.held[r.entry[o]] & r.bmask[o]:
                return 0
            return 1
        p = b - 1
        if b == OFF or p >= r.home:
            return 0
        np = p + v
        tl = r.track_len
        if p < tl:
            if r.mandatory_kill and np >= tl and not (self.doors >> o) & 1:
                np -= 52            # the door is shut: the stone turns and goes round again
            elif r.impassable:
                entry = r.entry[o]
                occ = self.occ
                for q in range(p + 1, min(np, tl)):
                    base = ((entry + q) % 52) * 4
                    for s in range(4):
                        if s != o and occ[base + s] >= 2:
                            return 0
        if np > r.home:
            if not r.rebound:
                return 0
            np = 2 * r.home - np
        if np < tl:
            sq = (r.entry[o] + np) % 52
            if r.no_stop[sq] or self.held[sq] & r.bmask[o]:     # may not stop there, or blocked
                return 0
        elif np < r.home and r.blocks == BLOCK_ALL:
            n = 0
            for i in range(4):
                if self.pos[o * 4 + i] == np + 1:
                    n += 1
            if n >= 2:
                return 0
        return np + 1

    def _capmask(self, o, b):
        """Tokens captured by a token of seat o landing on pos byte b: bit t for token t
        (a small int: applying a capture in search allocates nothing).
        """
        r = self.rules
        sqt = self._sqt
        sq = sqt[o << 6 | b & 63]
        if sq == 255 or r.safe[sq]:
            return 0
        m = self.anym[sq] & r.rivm[o]
        if m and r.stack_protect:
            m &= ~self.held[sq]     # club free mode: two of a colour cannot be killed
        if not m:
            return 0
        pos = self.pos
        c = 0
        for t in range(16):
            if (m >> (t >> 2)) & 1 and sqt[(t >> 2) << 6 | pos[t] & 63] == sq:
                c |= 1 << t
        return c

    def _finished(self, s):
        n = 0
        home = self.rules.home + 1
        for i in range(4):
            if self.pos[s * 4 + i] == home:
                n += 1
        return n >= self.rules.tokens_to_win

    def _stones_seat(self):
        """Whose stones the seat on turn moves: its own, or its partner's once it has finished."""
        s = self.turn
        if self.rules.teams and self._finished(s):
            return self.rules.partner[s]
        return s

    # ---- legal moves ----------------------------------------------------
    def _gen(self):
        """Work out the legal moves (into _lc, _ld); returns how many there are."""
        n = self._nl
        if n >= 0:
            return n
        n = 0
        codes = self._lc
        dests = self._ld
        if self.phase == MOVE:
            o = self._stones_seat()
            pos = self.pos
            pend = self.pend
            npend = self.npend
            base = o * 4
            for i in range(4):
                t = base + i
                b = pos[t]
                # a stack (or the yard) moves as its lowest-numbered token
                if (i > 0 and pos[base] == b) or (i > 1 and pos[base + 1] == b) or (i > 2 and pos[base + 2] == b):
                    continue
                for k in range(npend):
                    v = pend[k]
                    if (k > 0 and pend[0] == v) or (k > 1 and pend[1] == v):
                        continue
                    d = self._dest(t, v)     # (a bound method kept in a name would allocate)
                    if d:
                        codes[n] = CODE_MOVE + t * 6 + v - 1
                        dests[n] = d
                        n += 1
            if not n and self.rules.explicit_pass:
                codes[0] = CODE_PASS
                dests[0] = 0
                n = 1
        self._nl = n
        return n

    def _find(self, code):
        """Index of code among the legal moves worked out, or -1."""
        codes = self._lc
        for i in range(self._nl):
            if codes[i] == code:
                return i
        return -1

    def _move_of(self, code):
        if code == CODE_PASS:
            return Move(self.rules, self.turn, -1, None, None, self.pend[0], (), code)
        t = (code - CODE_MOVE) // 6
        v = (code - CODE_MOVE) % 6 + 1
        i = self._find(code)
        if i >= 0:
            b = self._ld[i]
        else:
            b = self._dest(t, v)
        return Move(self.rules, self.turn, t, self.pos[t] - 1, b - 1, v,
                    _tokens(self._capmask(t >> 2, b)), code)

    @property
    def legal_moves(self):
        """The legal moves now, built once per position (iterating allocates nothing)."""
        legal = self._legal
        if legal is None:
            n = self._nl
            if n < 0:
                n = self._gen()
            codes = self._lc
            dests = self._ld
            r = self.rules
            seat = self.turn
            pos = self.pos
            sqt = self._sqt
            anym = self.anym
            moves = []
            for k in range(n):
                c = codes[k]
                if c == CODE_PASS:
                    moves.append(self._move_of(c))
                    continue
                t = (c - CODE_MOVE) // 6
                b = dests[k]
                o = t >> 2
                sq = sqt[o << 6 | b]
                if sq == 255 or not anym[sq] & r.rivm[o] or r.safe[sq]:
                    caps = ()
                else:
                    caps = _tokens(self._capmask(o, b))
                moves.append(Move(r, seat, t, pos[t] - 1, b - 1, c - CODE_MOVE - t * 6 + 1, caps, c))
            legal = self._legal = tuple(moves)
        return legal
