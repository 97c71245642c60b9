"""The virtual board's "hardware": clock, keys, LEDs, NVM flash, data port.

The stand-in modules (board, neopixel, keypad, usb_cdc, microcontroller,
supervisor, watchdog) are thin faces over the one `sim` object here, so that a
reset can re-import them fresh while the flash and the clock carry on.

Plain Python that runs under CPython and MicroPython: a runner (the terminal
board, the thread lock-step, or `run_firmware` below) sets the hooks.
"""
import sys

try:
    import builtins
except ImportError:  # very small ports
    builtins = None

TICKS_PERIOD = 1 << 29
TICKS_MASK = TICKS_PERIOD - 1
BOOT_TICKS = TICKS_PERIOD - 65536     # like CircuitPython: the first wrap comes ~65 s after boot
STEP_MS = 10                          # virtual time per empty key poll
BUSY_CALLS = 100                      # ticks_ms() calls without a poll that count as 1 ms
NVM_SIZE = 4096
BUTTONS = ("roll", "select", "confirm", "back")
PRESS_MS = 80
LONG_MS = 1500
GAP_MS = 120


class Reset(BaseException):
    """The board resets (reset button, microcontroller.reset(), watchdog, power cut)."""


class Stop(BaseException):
    """The run is over (script ended, the user quit)."""


class ScriptError(ValueError):
    pass


class Nvm:
    """microcontroller.nvm: a byte array with RP2040 flash semantics, optionally mirrored to a file."""

    def __init__(self, size=NVM_SIZE):
        self.data = bytearray(b"\xff" * size)
        self.erases = 0
        self.programs = 0
        self.on_write = None        # function(data) after each change (file mirror)
        self.cut_after = -1         # >= 0: the next write is cut after that many bytes

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value):
        size = len(self.data)
        if isinstance(index, slice):
            start, stop, step = index.start, index.stop, index.step
            if step not in (None, 1):
                raise NotImplementedError("only contiguous slices")
            start = 0 if start is None else (start + size if start < 0 else start)
            stop = size if stop is None else (stop + size if stop < 0 else stop)
            stop = min(stop, size)
            if not isinstance(value, (bytes, bytearray, memoryview)):
                value = bytes(value)
            # (a buffer is written as it is, without a copy: CircuitPython's nvm does the same,
            # so that bench/board_heap.py sees the board's heap, not the stand-in's)
            if len(value) != stop - start:
                raise ValueError("Slice and value different lengths.")
        else:
            start = index + size if index < 0 else index
            if not 0 <= start < size:
                raise IndexError("index out of range")
            if not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            value = bytes((value,))
        self._write(start, value)

    def _write(self, start, value):
        stop = start + len(value)
        erase = False
        for i in range(start, stop):
            if self.data[i] != 0xFF:
                erase = True
                break
        cut = self.cut_after
        self.cut_after = -1
        if erase:
            self.erases += 1
            self.data[start:stop] = value       # the sector as rewritten, in place
            if cut >= 0:
                # erased the whole sector, then programmed from its start until power went
                self.data[cut:] = b"\xff" * (len(self.data) - cut)
        else:
            self.programs += 1
            if cut >= 0:
                value = value[:cut]
            self.data[start:start + len(value)] = value
        if self.on_write:
            self.on_write(self.data)
        if cut >= 0:
            raise Reset("power cut during an NVM write")

    def load(self, data):
        n = min(len(data), len(self.data))
        self.data[:n] = data[:n]


class MemoryPort:
    """The data channel's far end kept in memory: the runner plays the PC."""

    def __init__(self):
        self.to_board = bytearray()
        self.from_board = bytearray()
        self.host_open = True

    def available(self):
        return len(self.to_board)

    def read_into(self, buf, nbytes):
        n = min(nbytes, len(self.to_board))
        buf[:n] = self.to_board[:n]
        self.to_board[:n] = b""
        return n

    def write(self, data):
        self.from_board.extend(data)
        return len(data)

    def connected(self):
        return self.host_open

    def send(self, data):
        """PC -> board."""
        self.to_board.extend(data)


class Sim:
    """All the state of the virtual board that outlives a reset."""

    def __init__(self):
        self.now_ms = 0            # virtual ms since the session started
        self.boot_ms = 0           # now_ms at the last boot
        self.real_clock = None     # function -> ms, or None for simulated time
        self.on_idle = None        # called at every empty key poll (the runner's turn)
        self.on_frame = None       # function(pin, rgb_bytes) at every NeoPixel show()
        self.nvm = Nvm()
        self.data = MemoryPort()
        self.data_enabled = False  # usb_cdc.enable(data=True) in boot.py
        self.in_boot_py = False
        self.boots = 0
        self.keys = []             # keypad.Keys objects alive in this boot
        self.timed = []            # [(due_ms, key, pressed)] sorted: pending key events
        self.watchdog_ms = 0       # 0 = disarmed
        self.watchdog_fed = 0
        self.busy = 0

    def boot(self):
        """Power-up or hard reset: what RAM held is gone."""
        self.boot_ms = self.now_ms
        self.keys = []
        self.timed = []
        self.watchdog_ms = 0
        self.boots += 1

    def ticks(self):
        if self.real_clock is not None:
            self.now_ms = self.real_clock()
        else:
            self.busy += 1
            if self.busy >= BUSY_CALLS:
                self.busy = 0
                self.now_ms += 1
                self._due()
        return (self.now_ms - self.boot_ms + BOOT_TICKS) & TICKS_MASK

    def idle(self):
        """An empty key poll: time passes and the runner gets its turn."""
        self.busy = 0
        if self.real_clock is None:
            self.now_ms += STEP_MS
        else:
            self.now_ms = self.real_clock()
        self._due()
        if self.on_idle is not None:
            self.on_idle()

    def _due(self):
        if self.watchdog_ms and self.now_ms - self.watchdog_fed > self.watchdog_ms:
            raise Reset("watchdog")
        while self.timed and self.timed[0][0] <= self.now_ms:
            _, key, pressed = self.timed.pop(0)
            self.key_event(key, pressed)

    def key_event(self, key, pressed):
        stamp = (self.now_ms - self.boot_ms + BOOT_TICKS) & TICKS_MASK
        for keys in self.keys:
            if key < keys.key_count:
                keys.events._push(key, pressed, stamp)

    def key_later(self, delay_ms, key, pressed):
        item = (self.now_ms + delay_ms, key, pressed)
        i = len(self.timed)
        while i and self.timed[i - 1][0] > item[0]:
            i -= 1
        self.timed.insert(i, item)

    def press(self, key, hold_ms):
        """Key down now, up after hold_ms."""
        self.key_event(key, True)
        self.key_later(hold_ms, key, False)

    def frame(self, pin, rgb):
        if self.on_frame is not None:
            self.on_frame(pin, rgb)


