# The serial link to the PC on the usb_cdc data channel (docs/serial-protocol.md).
# JSON Lines both ways.  Reading never blocks and never holds the loop: a pass
# reads at most _IN_READS chunks and runs at most one command (the chunk's rest
# waits for the next pass), assembling lines of at most MAX_LINE bytes in a
# buffer.  A PC that sends faster than that for _FLOOD_PASSES passes in a row is
# flooding: what it sends is then read and dropped, up to _DROP_READS buffers a
# pass, until it stops, and one error line says how much was dropped.  Writing
# never blocks the game: lines go into a ring buffer that drains as the PC reads; a
# line that does not fit is dropped whole (the PC sees the gap in `seq` and asks
# `resend`, which re-derives the events from the saved record).  The ring holds
# one longest line and a little more: lines are queued as they are produced and
# the PC drains them at USB speed.  Long replies
# (`record`, `resend`) are streamed from a generator as the ring drains; a
# generator yields None now and then while it replays, so the main loop (and
# the watchdog) get their turn.
from binascii import hexlify

from . import const, load, transient
from .protocol import status_line

_MAX_LINE = const(1024)     # bytes, without the "\n"
_IN_CHUNK = const(64)
_IN_READS = const(8)        # chunks read in a loop pass at most (512 bytes)
_FLOOD_PASSES = const(100)  # passes in a row that leave input waiting: a flood
_DROP_READS = const(8)      # line buffers (1 KB) read and dropped in a pass of a flood
_OUT_SIZE = const(1152)      # the ring: one longest line and its "\n", and some room
_STREAM_RESERVE = const(300)    # a stream leaves this much room in the ring for live events
_NL = const(10)
_CR = const(13)
_SKIP_LONG = const(1)       # skip: the line is too long (answered at its end)
_SKIP_CUT = const(2)        # skip: the line was cut by a drop (already said)


