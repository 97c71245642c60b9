# The record header of a game (ludo.record's header_of, with the kinds the game
# started with), written as ludo.dumps writes it (sorted keys, no spaces), for
# the start line (the first event) and the `record` command's first line.  Its
# values are plain, so it is written here directly, without texts.py's writer.
# Loaded for them only and dropped again (newstart.py, streams.py).
import json

from .session import SEATS, _text


def _value(v):
    return _text(v) if isinstance(v, str) else json.dumps(v)     # (json: null, true, 7)


def _put_sorted(out, d):
    sep = "{"
    for k in sorted(d):
        out.append(sep)
        out.append('"%s":' % k)
        out.append(_value(d[k]))
        sep = ","
    out.append("}" if sep == "," else "{}")


def _put_header(out, g):
    # The header's pieces, appended to one list that is joined once: a line built by
    # formatting and joining strings inside strings left 3.8 KB of garbage, in the pass
    # that also makes the new game.
    position = g.root_position
    out.append('{"commitment":')
    out.append(_value(g.commitment))
    out.append(',"dice":"')
    out.append(g.dice)
    out.append('","format":"ludo-record/2","game":')
    out.append(_value(g.game_id))
    out.append(',"kinds":')
    _put_sorted(out, g.start_kinds)
    out.append(',"options":')
    _put_sorted(out, g.options)
    out.append(',"players":"')
    for s in g.seats:
        out.append(SEATS[s])
    out.append('",')
    if position:
        out.append('"position":')
        out.append(_text(position))
        out.append(",")
    out.append('"preset":')
    out.append(_value(g.preset))
    out.append(',"start":')
    out.append(_value(g.start_time))
    out.append("}")


def header_text(g):
    out = []
    _put_header(out, g)
    return "".join(out)


def start_line(g):
    out = ['{"ev":"start","game":"', g.game_id, '","header":']
    _put_header(out, g)
    out.append(',"seq":0}')
    return "".join(out)
