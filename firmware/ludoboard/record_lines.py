# The rarer lines to the PC (docs/serial-protocol.md): the record header (the
# start line, the `record` reply's first line), error lines, and any value as JSON, by the
# same writer as protocol.py's lines: sorted keys, no spaces, byte for byte
# what `ludo.dumps` writes.  Loaded for those lines only (a new game's start,
# a `record` or `resend` reply, a status with the position, an error) and
# released again.
import ludo

from . import load
from .names import SEATS
from .protocol import plain, text, footer_of


def dumps(obj):
    """obj as ludo.dumps writes it: sorted keys, no spaces (CPython's
    json.dumps(sort_keys=True, separators=(",", ":"))).
    The pieces go into one list joined once (no string built by concatenation).
    """
    out = []
    _put(out, obj)
    return "".join(out)


def _put(out, obj):
    if isinstance(obj, str):
        if plain(obj):
            out.append('"')
            out.append(obj)
            out.append('"')
        else:
            out.append(ludo.dumps(obj))
    elif obj is None or obj is True or obj is False:
        out.append("null" if obj is None else "true" if obj else "false")
    elif isinstance(obj, int):
        out.append("%d" % obj)
    elif isinstance(obj, dict):
        sep = "{"
        for k in sorted(obj):
            out.append(sep)
            _put(out, k)
            out.append(":")
            _put(out, obj[k])
            sep = ","
        out.append("{}" if sep == "{" else "}")
    elif isinstance(obj, list) or isinstance(obj, tuple):
        sep = "["
        for v in obj:
            out.append(sep)
            _put(out, v)
            sep = ","
        out.append("[]" if sep == "[" else "]")
    else:
        out.append(ludo.dumps(obj))     # raises TypeError, as ludo.dumps does


def footer(g):
    """The record footer (ludo.record's footer_of) as a dict."""
    result, seed, termination = footer_of(g)
    return {"result": result, "seed": seed, "termination": termination}


def _put_header(out, g):
    """The header's pieces (ludo.record's header_of, with the kinds the game started with),
    appended to one list that is joined once: a line built by formatting and joining
    strings inside strings left its garbage in the pass that also makes the new game.
    """
    position = g.root_position
    out.append('{"commitment":')
    _put(out, g.commitment)
    out.append(',"dice":"')
    out.append(g.dice)
    out.append('","format":"ludo-record/2","game":')
    _put(out, g.game_id)
    out.append(',"kinds":')
    _put(out, g.start_kinds)
    out.append(',"options":')
    _put(out, g.options)
    out.append(',"players":"')
    for s in g.seats:
        out.append(SEATS[s])
    out.append('",')
    if position:
        out.append('"position":')
        out.append(text(position))
        out.append(",")
    out.append('"preset":')
    _put(out, g.preset)
    out.append(',"start":')
    _put(out, g.start_time)
    out.append("}")


def header_text(g):
    """The record header of g, as its record's first line."""
    out = []
    _put_header(out, g)
    return "".join(out)


def start_line(g):
    """The game's first event: its record header."""
    out = ['{"ev":"start","game":"', g.game_id, '","header":']
    _put_header(out, g)
    out.append(',"seq":0}')
    return "".join(out)


def error_line(message, cmd):
    """The error reply to command `cmd` (None: not known) as one line."""
    return '{"error":%s,"re":%s}' % (clipped(message), '"%s"' % cmd if cmd else "null")


def clipped(message):
    """The message as JSON, short enough that its line stays within 1024 bytes however
    long or non-ASCII the input it quotes (escaped, a character may take 12 bytes).
    """
    if len(message) > 150:
        message = message[:147] + "..."
    out = quoted(message)
    if len(out) > 900:
        out = quoted(message[:60] + "...")
    return out


def quoted(text):
    """JSON text of a string, the same bytes on CPython and MicroPython (ludo.jsonstr,
    loaded for this loop pass only: an error line).
    """
    return load("ludo.jsonstr", True).quoted(text)
