# One game's bookkeeping shared by the app, the saves and the serial link:
# starting a game from a saved header, and the protocol lines (docs/serial-protocol.md).
#
# A game's transcript (`game.transcript`, one byte per entry) holds every action
# code of docs/api.md plus 121 = undo and 122.. = a seat handed to another kind.
# Event seq 0 is the start, seq n the transcript's n-th entry, and the end comes
# last.  Nothing but the transcript is stored: every line is derived again
# (the replays for `record` / `resend` are in commands.py, loaded only then).
#
# The lines are written here with sorted keys, byte for byte what `ludo.dumps`
# writes, without loading `ludo.record` (the board never needs its reader):
# plain ASCII strings are written as they are, anything else goes to ludo.dumps
# (texts.py, loaded for the rarer lines only).
SEATS = "RGYB"


def _plain(s):
    # A string JSON writes as it is (printable ASCII, no quote or backslash).
    # Char by char: no bytes copy (one-char strings are interned: nothing allocated).
    for ch in s:
        if ch < " " or ch > "~" or ch == '"' or ch == "\\":
            return False
    return True


def _footer(g):
    # (result, seed, termination): ludo.record's footer_of.  The seed is revealed whatever
    # the dice: it proves the header's set-up too (its commitment covers both).
    out = g.outcome()
    seed = "%d" % g.seed if g.seed is not None else None
    if out is None:
        return "*", seed, "abandoned"
    return out.result(), seed, out.termination


def action_line(g, seq, text, events):
    for e in events:
        if not _plain(e):
            return _dumps({"ev": "action", "events": events, "game": g.game_id, "line": text,
                           "seq": seq, "turn": SEATS[g.turn]})
    return '{"ev":"action","events":[%s],"game":"%s","line":%s,"seq":%d,"turn":"%s"}' % (
        ",".join('"' + e + '"' for e in events), g.game_id, _text(text), seq, SEATS[g.turn])


def _text(text):
    return '"' + text + '"' if _plain(text) else _dumps(text)


def _dumps(obj):
    # texts.dumps, for a line that is not plain ASCII (loaded only then).
    from . import drop
    from .texts import dumps
    try:
        return dumps(obj)
    finally:
        drop("ludoboard.texts")


def end_line(g, seq):
    result, seed, termination = _footer(g)
    return '{"ev":"end","footer":{"result":"%s","seed":%s,"termination":"%s"},"game":"%s","seq":%d}' % (
        result, "null" if seed is None else '"' + seed + '"', termination, g.game_id, seq)


_STATES = ("menu", "playing", "playing", "playing", "over", "menu")    # by app.mode


def status_line(app):
    # The PC's `status` (docs/serial-protocol.md).  Here, in code the board keeps, since the
    # logger asks it every few seconds: answering it loads no module (status.py adds the
    # position, when asked for, from the modules that need compiling).
    g = app.game
    state = _STATES[app.mode]
    if g is None:               # (a Game is falsy before its first action: `is None`)
        return '{"game":null,"re":"status","seq":null,"state":"%s","turn":null}' % state
    over = g.is_over()
    if over and state == "playing":
        state = "over"          # (a finished game shown to be checked after a reset)
    return '{"game":"%s","re":"status","seq":%d,"state":"%s","turn":"%s"}' % (
        g.game_id, g.transcript_length + over, state, SEATS[g.turn])
