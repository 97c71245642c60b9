# The action stack of a Game (a base class of it): recording actions, snapshots,
# take-backs, the transcript, and the snapshot bytes the search API hands out.
# The rules themselves (_apply, _recount, ...) are Game's.
from .errors import IllegalMoveError
from .actions import CODE_UNDO, MAX_PENDING

SNAP_EVERY = 64


class History:
    # one snapshot: pos, turn_start, pend, then 16 single bytes (see _write)
    _SNAP = 16 + 16 + MAX_PENDING + 16

    def _snapshot(self):
        buf = bytearray(self._SNAP)
        self._write(buf, 0)
        return bytes(buf)

    def _write(self, buf, off):
        # Write the snapshot into buf (long enough) at off.
        buf[off:off + 16] = self.pos
        buf[off + 16:off + 32] = self.turn_start
        b = off + 32 + MAX_PENDING
        buf[off + 32:b] = self.pend
        rolls = self.rolls
        buf[b:b + 16] = bytes((
            self.turn, self.phase, self.sixes, self.npend, self.doors, self.ts_doors, self.out,
            self.ro_mask, self.ro_best, self.ro_bestmask, self.win_mask, self.term,
            rolls & 255, (rolls >> 8) & 255, (rolls >> 16) & 255, self.last_roll))

    def _restore(self, buf, off):
        self.pos[:] = buf[off:off + 16]
        self.turn_start[:] = buf[off + 16:off + 32]
        self.pend[:] = buf[off + 32:off + 32 + MAX_PENDING]
        b = off + 32 + MAX_PENDING
        (self.turn, self.phase, self.sixes, self.npend, self.doors, self.ts_doors, self.out,
         self.ro_mask, self.ro_best, self.ro_bestmask, self.win_mask, self.term) = tuple(buf[b:b + 12])
        self.rolls = buf[b + 12] | (buf[b + 13] << 8) | (buf[b + 14] << 16)
        self.last_roll = buf[b + 15]
        self._recount()
        self._legal = self._legal_codes = None

    def _push_code(self, code):
        self._record(code)
        self._apply(code)

    def _record(self, code):
        # Put an action on the stack (and the transcript).
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
        # Before action n (a multiple of SNAP_EVERY): keep a snapshot; note the start.
        if n:
            at = (n // SNAP_EVERY) * self._SNAP
            if len(self._snaps) <= at:
                self._snaps.extend(bytes(self._SNAP))
            self._write(self._snaps, at)
        if not self._started:
            self._started = True
            self.start_kinds = dict(self.kinds)

    def pop(self):
        # Take back the last action; returns its text.
        n = self._ncodes
        if not n:
            raise IllegalMoveError("pop: nothing to take back")
        n -= 1
        code = self._codes[n]
        self._ncodes = n
        j = (n - 1) // SNAP_EVERY if n else 0      # the snapshot before action j * SNAP_EVERY
        self._restore(self._snaps, j * self._SNAP)
        self.last_events = ()
        self._last = None
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
        # len(transcript), without building it.
        t = self._trans
        return self._ncodes if t is None else len(t)

    @property
    def transcript(self):
        # Every action in order as codes, take-backs (121) and seat hand-overs (122..) too.
        if self._trans is None:
            return self.codes
        return bytes(self._trans)

    @property
    def codes(self):
        return bytes(self._codes[:self._ncodes])

    def __len__(self):
        return self._ncodes

    def state(self, into=None):
        # The whole position as bytes (into a preallocated bytearray, if given).
        if into is not None and len(into) == self._SNAP:
            self._write(into, 0)        # no allocation: search calls this often
            return into
        snap = self._snapshot()
        if into is None:
            return snap
        into[:] = snap
        return into

    def set_state(self, state):
        # Put the position back to a `state()`; the action stack is left alone, so use
        # this only on a copy made for searching.
        self._restore(state, 0)
