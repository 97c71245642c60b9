# The serial link to the PC on the usb_cdc data channel (docs/serial-protocol.md).
# JSON Lines both ways.  Reading never blocks: bytes go into a preallocated
# buffer and are assembled into lines of at most MAX_LINE bytes.  Writing never
# blocks the game: lines go into a ring buffer that drains as the PC reads; a
# line that does not fit is dropped whole (the PC sees the gap in `seq` and asks
# `resend`, which re-derives the events from the saved record).  The ring holds
# one longest line and a little more: lines are queued as they are produced and
# the PC drains them at USB speed.  Long replies
# (`record`, `resend`) are streamed from a generator as the ring drains; a
# generator yields None now and then while it replays, so the main loop (and
# the watchdog) get their turn.
from . import const, load, release
from .protocol import status_line

_MAX_LINE = const(1024)     # bytes, without the "\n"
_IN_CHUNK = const(64)
_OUT_SIZE = const(1152)      # the ring: one longest line and its "\n", and some room
_STREAM_RESERVE = const(300)    # a stream leaves this much room in the ring for live events
_NL = const(10)
_CR = const(13)


class HostLink:
    # `app` is the App the commands (commands.py) act on.

    def __init__(self, hw, app):
        self.hw = hw
        self.app = app
        self.chunk = bytearray(_IN_CHUNK)
        self.line = None            # bytearray(_MAX_LINE) while a line is coming in, else None
        self.length = 0
        self.too_long = False
        self.out = bytearray(_OUT_SIZE)
        self.view = memoryview(self.out)
        self.head = 0               # next byte to write into the ring
        self.used = 0
        self.dropped = 0            # lines dropped because the ring was full
        self.connected = False
        self.stream = None          # generator of reply lines
        self.pending = None         # a streamed line waiting for room
        self.rest = 0               # chunk[first:n] not yet taken, as first << 8 | n

    # -- the loop --------------------------------------------------------
    def poll(self):
        hw = self.hw
        connected = hw.host_connected
        if connected != self.connected:
            self.connected = connected
            self.line = None
            self.length = 0
            self.too_long = False
            self.used = 0
            self.stream = None
            self.pending = None
            self.rest = 0
        if not connected:
            return
        while not self.app.starting:    # (while a new game is set up, commands wait)
            n = self.rest               # the chunk's bytes after the `new` that started it
            self.rest = 0
            if not n:
                n = hw.read_data(self.chunk)
                if n <= 0:
                    break
            self._take(n >> 8, n & 255)
        if not self.length and not self.too_long:
            self.line = None        # no line half in: the 1 KB buffer is not kept between commands
        if self.stream is not None:
            self.pump()
        if self.used:
            self._flush()

    def _take(self, first, n):
        chunk = self.chunk
        line = self.line
        if line is None:
            line = self.line = bytearray(_MAX_LINE + 1)     # (+1: a "\r" before the "\n")
        for i in range(first, n):
            b = chunk[i]
            if b == _NL:
                if self.too_long:
                    self.too_long = False
                    self.send('{"error":"line longer than 1024 bytes","re":null}')
                else:
                    length = self.length
                    if length and line[length - 1] == _CR:
                        length -= 1
                    if length:
                        self._command(bytes(line[:length]))
                self.length = 0
                if self.app.starting:   # the rest waits until the new game has started
                    if i + 1 < n:
                        self.rest = (i + 1) << 8 | n
                    return
            elif self.too_long:
                continue
            elif self.length >= _MAX_LINE + (b == _CR):
                self.too_long = True
            else:
                line[self.length] = b
                self.length += 1

    # -- commands --------------------------------------------------------
    def _command(self, raw):
        # One command line: its code (commands.py) is loaded for it and released when it
        # has replied; but the logger's status, every few seconds, is answered from code
        # kept loaded.
        if raw == b'{"cmd":"status"}':
            self.send(status_line(self.app))
            return
        try:
            load("ludoboard.commands").run(self, self.app, raw)
        finally:
            release("ludoboard.commands")

    def pump(self):
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
        # Queue one line (without "\n"); dropped whole if the ring is full or nobody listens.
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
