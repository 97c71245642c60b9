# The lines the board writes to the PC (docs/serial-protocol.md), by one JSON
# writer: sorted keys, no spaces, byte for byte what `ludo.dumps` writes, without
# loading `ludo.record` (the board never needs its reader).  Plain ASCII
# strings are written as they are; anything else goes to ludo.dumps.
#
# A game's transcript (`game.transcript`, one byte per entry) holds every action
# code of docs/api.md plus 121 = undo and 122.. = a seat handed to another kind.
# Event seq 0 is the start, seq n the transcript's n-th entry, and the end comes
# last.  Nothing but the transcript is stored: every line is derived again
# (the replays for `record` / `resend` are replies.py's, loaded only then).
import ludo
from .names import SEATS

_STATES = ("menu", "playing", "playing", "playing", "over", "menu")    # by app.mode


def plain(s):
    # Does JSON write s as it is (printable ASCII, no quote or backslash)?
    # Char by char: no bytes copy (one-char strings are interned: nothing allocated).
    for ch in s:
        if ch < " " or ch > "~" or ch == '"' or ch == "\\":
            return False
    return True


def dumps(obj):
    # obj as ludo.dumps writes it: sorted keys, no spaces (CPython's
    # json.dumps(sort_keys=True, separators=(",", ":"))).
    # The pieces go into one list joined once (no string built by concatenation).
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


def text(s):
    # A string as JSON.
    return '"' + s + '"' if plain(s) else ludo.dumps(s)


def footer_of(g, rolled=None):
    # The record footer's (result, seed, termination) of g: '*' and 'abandoned' while
    # unfinished.  rolled: whether the game's own dice were ever rolled (None: look in the
    # transcript); the seed stays back only when rolls were made and every one by hand.
    out = g.outcome()
    if not rolled:
        rolled = True
        for c in g.transcript:
            if c < 8:
                rolled = True
                break
            if c < 16:
                rolled = False
    seed = "%d" % g.seed if rolled and g.seed is not None else None
    if out is None:
        return "*", seed, "abandoned"
    return out.result(), seed, out.termination


def footer(g, rolled=None):
    # The record footer (ludo.record's footer_of) as a dict.
    result, seed, termination = footer_of(g, rolled)
    return {"result": result, "seed": seed, "termination": termination}


def last_seq(g, ended):
    # The seq of g's last event (its end, once it ended).
    return g.transcript_length + (1 if ended else 0)


def action_line(g, seq, line, events):
    # The event line of one action: its record line and the events it caused.
    for e in events:
        if not plain(e):
            return dumps({"ev": "action", "events": events, "game": g.game_id, "line": line,
                          "seq": seq, "turn": SEATS[g.turn]})
    return '{"ev":"action","events":[%s],"game":"%s","line":%s,"seq":%d,"turn":"%s"}' % (
        ",".join('"' + e + '"' for e in events), g.game_id, text(line), seq, SEATS[g.turn])


def end_line(g, seq, rolled=None):
    # The game's end line, with its footer.
    result, seed, termination = footer_of(g, rolled)
    return '{"ev":"end","footer":{"result":"%s","seed":%s,"termination":"%s"},"game":"%s","seq":%d}' % (
        result, "null" if seed is None else '"' + seed + '"', termination, g.game_id, seq)


def status_line(app):
    # The reply to the PC's `status`.
    # Kept loaded, since the logger asks it every few seconds: answering it loads no module.
    g = app.game
    state = _STATES[app.mode]
    if g is None:               # (a Game is falsy before its first action: `is None`)
        return '{"game":null,"re":"status","seq":null,"state":"%s","turn":null}' % state
    over = g.is_over()
    if over and state == "playing":
        state = "over"          # (a finished game shown to be checked after a reset)
    return '{"game":"%s","re":"status","seq":%d,"state":"%s","turn":"%s"}' % (
        g.game_id, g.transcript_length + over, state, SEATS[g.turn])


def _put_header(out, g):
    # The header's pieces (ludo.record's header_of, with the kinds the game started with),
    # appended to one list that is joined once: a line built by formatting and joining
    # strings inside strings left its garbage in the pass that also makes the new game.
    position = g.root_position
    out.append('{"commitment":')
    _put(out, g.commitment)
    out.append(',"format":"ludo-record/1","game":')
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
    # The record header of g, as its record's first line.
    out = []
    _put_header(out, g)
    return "".join(out)


def start_line(g):
    # The game's first event: its record header.
    out = ['{"ev":"start","game":"', g.game_id, '","header":']
    _put_header(out, g)
    out.append(',"seq":0}')
    return "".join(out)


def error_line(message, cmd):
    # The error reply to command `cmd` (None: not known) as one line.
    return '{"error":%s,"re":%s}' % (clipped(message), '"%s"' % cmd if cmd else "null")


def clipped(message):
    # The message as JSON, short enough that its line stays within 1024 bytes however
    # long or non-ASCII the input it quotes (escaped, a character may take 12 bytes).
    if len(message) > 150:
        message = message[:147] + "..."
    out = quoted(message)
    if len(out) > 900:
        out = quoted(message[:60] + "...")
    return out


def quoted(text):
    # JSON text of a string, the same bytes on CPython and MicroPython (ludo.jsonstr,
    # loaded for an error line and released when the reply is sent).
    from ludo.jsonstr import quoted
    return quoted(text)