class HostLink:
    # `app` is the App the commands (commands.py) act on.

    def __init__(self, hw, app):
        self.hw = hw
        self.app = app
        self.chunk = bytearray(_IN_CHUNK)
        self.line = None            # bytearray(_MAX_LINE) while a line is coming in, else None
        self.length = 0
        self.skip = 0               # 0, or the line is skipped to its end: _SKIP_LONG, _SKIP_CUT
        self.backlog = 0            # loop passes in a row that left input waiting
        self.flood = False          # dropping what the PC sends until it stops
        self.dropped_in = 0         # bytes dropped in this flood
        self.out = bytearray(_OUT_SIZE)
        self.view = memoryview(self.out)
        self.head = 0               # next byte to write into the ring
        self.used = 0
        self.dropped = 0            # lines dropped because the ring was full
        self.connected = False
        self.stream = None          # generator of reply lines (the command, in the pass it came)
        self.waiting = None         # a command line whose code was compiled this pass: run in the next
        self.pending = None         # a streamed line waiting for room
        self.rest = 0               # chunk[first:n] not yet taken, as first << 8 | n

    # -- the loop --------------------------------------------------------
    def poll(self):
        """One loop pass of the link: notice the cable, read a bounded amount, answer at most
        one command.  True when it compiled a command's code (no job runs in this pass).
        """
        hw = self.hw
        connected = hw.host_connected
        if connected != self.connected:
            self.connected = connected
            if self.stream is not None and not isinstance(self.stream, dict):
                self.stream.close()     # (its code goes as the pass ends)
            if self.waiting is not None:
                transient("ludoboard.commands")
            self.line = None
            self.length = 0
            self.skip = 0
            self.backlog = 0
            self.flood = False
            self.used = 0
            self.stream = None
            self.pending = None
            self.rest = 0
            self.waiting = None
        if not connected:
            return False
        ran = False
        if self.flood:
            self._drop_input()
        elif self.waiting is not None:      # (reading waits for it: one command a pass)
            if not self.app.starting:
                raw, self.waiting = self.waiting, None
                load("ludoboard.commands", True).run(self, self.app, raw)
                ran = True
        else:
            self._read()
        if not self.length and not self.skip and not self.flood:
            self.line = None        # no line half in: the 1 KB buffer is not kept between commands
        if self.stream is not None and not ran:
            self.pump()
        if self.used:
            self._flush()
        return self.waiting is not None

    def _read(self):
        """This pass's share of the input: at most _IN_READS chunks and one command."""
        reads = _IN_READS
        while not self.app.starting:    # (while a new game is set up, commands wait)
            n = self.rest               # the chunk's bytes after the last command
            self.rest = 0
            if not n:
                if not reads:
                    break               # more may wait: the next pass reads on
                n = self.hw.read_data(self.chunk)
                if n <= 0:
                    self.backlog = 0    # all that waited is taken
                    return
                reads -= 1
            if self._take(n >> 8, n & 255):
                break                   # one command a pass: the rest waits for the next
        else:
            return                      # (a new game's set-up: the PC waits, no flood)
        self.backlog += 1
        if self.backlog >= _FLOOD_PASSES:
            self._flood_begins()

    def _flood_begins(self):
        """Input has come faster than the board takes it for _FLOOD_PASSES passes: what is
        half read, and what comes until the PC stops, is dropped (_drop_input).
        """
        r = self.rest
        dropped = self.length
        cut = self.length > 0 or self.skip
        if r:
            dropped += (r & 255) - (r >> 8)
            cut = self.chunk[(r & 255) - 1] != _NL
        self.dropped_in = dropped
        self.skip = _SKIP_CUT if cut else 0
        self.rest = 0
        self.length = 0
        self.flood = True

    def _drop_input(self):
        """A pass of a flood: read and drop up to _DROP_READS buffers; once nothing more
        comes, say in one line how much was dropped.  The rest of a line cut by the
        drop is skipped when it comes.
        """
        buf = self.line
        if buf is None:
            buf = self.line = bytearray(_MAX_LINE + 1)
        for _ in range(_DROP_READS):
            n = self.hw.read_data(buf)
            if n <= 0:
                self.flood = False
                self.backlog = 0
                if self.dropped_in:
                    self.send('{"error":"input came faster than the board reads it: %d bytes '
                              'dropped","re":null}' % self.dropped_in)
                return
            self.dropped_in += n
            self.skip = _SKIP_CUT if buf[n - 1] != _NL else 0

    def _take(self, first, n):
        """chunk[first:n] into the line, up to the first line answered: then True, and the
        bytes after it are kept in self.rest for the next pass.
        """
        chunk = self.chunk
        line = self.line
        if line is None:
            line = self.line = bytearray(_MAX_LINE + 1)     # (+1: a "\r" before the "\n")
        for i in range(first, n):
            b = chunk[i]
            if b == _NL:
                answered = True
                if self.skip:
                    if self.skip == _SKIP_LONG:
                        self.send('{"error":"line longer than 1024 bytes","re":null}')
                    else:
                        answered = False
                    self.skip = 0
                else:
                    length = self.length
                    if length and line[length - 1] == _CR:
                        length -= 1
                    if length:
                        self._command(bytes(line[:length]))
                    else:
                        answered = False
                self.length = 0
                if answered:            # one command a pass; after a `new`, the rest waits
                    if i + 1 < n:       # until the new game has started
                        self.rest = (i + 1) << 8 | n
                    return True
            elif self.skip:
                continue
            elif self.length >= _MAX_LINE + (b == _CR):
                self.skip = _SKIP_LONG
            else:
                line[self.length] = b
                self.length += 1
        return False

    # -- commands --------------------------------------------------------
    def _command(self, raw):
        """One command line: its code (commands.py) is compiled in this loop pass and the
        command runs in the next (each pass compiles one module at most), then the code
        goes; but the logger's status, every few seconds, and the web page's status with the
        lights, every half second while a page is open, are answered at once from code kept
        loaded (a compile each time would hold up the buttons).
        """
        lights = raw == b'{"cmd":"status","lights":true}'
        if lights or raw == b'{"cmd":"status"}':
            line = status_line(self.app, hexlify(self.app.frame).decode() if lights else None)
            if len(line) <= 1024:       # (else commands.py says why in its error line)
                self.send(line)
                return
        load("ludoboard.commands")
        self.waiting = raw

    def pump(self):
        """Send what the current long reply has ready, as far as the output ring takes it.
        A reply asked for (its command, commands.streamed) gets its code and generator here,
        in a pass after the command's (replies.stream).
        """
        if isinstance(self.stream, dict):
            self.stream = load("ludoboard.replies").stream(self.app, self.stream)
        while self.stream is not None:
            if self.pending is None:
                try:
                    self.pending = next(self.stream)
                except StopIteration:
                    self.stream = None
                    return
                if self.pending is None:    # the generator is replaying: give the loop a turn
                    return
            if self.used and _OUT_SIZE - self.used < len(self.pending) + 1 + _STREAM_RESERVE:
                return          # (an empty ring takes any line that fits)
            self.send(self.pending)
            self.pending = None

    # -- output ----------------------------------------------------------
    def send(self, text):
        """Queue one line (without its line end); dropped whole if the ring is full or nobody
        listens.  Returns whether it was queued."""
        if not self.connected:
            return False
        data = text.encode()
        n = len(data) + 1
        if n > _OUT_SIZE - self.used:
            self.dropped += 1
            return False
        out = self.out
        at = self.head
        first = _OUT_SIZE - at
        if first >= n - 1:
            out[at:at + n - 1] = data
        else:
            out[at:_OUT_SIZE] = data[:first]
            out[0:n - 1 - first] = data[first:]
        at = (at + n - 1) % _OUT_SIZE
        out[at] = _NL
        self.head = (at + 1) % _OUT_SIZE
        self.used += n
        self._flush()
        return True

    def _flush(self):
        while self.used:
            start = (self.head - self.used) % _OUT_SIZE
            end = start + self.used
            if end > _OUT_SIZE:
                end = _OUT_SIZE
            wrote = self.hw.write_data(self.view[start:end])
            if not wrote:
                return
            self.used -= wrote
