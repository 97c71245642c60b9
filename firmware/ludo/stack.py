# The action stack of a Game (State < Moves < Turns < Stack < Game): recording
# actions (a byte each), a snapshot every SNAP_EVERY actions, take-backs (pop:
# the nearest snapshot restored, the actions after it applied again), the
# transcript (take-backs and seat hand-overs too), and an action's record text.
from .errors import IllegalMoveError
from .rules import SEAT_LETTERS
from .actions import CODE_PASS, CODE_RESIGN, CODE_TIMEOUT, CODE_UNDO, CODE_KIND, KINDS
from .turns import Turns

SNAP_EVERY = 64


class Stack(Turns):
    # The actions played, on top of what an action does.

    def __init__(self, rules):
        """An empty stack, at the starting position of a game under `rules`."""
        Turns.__init__(self, rules)
        self._codes = bytearray()       # the stack of actions: the first _ncodes bytes
        self._ncodes = 0                # (MicroPython's bytearray cannot shrink in place)
        # Every action in order, take-backs and seat hand-overs too.  Until the first of
        # those it equals the stack, so it is only kept separately from then on.
        self._trans = None
        self._started = False
        self._snaps = bytearray(self._snapshot())

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

    def action_text(self, code):
        """Record text of an action code, in the position before it is applied."""
        if code < 16:
            return "roll %d%s" % (code & 7, " hand" if code & 8 else "")
        if code <= CODE_PASS:
            return str(self._move_of(code))
        if code < CODE_TIMEOUT:
            return "resign " + SEAT_LETTERS[code - CODE_RESIGN]
        if code < CODE_UNDO:
            return "timeout " + SEAT_LETTERS[code - CODE_TIMEOUT]
        if code == CODE_UNDO:
            return "undo"
        k = code - CODE_KIND
        return "kind %s %s" % (SEAT_LETTERS[k >> 2], KINDS[k & 3])
