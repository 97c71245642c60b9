# The record header of a game (ludo.record's header_of, with the kinds the game
# started with), written as ludo.dumps writes it (sorted keys, no spaces), for
# the start line (the first event) and the `record` command's first line.  Its
# values are plain, so it is written here directly, without texts.py's writer.
# Loaded for them only and dropped again (newstart.py, streams.py).
import json

from .session import SEATS, _text


def _value(v):
    return _text(v) if isinstance(v, str) else json.dumps(v)     # (json: null, true, 7)


def _sorted(d):
    out = []
    for k in sorted(d):
        out.append('"%s":%s' % (k, _value(d[k])))
    return "{" + ",".join(out) + "}"


def header_text(g):
    position = g.root_position
    return '{"commitment":%s,"format":"ludo-record/1","game":%s,"kinds":%s,"options":%s,' \
        '"players":"%s",%s"preset":%s,"start":%s}' % (
            _value(g.commitment), _value(g.game_id), _sorted(g.start_kinds), _sorted(g.options),
            "".join(SEATS[s] for s in g.seats), '"position":%s,' % _text(position) if position else "",
            _value(g.preset), _value(g.start_time))


def start_line(g):
    return '{"ev":"start","game":"%s","header":%s,"seq":0}' % (g.game_id, header_text(g))
