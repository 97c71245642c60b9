"""The serial link to the PC on the usb_cdc data channel (docs/serial-protocol.md).

JSON Lines both ways.  Reading never blocks: bytes go into a preallocated
buffer and are assembled into lines of at most MAX_LINE bytes.  Writing never
blocks the game: lines go into a ring buffer that drains as the PC reads; a
line that does not fit is dropped whole (the PC sees the gap in `seq` and asks
`resend`, which re-derives the events from the saved record).  Long replies
(`record`, `resend`) are streamed from a generator as the ring drains; a
generator yields None now and then while it replays, so the main loop (and
the watchdog) get their turn.
"""
import json

MAX_LINE = 1024             # bytes, without the "\n"
IN_CHUNK = 64
OUT_SIZE = 2048
STREAM_RESERVE = 300       # a stream leaves this much room in the ring for live events
NL = 10
CR = 13

COMMANDS = ("status", "record", "resend", "new", "press", "time")
BUTTON_NAMES = ("roll", "select", "confirm", "back")


class CommandError(ValueError):
    pass


def error_line(message, cmd):
    return '{"error":%s,"re":%s}' % (json.dumps(message), json.dumps(cmd) if cmd else "null")


class HostLink:
    """`app` provides the commands: app.cmd_<name>(args dict) -> reply line, or a
    generator of lines (streamed), or raises CommandError / ValueError."""

    def __init__(self, hw, app):
        self.hw = hw
        self.app = app
        self.chunk = bytearray(IN_CHUNK)
        self.line = bytearray(MAX_LINE)
        self.length = 0
        self.too_long = False
        self.out = bytearray(OUT_SIZE)
        self.view = memoryview(self.out)
        self.head = 0               # next byte to write into the ring
        self.used = 0
        self.dropped = 0            # lines dropped because the ring was full
        self.connected = False
        self.stream = None          # generator of reply lines
        self.pending = None         # a streamed line waiting for room

    # -- the loop --------------------------------------------------------
    def poll(self):
        hw = self.hw
        connected = hw.host_connected
        if connected != self.connected:
            self.connected = connected
            self.length = 0
            self.too_long = False
            self.used = 0
            self.stream = None
            self.pending = None
        if not connected:
            return
        n = hw.read_data(self.chunk)
        while n > 0:
            self._take(n)
            n = hw.read_data(self.chunk)
        if self.stream is not None:
            self._pump_stream()
        if self.used:
            self._flush()

    def _take(self, n):
        chunk = self.chunk
        line = self.line
        for i in range(n):
            b = chunk[i]
            if b == NL:
                if self.too_long:
                    self.too_long = False
                    self.send(error_line("line longer than %d bytes" % MAX_LINE, None))
                else:
                    length = self.length
                    if length and line[length - 1] == CR:
                        length -= 1
                    if length:
                        self._command(bytes(line[:length]))
                self.length = 0
            elif self.too_long:
                continue
            elif self.length >= MAX_LINE:
                self.too_long = True
            else:
                line[self.length] = b
                self.length += 1

    # -- commands --------------------------------------------------------
    def _command(self, raw):
        name = None
        try:
            try:
                text = raw.decode()
            except UnicodeError:
                raise CommandError("not UTF-8 text")
            try:
                obj = json.loads(text)
            except (ValueError, RuntimeError):       # RuntimeError: nested too deep
                raise CommandError("not JSON: %s" % _clip(text))
            if not isinstance(obj, dict):
                raise CommandError("expected a JSON object like {\"cmd\":\"status\"}")
            cmd = obj.get("cmd")
            if not isinstance(cmd, str):
                raise CommandError("missing \"cmd\" (one of %s)" % ", ".join(COMMANDS))
            if cmd not in COMMANDS:
                raise CommandError("unknown command %s (one of %s)" % (_clip(cmd), ", ".join(COMMANDS)))
            name = cmd
            _check_args(cmd, obj)
            reply = getattr(self.app, "cmd_" + cmd)(obj)
        except ValueError as exc:       # CommandError, and the rules' errors
            self.send(error_line(str(exc), name))
            return
        if isinstance(reply, str):
            self.send(reply)
        elif reply is not None:
            if self.stream is not None:
                self.send(error_line("busy sending a %s; ask again when it ends" % "reply", name))
                return
            self.stream = reply
            self._pump_stream()

    def _pump_stream(self):
        while self.stream is not None:
            if self.pending is None:
                try:
                    self.pending = next(self.stream)
                except StopIteration:
                    self.stream = None
                    return
                if self.pending is None:    # the generator is replaying: give the loop a turn
                    return
            if OUT_SIZE - self.used < len(self.pending) + 1 + STREAM_RESERVE:
                return
            self.send(self.pending)
            self.pending = None

    # -- output ----------------------------------------------------------
    def send(self, text):
        """Queue one line (without "\\n"); dropped whole if the ring is full or nobody listens."""
        if not self.connected:
            return False
        data = text.encode()
        n = len(data) + 1
        if n > OUT_SIZE - self.used:
            self.dropped += 1
            return False
        out = self.out
        at = self.head
        first = OUT_SIZE - at
        if first >= n - 1:
            out[at:at + n - 1] = data
        else:
            out[at:OUT_SIZE] = data[:first]
            out[0:n - 1 - first] = data[first:]
        at = (at + n - 1) % OUT_SIZE
        out[at] = NL
        self.head = (at + 1) % OUT_SIZE
        self.used += n
        self._flush()
        return True

    def _flush(self):
        while self.used:
            start = (self.head - self.used) % OUT_SIZE
            end = start + self.used
            if end > OUT_SIZE:
                end = OUT_SIZE
            wrote = self.hw.write_data(self.view[start:end])
            if not wrote:
                return
            self.used -= wrote


