"""One game's bookkeeping shared by the app, the saves and the serial link:
starting a game from a saved header, and the protocol lines (docs/serial-protocol.md).

A game's transcript (`game.transcript`, one byte per entry) holds every action
code of docs/api.md plus 121 = undo and 122.. = a seat handed to another kind.
Event seq 0 is the start, seq n the transcript's n-th entry, and the end comes
last.  Nothing but the transcript is stored: every line is derived again
(the replays for `record` / `resend` are in commands.py, loaded only then).

The lines are written here with sorted keys, byte for byte what `ludo.dumps`
writes, without loading `ludo.record` (the board never needs its reader):
plain ASCII strings are written as they are, anything else goes to ludo.dumps.
"""
import json

import ludo

SEATS = "RGYB"


def new_game(preset, players, options, seed, start, kinds):
    g = ludo.Game(preset, players=players, seed=seed, options=options, start=start)
    for letter in sorted(kinds):
        g.set_kind(letter, kinds[letter])   # before the first action: part of the set-up
    return g


def save_header(g, hand):
    """What the saves keep to start the same game again (the seed stays on the board)."""
    return {"dice": "hand" if hand else "device", "game": g.game_id, "kinds": dict(g.start_kinds),
            "options": dict(g.options), "packed": 0, "players": players_text(g),
            "preset": g.preset, "seed": "%d" % g.seed, "start": g.start_time}


def game_from_header(h):
    """The game a saved header starts (ValueError / KeyError / TypeError if it cannot)."""
    return new_game(h["preset"], h["players"], h["options"], int(h["seed"]), h.get("start"),
                    h.get("kinds") or {})


def players_text(g):
    return "".join(SEATS[s] for s in g.seats)


def _plain(s):
    """A string JSON writes as it is (printable ASCII, no quote or backslash)."""
    for b in s.encode():
        if b < 32 or b > 126 or b == 34 or b == 92:
            return False
    return True


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


def record_header(g):
    """The record header (ludo.record's header_of), with the kinds the game started with."""
    h = {"format": "ludo-record/1", "game": g.game_id, "preset": g.preset, "players": players_text(g),
         "options": dict(g.options), "commitment": g.commitment, "start": g.start_time,
         "kinds": dict(g.start_kinds)}
    if g.root_position:
        h["position"] = g.root_position
    return h


def footer(g):
    """The record footer (ludo.record's footer_of): the result, or '*' / 'abandoned' while unfinished."""
    out = g.outcome()
    seed = None
    if g.seed is not None:
        for c in g.transcript:
            if c < 8:               # a roll of the game's own dice: its seed is worth revealing
                seed = "%d" % g.seed
                break
    return {"result": out.result() if out else "*", "termination": out.termination if out else "abandoned",
            "seed": seed}


def move_text(g, m):
    """str(m) (ludo.notation's move text) without loading the notation."""
    if m.is_pass:
        return "pass"
    r = g.rules
    o = m.token >> 2
    text = "%s%d %s-%s" % (SEATS[o], (m.token & 3) + 1, _square(r, o, m.start), _square(r, o, m.end))
    if m.captures:
        text += "x" + "".join("%s%d" % (SEATS[t >> 2], (t & 3) + 1) for t in m.captures)
    return text


def _square(r, o, p):
    if p < 0:
        return "y"
    if p < r.track_len:
        return "%d" % ((r.entry[o] + p) % 52)
    if p < r.home:
        return "h%d" % (p - r.track_len + 1)
    return "c"


def start_line(g):
    return dumps({"ev": "start", "game": g.game_id, "header": record_header(g), "seq": 0})


def action_line(g, seq, text, events):
    for e in events:
        if not _plain(e):
            return dumps({"ev": "action", "events": events, "game": g.game_id, "line": text,
                          "seq": seq, "turn": SEATS[g.turn]})
    return '{"ev":"action","events":[%s],"game":"%s","line":%s,"seq":%d,"turn":"%s"}' % (
        ",".join('"' + e + '"' for e in events), g.game_id, dumps(text), seq, SEATS[g.turn])


def end_line(g, seq):
    return dumps({"ev": "end", "footer": footer(g), "game": g.game_id, "seq": seq})


def last_seq(g, ended):
    return g.transcript_length + (1 if ended else 0)
