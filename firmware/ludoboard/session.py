"""One game's bookkeeping shared by the app, the saves and the serial link:
starting a game from a saved header, applying transcript codes, and the
protocol lines (events, record lines) re-derived from the transcript.

A game's transcript (`game.transcript`, one byte per entry) holds every action
code of docs/api.md plus 121 = undo and 122.. = a seat handed to another kind.
Event seq 0 is the start, seq n the transcript's n-th entry, and the end comes
last.  Nothing but the transcript is stored: every line is derived again.
"""
import ludo
from ludo import record as ludo_record
from ludo.game import CODE_UNDO

SEATS = "RGYB"
REPLAY_SLICE = 32           # actions replayed between two turns of the main loop


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


def events_of(g, code):
    if code >= CODE_UNDO:
        return []
    return list(g.last_events)


def record_header(g):
    h = ludo_record.header_of(g)
    h["kinds"] = dict(g.start_kinds)
    return h


def footer(g):
    """The record footer: the result, or '*' / 'abandoned' while unfinished."""
    return ludo_record.footer_of(g, g.transcript)


def start_line(g):
    return ludo.dumps({"ev": "start", "game": g.game_id, "header": record_header(g), "seq": 0})


def action_line(g, seq, text, events):
    return ludo.dumps({"ev": "action", "events": events, "game": g.game_id, "line": text,
                       "seq": seq, "turn": SEATS[g.turn]})


def end_line(g, seq):
    return ludo.dumps({"ev": "end", "footer": footer(g), "game": g.game_id, "seq": seq})


def last_seq(g, ended):
    return g.transcript_length + (1 if ended else 0)


def scratch_of(g):
    """A fresh game at g's start, for re-deriving lines."""
    s = ludo.Game(g.rules, seed=g.seed, start=g.start_time)
    s.game_id = g.game_id
    kinds = g.start_kinds
    for letter in sorted(kinds):
        s.set_kind(letter, kinds[letter])
    return s


def event_lines(g, first, last, ended, still_current):
    """Events first..last of game g, re-derived from its transcript (a generator)."""
    codes = g.transcript
    if first == 0:
        yield start_line(g)
    scratch = scratch_of(g)
    top = last if last <= len(codes) else len(codes)
    for i in range(top):
        if not still_current():
            return
        code = codes[i]
        text = scratch.push_transcript_code(code)
        if i + 1 >= first:
            yield action_line(scratch, i + 1, text, events_of(scratch, code))
        elif i % REPLAY_SLICE == REPLAY_SLICE - 1:
            yield None          # replaying up to `first`: let the main loop run
    if ended and last > len(codes) and first <= last:
        yield end_line(g, len(codes) + 1)
    yield ludo.dumps({"from": first, "game": g.game_id, "re": "resend", "to": last})


def record_lines(g, ended, still_current):
    """The board's record of g, one reply line per record line, then record-end."""
    gid = g.game_id
    n = 0
    yield ludo.dumps({"game": gid, "n": n, "re": "record", "text": ludo.dumps(record_header(g))})
    scratch = scratch_of(g)
    codes = g.transcript
    for i in range(len(codes)):
        if not still_current():
            return
        n += 1
        yield ludo.dumps({"game": gid, "n": n, "re": "record", "text": scratch.push_transcript_code(codes[i])})
    if ended:
        n += 1
        yield ludo.dumps({"game": gid, "n": n, "re": "record", "text": ludo.dumps(footer(g))})
    yield ludo.dumps({"game": gid, "lines": n + 1, "re": "record-end"})
