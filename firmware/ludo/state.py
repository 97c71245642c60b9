# What a position is: the bottom layer of a Game (State < Moves < Turns < Game).
# The tokens' places, whose turn, the phase, the rolls in hand and the counters
# the rules keep; the per-square tables derived from the tokens (occ, held,
# anym: rebuilt by _recount, kept up by _set); and the position as bytes, one
# snapshot (state, set_state: the search API; the action stack in game.py keeps
# one every SNAP_EVERY actions).  Game.__init__ sets the attributes up.
from .actions import OVER, OFF, MAX_PENDING, place_of

# The action stack (game.py) keeps a snapshot every SNAP_EVERY actions: each is held
# for the game's life (a board's heap after a long game), and a take-back replays at
# most SNAP_EVERY - 1 actions from the one before it.
SNAP_EVERY = 128
_SNAP = 16 + 16 + MAX_PENDING + 16
# _restore's scratch snapshot, one for every game (it is read at once), and views of
# its parts made once (slicing the caller's buffer would build new objects)
_ST = bytearray(_SNAP)
_STV = memoryview(_ST)
_POS = _STV[0:16]
_TS = _STV[16:32]
_PEND = _STV[32:32 + MAX_PENDING]
_ZERO_OCC = bytes(52 * 4)
_ZERO_SQUARES = bytes(52)


class State:
    # A position of a game: what the rules read, and its bytes.

    # one snapshot: pos, turn_start, pend, then 16 single bytes (see _write)
    _SNAP = _SNAP

    # ---- the position as bytes ---------------------------------------------
    def _snapshot(self):
        buf = bytearray(self._SNAP)
        self._write(buf, 0)
        return bytes(buf)

    def _write(self, buf, off):
        """Write the snapshot into buf (long enough) at off; allocates nothing (search
        calls this through state(into=)): slice stores and single bytes.
        """
        buf[off:off + 16] = self.pos
        buf[off + 16:off + 32] = self.turn_start
        b = off + 32 + MAX_PENDING
        buf[off + 32:b] = self.pend
        rolls = self.rolls
        buf[b] = self.turn
        buf[b + 1] = self.phase
        buf[b + 2] = self.sixes
        buf[b + 3] = self.npend
        buf[b + 4] = self.doors
        buf[b + 5] = self.ts_doors
        buf[b + 6] = self.out
        buf[b + 7] = self.ro_mask
        buf[b + 8] = self.ro_best
        buf[b + 9] = self.ro_bestmask
        buf[b + 10] = self.win_mask
        buf[b + 11] = self.term
        buf[b + 12] = rolls & 255
        buf[b + 13] = (rolls >> 8) & 255
        buf[b + 14] = (rolls >> 16) & 255
        buf[b + 15] = self.last_roll

    def _restore(self, buf, off):
        """Allocates nothing when buf is one whole snapshot (set_state): it is copied
        into the scratch snapshot _ST, and from its views into the game.
        """
        st = _ST
        if off == 0 and len(buf) == _SNAP:
            st[:] = buf
        else:
            st[:] = buf[off:off + _SNAP]
        self.pos[:] = _POS
        self.turn_start[:] = _TS
        self.pend[:] = _PEND
        b = 32 + MAX_PENDING
        self.turn = st[b]
        self.phase = st[b + 1]
        self.sixes = st[b + 2]
        self.npend = st[b + 3]
        self.doors = st[b + 4]
        self.ts_doors = st[b + 5]
        self.out = st[b + 6]
        self.ro_mask = st[b + 7]
        self.ro_best = st[b + 8]
        self.ro_bestmask = st[b + 9]
        self.win_mask = st[b + 10]
        self.term = st[b + 11]
        self.rolls = st[b + 12] | (st[b + 13] << 8) | (st[b + 14] << 16)
        self.last_roll = st[b + 15]
        self._recount()
        self._legal = self._legal_list = None     # a new position: its legal moves, when asked
        self._nl = -1

    def state(self, into=None):
        """The whole position as bytes (into a preallocated bytearray, if given)."""
        if into is not None and len(into) == self._SNAP:
            self._write(into, 0)        # allocates nothing: search calls this often
            return into
        snap = self._snapshot()
        if into is None:
            return snap
        into[:] = snap
        return into

    def set_state(self, state):
        """Put the position back to a `state()`; the action stack is left alone, so use
        this only on a copy made for searching.
        """
        self._restore(state, 0)

    # ---- the per-square tables, derived from the tokens -------------------
    def _recount(self):
        occ = self.occ
        held = self.held
        anym = self.anym
        occ[:] = _ZERO_OCC          # in place, no loop: restores are on the search path
        held[:] = _ZERO_SQUARES
        anym[:] = _ZERO_SQUARES
        sqt = self._sqt
        pos = self.pos
        for t in range(16):
            o = t >> 2
            sq = sqt[o << 6 | pos[t] & 63]
            if sq != 255:
                i = sq * 4 + o
                occ[i] += 1
                anym[sq] |= 1 << o
                if occ[i] == 2:
                    held[sq] |= 1 << o

    def _set(self, t, b):
        o = t >> 2
        sqt = self._sqt
        pos = self.pos
        sq = sqt[o << 6 | pos[t] & 63]
        if sq != 255:
            i = sq * 4 + o
            n = self.occ[i] - 1
            self.occ[i] = n
            if n == 1:
                self.held[sq] &= ~(1 << o)
            elif not n:
                self.anym[sq] &= ~(1 << o)
        pos[t] = b
        sq = sqt[o << 6 | b & 63]
        if sq != 255:
            i = sq * 4 + o
            n = self.occ[i] + 1
            self.occ[i] = n
            if n == 2:
                self.held[sq] |= 1 << o
            elif n == 1:
                self.anym[sq] |= 1 << o

    def progress(self, t):
        """Token t's progress: -1 in the yard, 0.. on the way, home_progress at home, None off."""
        b = self.pos[t if t >= 0 else 16]      # (a negative t is no token either: IndexError)
        return None if b == OFF else b - 1

    def place(self, t):
        """Where token `t` is, as a notation place (`y`, a square, `h1`..`h5`, `c`)."""
        return place_of(self.rules, t, self.progress(t))

    def needs_roll(self):
        """True when the seat on turn must roll next."""
        return not self.phase & 1      # ROLL and ROLLOFF are even

    def is_over(self):
        """True once the game has ended."""
        return self.phase == OVER

    @property
    def pending_rolls(self):
        """The rolls thrown and not yet spent, as a tuple."""
        return tuple(self.pend[i] for i in range(self.npend))
