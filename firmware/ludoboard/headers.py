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
    return header_of(g.commitment, g.game_id, g.start_kinds, g.options, g.seats, g.root_position,
                     g.preset, g.start_time)


def header_of(commitment, game_id, kinds, options, seats, position, preset, start):
    # (a new game's, from its rules before the game is made: newstart.py)
    return '{"commitment":%s,"format":"ludo-record/1","game":%s,"kinds":%s,"options":%s,' \
        '"players":"%s",%s"preset":%s,"start":%s}' % (
            _value(commitment), _value(game_id), _sorted(kinds), _sorted(options),
            "".join(SEATS[s] for s in seats), '"position":%s,' % _text(position) if position else "",
            _value(preset), _value(start))


def start_line(game_id, header):
    return '{"ev":"start","game":"%s","header":%s,"seq":0}' % (game_id, header)