def _clip(text):
    text = str(text)
    return json.dumps(text if len(text) <= 40 else text[:40] + "...")


def _check_args(cmd, obj):
    """Types of every argument, so that nothing changes on a malformed command."""
    if cmd == "resend":
        n = obj.get("from")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise CommandError("resend needs \"from\": a sequence number (0 or more)")
        if not isinstance(obj.get("game"), str):
            raise CommandError("resend needs \"game\": the game id")
    elif cmd == "press":
        if obj.get("button") not in BUTTON_NAMES:
            raise CommandError("press needs \"button\": one of %s" % ", ".join(BUTTON_NAMES))
        if obj.get("long", False) not in (True, False) or not isinstance(obj.get("long", False), bool):
            raise CommandError("press: \"long\" is true or false")
    elif cmd == "time":
        if not isinstance(obj.get("now"), str):
            raise CommandError("time needs \"now\": like \"2026-11-29T14:00:00Z\"")
    elif cmd == "new":
        if not isinstance(obj.get("preset", "classic"), str):
            raise CommandError("new: \"preset\" is a preset name")
        players = obj.get("players")
        if players is not None and not (isinstance(players, str) or
                                        (isinstance(players, int) and not isinstance(players, bool))):
            raise CommandError("new: \"players\" is a count (2 to 4) or seat letters like \"RY\"")
        for key in ("options", "kinds"):
            if not isinstance(obj.get(key, {}), dict):
                raise CommandError("new: \"%s\" is an object" % key)
        kinds = obj.get("kinds", {})
        for seat in kinds:
            if seat not in ("R", "G", "Y", "B") or kinds[seat] not in ("human", "easy", "medium", "hard"):
                raise CommandError("new: \"kinds\" maps seat letters to human, easy, medium or hard")
        if obj.get("dice", "device") not in ("device", "hand"):
            raise CommandError("new: \"dice\" is \"device\" or \"hand\"")
        seed = obj.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise CommandError("new: \"seed\" is a whole number, 0 or more")
