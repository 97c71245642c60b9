"""Reading record files that may be truncated, malformed or hostile.

The file is streamed with bounded lines (`lines.LineSplitter`), a bounded
line count and a bounded total size, so memory stays small whatever the
file is (a gigantic log, a binary); a FIFO or a device is refused, not read.  Only then is the text handed
to the rules core's lenient reader (`ludo.Record.parse`).

Problems are (line number, message) pairs, like the core's.
"""
import os
import re
import sys

from .lines import LineSplitter, terminal_safe
from .._regular import NotRegularFile, open_regular

MAX_LINE_CHARS = 4096        # the core's own limit (ludo.record.MAX_LINE)
MAX_LINE_BYTES = 4 * MAX_LINE_CHARS
MAX_LINES = 100000           # a long four-player game has a few thousand
MAX_BYTES = 32 << 20
CHUNK = 1 << 16
RECORD_SUFFIXES = (".ludo", ".txt", ".record")


class RecordFile:
    """What was read from one file: `text` for the core (None when unreadable) and `problems`."""

    def __init__(self, path):
        self.path = path
        self.text = None
        self.problems = []
        self.lines = 0


_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f]")


def _bad_char(text):
    m = _CONTROL.search(text)
    return m.group(0) if m else None


def open_record_file(path):
    """The record file at `path` opened for reading (binary); a folder, FIFO, device or
    socket raises NotRegularFile at once (a FIFO is never waited on)."""
    return open_regular(path)


def read_record_file(path):
    """Stream `path` into a RecordFile; stops at the first problem that makes the rest unreadable."""
    rf = RecordFile(path)
    try:
        fh = open_record_file(path)
    except NotRegularFile as exc:
        rf.problems.append((0, "is %s, not a record file" % exc.kind))
        return rf
    except OSError as exc:
        rf.problems.append((0, "cannot open: %s" % (exc.strerror or exc)))
        return rf
    lines = []
    splitter = LineSplitter(MAX_LINE_BYTES)
    total = 0
    try:
        with fh:
            while True:
                chunk = fh.read(CHUNK)
                if not chunk:
                    break
                total += len(chunk)
                if total > MAX_BYTES:
                    rf.problems.append((len(lines) + 1, "file larger than %d MB: not read further" % (MAX_BYTES >> 20)))
                    return rf
                for raw in splitter.feed(chunk):
                    problem = _take(raw, lines)
                    if problem:
                        rf.problems.append((len(lines) + 1, problem))
                        return rf
                if splitter.pending() is None:
                    rf.problems.append((len(lines) + 1, "line longer than %d bytes" % MAX_LINE_BYTES))
                    return rf
    except OSError as exc:
        rf.problems.append((len(lines) + 1, "cannot read: %s" % (exc.strerror or exc)))
        return rf
    rest = splitter.pending()
    if rest is None:
        rf.problems.append((len(lines) + 1, "line longer than %d bytes" % MAX_LINE_BYTES))
        return rf
    if rest:
        from ludo.record import ignored
        problem = _take(rest, lines)
        if problem:
            rf.problems.append((len(lines) + 1, problem))
        elif not ignored(lines[-1]):    # (a comment without its line end is whole enough)
            lines.pop()
            rf.problems.append((len(lines) + 1, "last line is cut short (no line end): file truncated?"))
    if not lines and not rf.problems:
        rf.problems.append((1, "empty file"))
        return rf
    rf.lines = len(lines)
    if lines:
        rf.text = "\n".join(lines) + "\n"
    return rf


def _take(raw, lines):
    if raw is None:
        return "line longer than %d bytes" % MAX_LINE_BYTES
    if len(lines) >= MAX_LINES:
        return "more than %d lines: not read further" % MAX_LINES
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return "not UTF-8 text (a binary file?)"
    ch = _bad_char(text)
    if ch is not None:
        return "control character %r in the line (a binary file?)" % ch
    if len(text) > MAX_LINE_CHARS:
        return "line longer than %d characters" % MAX_LINE_CHARS
    lines.append(text)
    return None


def parse_record_file(path):
    """(RecordFile, ludo.Record or None).  The Record is None when the file could not be read
    or the core could not make sense of its header; every reason is in `rf.problems`."""
    import ludo
    rf = read_record_file(path)
    if rf.text is None:
        return rf, None
    try:
        rec = ludo.Record.parse(rf.text)
    except Exception as exc:  # the core's reader is lenient; never let a file crash us
        rf.problems.append((1, "cannot read the record: %s" % _exc_text(exc)))
        return rf, None
    return rf, rec


def where(path, line):
    """`FILE:LINE` for a problem, or just `FILE` when it is about the whole file (line 0:
    cannot open, a folder), as `ludo-host verify` prints them."""
    return "%s:%d" % (path, line) if line else "%s" % (path,)


def _exc_text(exc):
    text = str(exc).splitlines()[0] if str(exc) else ""
    return "%s%s" % (exc.__class__.__name__, ": " + text[:200] if text else "")


def is_same_file(a, b):
    """True when paths a and b name one existing file (a link to it counts): an output
    that would be written over an input."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def record_files(paths):
    """The record files named: files as given, folders as the records in them (OSError
    when a folder cannot be read)."""
    out = []
    for p in paths:
        if os.path.isdir(p):
            out.extend(record_paths(p))
        else:
            out.append(p)
    return out


def records_named(paths, command):
    """(record_files(paths), None), or ([], exit status) after one line on stderr saying why
    there is nothing to read: 2 when a folder cannot be read, 1 when it holds no record."""
    try:
        found = record_files(paths)
    except OSError as exc:
        print(terminal_safe("ludo-host %s: cannot read %s: %s" % (command, exc.filename, exc.strerror or exc)),
              file=sys.stderr)
        return [], 2
    if not found:
        print(terminal_safe("ludo-host %s: no record files (*.ludo, *.txt, *.record) in %s"
                            % (command, ", ".join(str(p) for p in paths))), file=sys.stderr)
        return [], 1
    return found, None


def record_paths(folder):
    """Record files in a folder (sorted, not recursive): *.ludo, *.txt, *.record."""
    out = []
    with os.scandir(folder) as it:
        for entry in it:
            if entry.name.endswith(RECORD_SUFFIXES) and entry.is_file():
                out.append(entry.path)
    out.sort()
    return out
