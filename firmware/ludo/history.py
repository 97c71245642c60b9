# The action stack of a Game (a base class of it): recording actions, snapshots,
# take-backs, the transcript, and the snapshot bytes the search API hands out.
# The rules themselves (_apply, _recount, ...) are Game's.
from .errors import IllegalMoveError
from .actions import CODE_UNDO, MAX_PENDING

SNAP_EVERY = 64
_SNAP = 16 + 16 + MAX_PENDING + 16
# _restore's scratch snapshot, one for every game (it is read at once), and views of
# its parts made once (slicing the caller's buffer would build new objects)
_ST = bytearray(_SNAP)
_STV = memoryview(_ST)
_POS = _STV[0:16]
_TS = _STV[16:32]
_PEND = _STV[32:32 + MAX_PENDING]


class History:
    # one snapshot: pos, turn_start, pend, then 16 single bytes (see _write)
    _SNAP = _SNAP

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
        self._legal = self._legal_list = None
        self._nl = -1

    def _push_code(self, code):
        self._record(code)
        self._apply(code)

    def _record(self, code):
        """Put an action on the stack (and the transcript)."""
        n = self._ncodes
        if not n % SNAP_EVERY:
            self._mark(n)
        if n < len(self._codes):
            self._codes[n] = code
        else:
            self._codes.append(code)
        self._ncodes = n + 1
        if self._trans is not None:
            self._trans.append(code)

    def _mark(self, n):
        """Before action n (a multiple of SNAP_EVERY): keep a snapshot; note the start."""
        if n:
            at = (n // SNAP_EVERY) * self._SNAP
            if len(self._snaps) <= at:
                self._snaps.extend(bytes(self._SNAP))
            self._write(self._snaps, at)
        if not self._started:
            self._started = True
            self.start_kinds = dict(self.kinds)

    def pop(self):
        """Take back the last action; returns its text."""
        n = self._ncodes
        if not n:
            raise IllegalMoveError("pop: nothing to take back (%s)" % self.position())
        n -= 1
        code = self._codes[n]
        self._ncodes = n
        j = (n - 1) // SNAP_EVERY if n else 0      # the snapshot before action j * SNAP_EVERY
        self._restore(self._snaps, j * self._SNAP)
        self._nev = 0               # no last events, no last move
        self._last = -1
        for k in range(j * SNAP_EVERY, n):
            self._apply(self._codes[k])
        text = self.action_text(code)
        self._transcript_buffer(n + 1).append(CODE_UNDO)
        return text

    def _transcript_buffer(self, n=None):
        if self._trans is None:
            self._trans = bytearray(self._codes[:self._ncodes if n is None else n])
        return self._trans

    @property
    def transcript_length(self):
        """len(transcript), without building it."""
        t = self._trans
        return self._ncodes if t is None else len(t)

    @property
    def transcript(self):
        """Every action in order as codes, take-backs (121) and seat hand-overs (122..) too."""
        if self._trans is None:
            return self.codes
        return bytes(self._trans)

    @property
    def codes(self):
        """The transcript's action codes so far, as bytes."""
        return bytes(self._codes[:self._ncodes])

    def __len__(self):
        return self._ncodes

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
