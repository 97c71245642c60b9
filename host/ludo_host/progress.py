"""A progress bar on stderr while many record files are read (`stats`, `analyse`).

On a terminal it redraws one line at most ten times a second; elsewhere (a pipe, a log
file) it writes a line at each quarter, so a log is not flooded."""
import sys
import time

WIDTH = 30


class Progress:
    """`Progress(total, label)`, then `update(done)` after each file.  Shown only when
    there are more than `show_over` files."""

    def __init__(self, total, label, show_over=1, stream=None):
        self.total, self.label = total, label
        self.stream = stream if stream is not None else sys.stderr
        self.show = total > show_over
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last = 0.0
        self._quarter = 0

    def update(self, done):
        if not self.show:
            return
        if self.tty:
            now = time.monotonic()
            if now - self._last < 0.1 and done < self.total:
                return
            self._last = now
            fill = WIDTH * done // self.total
            self.stream.write("\r%s [%s%s] %d/%d" % (self.label, "#" * fill, "." * (WIDTH - fill), done, self.total))
            if done == self.total:
                self.stream.write("\n")
        else:
            quarter = 4 * done // self.total
            if quarter <= self._quarter:
                return
            self._quarter = quarter
            self.stream.write("%s: %d/%d\n" % (self.label, done, self.total))
        self.stream.flush()
