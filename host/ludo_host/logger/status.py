"""The logger's live one-line status on stderr.

On a terminal the line is redrawn in place ("\\r" + erase-to-end); errors and
notes are printed above it on lines of their own.  When stderr is not a
terminal (a log file, a pipe) the status is printed as a plain line whenever
the connection or the game changes, not on every move.  What the board sent
(a game id, an action line, an error's text) is printed with its control
characters shown as escapes: only the status line's own redrawing is sent raw.
"""
import shutil
import time

from ..records.lines import terminal_safe


class StatusLine:
    def __init__(self, stream, tty=None):
        self.stream = stream
        if tty is None:
            isatty = getattr(stream, "isatty", None)
            tty = bool(isatty and isatty())
        self.tty = tty
        self.fields = {"connected": False, "note": "starting", "game": None, "turn": None,
                       "seq": None, "last": None}
        self._drawn = False
        self._last_plain = None

    def text(self):
        f = self.fields
        parts = ["connected" if f["connected"] else "DISCONNECTED"]
        if f["note"] and not f["connected"]:
            parts[0] += ": " + f["note"]
        parts.append("game %s" % (f["game"] or "-"))
        if f["turn"]:
            parts.append("turn %s" % f["turn"])
        if f["seq"] is not None:
            parts.append("line %d" % f["seq"])
        if f["last"]:
            parts.append("last: %s" % f["last"])
        return terminal_safe(" | ".join(parts))

    def _write(self, s):
        try:
            self.stream.write(s)
            self.stream.flush()
        except (OSError, ValueError):
            pass

    def _redraw(self):
        width = shutil.get_terminal_size((100, 24)).columns - 1
        self._write("\r" + self.text()[:width] + "\x1b[K")
        self._drawn = True

    def _clear(self):
        if self.tty and self._drawn:
            self._write("\r\x1b[K")
            self._drawn = False

    def update(self, **changes):
        if changes.get("game", self.fields["game"]) != self.fields["game"]:
            self.fields["seq"] = None
        self.fields.update(changes)
        if self.tty:
            self._redraw()
            return
        f = self.fields
        key = (f["connected"], f["note"] if not f["connected"] else None, f["game"])
        if key != self._last_plain:
            self._last_plain = key
            self._write("%s status: %s\n" % (time.strftime("%H:%M:%S"), self.text()))

    def note(self, text):
        self._clear()
        self._write("%s %s\n" % (time.strftime("%H:%M:%S"), terminal_safe(text)))
        if self.tty:
            self._redraw()

    def error(self, text):
        self._clear()
        self._write("ludo-host log: %s\n" % terminal_safe(text))
        if self.tty:
            self._redraw()

    def finish(self):
        if self.tty and self._drawn:
            self._write("\n")
            self._drawn = False
