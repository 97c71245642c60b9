"""Bounded line splitting for untrusted input (serial data, record files).

Nothing here ever holds more than `max_len` bytes of one line: a longer line
is dropped (reported once as `None`) and the input resynchronises at the
next newline.  That keeps memory bounded whatever a device or a file sends.
"""
import json
import re

# How deep a JSON value may nest before we refuse it (records and protocol
# messages nest at most 3 deep; CPython's json recurses per level).
MAX_JSON_DEPTH = 32


class LineSplitter:
    """Feed bytes, get complete lines (bytes without the newline).

    `feed()` returns a list whose items are either a line (bytes, a trailing
    "\\r" removed) or None for a line that exceeded `max_len` and was dropped.
    """

    def __init__(self, max_len):
        self.max_len = max_len
        self._buf = bytearray()
        self._dropping = False

    def feed(self, data):
        out = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                break
            self._take(data[start:nl], out, end=True)
            start = nl + 1
        if start < len(data):
            self._take(data[start:], out, end=False)
        return out

    def _take(self, chunk, out, end):
        if not self._dropping:
            if len(self._buf) + len(chunk) > self.max_len:
                self._dropping = True
                self._buf = bytearray()
            else:
                self._buf += chunk
        if end:
            if self._dropping:
                out.append(None)
                self._dropping = False
            else:
                line = bytes(self._buf)
                if line.endswith(b"\r"):
                    line = line[:-1]
                out.append(line)
            self._buf = bytearray()

    def pending(self):
        """Bytes of an unfinished last line (or None when it was over-long)."""
        if self._dropping:
            return None
        return bytes(self._buf)

    def reset(self):
        self._buf = bytearray()
        self._dropping = False


def json_depth_ok(text, limit=MAX_JSON_DEPTH):
    """False when brackets nest deeper than `limit` (checked without recursion)."""
    depth = 0
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def loads_object(text):
    """Parse one JSON object from untrusted text; raises ValueError with a short reason."""
    if not json_depth_ok(text):
        raise ValueError("JSON nested deeper than %d levels" % MAX_JSON_DEPTH)
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("JSON nested too deeply")
    except ValueError as exc:
        raise ValueError("not JSON (%s)" % str(exc).split(":")[0])
    if not isinstance(value, dict):
        raise ValueError("not a JSON object")
    return value


def canonical_json(obj):
    """The record/protocol form: sorted keys, no spaces (SPEC §1)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")


def terminal_safe(text):
    """`text` with every control character (C0 and C1, DEL; ESC among them) shown as an
    escape such as `\\x1b`, so that text from a record or a device printed to a terminal
    cannot move the cursor, retitle the window or recolour what follows."""
    return _CONTROLS.sub(_escape, str(text))


def _escape(m):
    return "\\x%02x" % ord(m.group())


def shorten(data, limit=60):
    """A printable excerpt of untrusted bytes or text for an error message."""
    if isinstance(data, (bytes, bytearray)):
        data = bytes(data).decode("utf-8", "replace")
    text = repr(data[:limit])
    if len(data) > limit:
        text += "..."
    return text
