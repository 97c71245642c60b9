"""The logger's link to the board: finding its data port, opening it (one logger per
board, by a lock), sending commands (remembered in `pending` until answered) and
dropping the link when the port goes away.

`BoardLink` is the part of `Logger` that knows serial ports and locks; `Logger`
(logger/__init__.py) is what the board's lines mean for the record files.  The link
calls two methods of its user: `_opened()` once the port is open, and `stop()` when
another logger has the board.
"""
import errno
import os
import time

from .._lock import LockHeld, PathLock
from ..ports import NO_BOARD_HINT
from ..records.lines import LineSplitter, canonical_json
from .requests import Requests
from .setup import not_a_data_channel

BAUD = 115200            # ignored by USB CDC and ptys, but pyserial wants one
MAX_LINE = 4096          # the protocol's lines are at most 1024 bytes; a margin


class BoardLink:
    """The serial link to the board's data channel (a base of `Logger`)."""

    def __init__(self, port, finder, status):
        self.port = port              # the device given, or None: `finder()` finds the board
        self.finder = finder
        self.status = status          # the StatusLine that says what the link does
        self.ser = None
        self.device = None
        self.splitter = LineSplitter(MAX_LINE)
        self.pending = []             # commands sent and not answered: dicts
        self._last_wait_note = None
        self.lock = None              # PathLock of the device while connected: one logger per board
        self.refused = None           # why this logger stopped: another one logs the board
        self.intro = None             # a note for the terminal once the board is not refused
        self._hinted = False
        self.requests = Requests()    # commands from other threads, waiting for their answers

    def _connect(self):
        import serial
        device = self.port or self.finder()
        if device is None or (os.name == "posix" and not os.path.exists(device)):  # COM3: no path
            self._say_intro()
            if device is None and not self._hinted:
                self._hinted = True
                self.status.note("no board found: %s" % NO_BOARD_HINT)
            note = "waiting for %s" % (device or "the board (no CircuitPython CDC2 port)")
            if note != self._last_wait_note:
                self._last_wait_note = note
                self.status.update(connected=False, note=note)
            return False
        refusal = not_a_data_channel(device)
        if refusal:
            self._say_intro()
            note = "waiting: %s" % refusal
            if note != self._last_wait_note:
                self._last_wait_note = note
                self.status.update(connected=False, note=note)
            return False
        if not self._lock(device):
            return False
        try:
            # The device's own flock (POSIX) too: the lock file lives in one user's home, so a
            # logger of another user (or another HOME) on this board is refused by this one.
            self.ser = serial.Serial(device, BAUD, timeout=0.1, write_timeout=2,
                                     exclusive=True if os.name == "posix" else None)
        except Exception as exc:
            self._unlock()
            if getattr(exc, "errno", None) in (errno.EAGAIN, errno.EWOULDBLOCK):
                self.refused = ("%s is held by another program (a `ludo-host log` of another user or "
                                "HOME?): one logger per board; stop that one first" % device)
                self.stop()
                return False
            self._say_intro()
            note = "cannot open %s (%s)" % (device, first_line(exc))
            if note != self._last_wait_note:
                self._last_wait_note = note
                self.status.update(connected=False, note=note)
            self.ser = None
            return False
        self._say_intro()
        self._last_wait_note = None
        self.device = device
        self.splitter.reset()
        self.pending = []
        self._opened()
        return True

    def _opened(self):
        """The port is open: what the user of the link does first (the logger sets the
        board's clock and asks its status)."""

    def _say_intro(self):
        """The note for the start (where the records go), once, unless this logger is refused."""
        if self.intro:
            self.status.note(self.intro)
            self.intro = None

    def _lock(self, device):
        """Take the device's lock (one logger per board); False, and the logger stops, when
        another logger has it.  Held only while connected: a device that went away may come
        back under another name, or (a pty) as somebody else's."""
        lock = PathLock(device)
        try:
            lock.acquire()
        except LockHeld as exc:
            self.refused = "%s is being logged by %s: one logger per board; stop that one first" % (
                device, exc.holder("`ludo-host log`"))
            self.stop()
            return False
        except OSError as exc:      # no room for lock files (a read-only home): log unguarded
            self.status.note("cannot lock %s (%s): make sure no other logger reads this board" % (
                device, first_line(exc)))
            return True
        self.lock = lock
        return True

    def _unlock(self):
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def _disconnect(self, why):
        try:
            self.ser.close()
        except Exception:
            pass
        self.ser = None
        self._unlock()
        self.pending = []
        self.requests.link_lost(why)
        self.status.update(connected=False, note=why)

    def send(self, obj):
        if self.ser is None:
            return False
        try:
            self.ser.write((canonical_json(obj) + "\n").encode("utf-8"))
        except Exception as exc:
            self._disconnect("write failed (%s)" % first_line(exc))
            return False
        self.pending.append({"cmd": obj["cmd"], "game": obj.get("game"), "lights": obj.get("lights"),
                             "t": time.monotonic()})
        return True


def first_line(exc):
    """An exception in one short line, for a status note."""
    text = str(exc) or exc.__class__.__name__
    return text.splitlines()[0][:120]
