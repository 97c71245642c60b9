"""JSON texts for the rarer lines (the start line, the save's header, replies to
the PC): loaded by begin.py and commands.py, which are themselves loaded only
then.  `dumps` writes byte for byte what `ludo.dumps` writes.
"""
import json

import ludo

from .session import SEATS, _footer, _plain


def players_text(g):
    return "".join(SEATS[s] for s in g.seats)


def dumps(obj):
    """ludo.dumps: sorted keys, no spaces (CPython's json.dumps(sort_keys=True, separators=(",", ":")))."""
    if isinstance(obj, str):
        return '"' + obj + '"' if _plain(obj) else ludo.dumps(obj)
    if isinstance(obj, dict):
        return "{" + ",".join(dumps(k) + ":" + dumps(obj[k]) for k in sorted(obj)) + "}"
    if isinstance(obj, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in obj) + "]"
    if obj is None or isinstance(obj, (bool, int)):
        return json.dumps(obj)
    return ludo.dumps(obj)


def footer(g, rolled=None):
    """The record footer (ludo.record's footer_of): the result, or '*' / 'abandoned' while
    unfinished.  rolled: whether the game's own dice were ever rolled (None: look in the transcript)."""
    result, seed, termination = _footer(g, rolled)
    return {"result": result, "seed": seed, "termination": termination}


def last_seq(g, ended):
    return g.transcript_length + (1 if ended else 0)