sim = Sim()


def button_index(name):
    for i in range(len(BUTTONS)):
        if BUTTONS[i] == name:
            return i
    raise ScriptError("unknown button %r (roll, select, confirm, back)" % name)


class Driver:
    """Plays script lines at the board on the simulated clock.

    next_line() gives the next line, or None when there is none (then the run stops).
    """

    def __init__(self, next_line, board=None):
        self.next_line = next_line
        self.board = board if board is not None else sim
        self.busy_until = 0
        self.line_no = 0

    def on_idle(self):
        board = self.board
        while board.now_ms >= self.busy_until:
            line = self.next_line()
            if line is None:
                raise Stop("script ended")
            self.line_no += 1
            self.command(line)

    def command(self, line):
        """Carry out one script line (see README.md)."""
        board = self.board
        text = line.strip()
        if not text or text[0] == "#":
            return
        parts = text.split(None, 1)
        word = parts[0]
        rest = parts[1].strip() if len(parts) > 1 else ""
        if word in BUTTONS:
            hold = PRESS_MS
            if rest == "long":
                hold = LONG_MS
            elif rest:
                raise ScriptError("line %d: %r: only 'long' may follow a button" % (self.line_no, text))
            board.press(button_index(word), hold)
            self.busy_until = board.now_ms + hold + GAP_MS
        elif word in ("press", "release"):
            board.key_event(button_index(rest), word == "press")
        elif word == "wait":
            try:
                ms = int(rest)
            except ValueError:
                raise ScriptError("line %d: %r: wait takes milliseconds" % (self.line_no, text))
            self.busy_until = board.now_ms + ms
        elif word == "data":
            board.data.send(rest.encode() + b"\n")
        elif word == "reset":
            raise Reset("reset")
        elif word == "power-cut":
            try:
                board.nvm.cut_after = int(rest)
            except ValueError:
                raise ScriptError("line %d: %r: power-cut takes a byte count" % (self.line_no, text))
        else:
            raise ScriptError("line %d: unknown command %r" % (self.line_no, text))


class FrameLog:
    """Keeps the frames shown: each one that differs from the last (or every one)."""

    def __init__(self, every=False):
        self.frames = []
        self.every = every
        self.last = None
        self.listener = None       # function(t_ms, frame) for each frame kept

    def __call__(self, pin, rgb):
        last = self.last
        if not self.every and last is not None and len(last) == len(rgb) and last == rgb:
            return
        if last is None or len(last) != len(rgb):
            self.last = last = bytearray(len(rgb))
        last[:] = rgb
        item = (sim.now_ms, bytes(rgb))
        self.frames.append(item)
        if self.listener is not None:
            self.listener(item[0], item[1])


def _exists(path):
    try:
        open(path).close()
        return True
    except OSError:
        return False


def _exec_file(path):
    with open(path) as f:
        source = f.read()
    scope = {"__name__": "__main__", "__file__": path}
    compiler = getattr(builtins, "compile", None)
    if compiler is not None:
        exec(compiler(source, path, "exec"), scope)
    else:
        exec(source, scope)


def _purge(keep):
    for name in list(sys.modules):
        if name not in keep:
            del sys.modules[name]


def boot_and_run(code="code.py", boot="boot.py", max_boots=1000, on_boot=None):
    """Power up, run boot.py then code.py, and again after every reset, until Stop.

    Returns the reason the run stopped (the Stop message, or "code.py ended").
    Exceptions from the firmware propagate.
    """
    keep = set(sys.modules)
    while True:
        if sim.boots >= max_boots:
            raise RuntimeError("more than %d resets" % max_boots)
        sim.boot()
        if on_boot is not None:
            on_boot()
        try:
            if boot and _exists(boot):
                sim.in_boot_py = True
                try:
                    _exec_file(boot)
                finally:
                    sim.in_boot_py = False
                _purge(keep)           # boot.py and code.py run in separate VMs
            _exec_file(code)
            return "code.py ended"
        except Reset:
            pass
        except Stop as stop:
            return str(stop) or "stopped"
        finally:
            _purge(keep)


def run_firmware(script, code="code.py", boot="boot.py", every_frame=False):
    """Run the firmware on the simulated clock through a script; return the frames kept.

    `script` is the script text (see README.md). For MicroPython tests and benches.
    """
    lines = script.split("\n")
    lines.reverse()

    def next_line():
        return lines.pop() if lines else None

    log = FrameLog(every_frame)
    sim.on_frame = log
    sim.on_idle = Driver(next_line).on_idle
    boot_and_run(code, boot)
    return log.frames
