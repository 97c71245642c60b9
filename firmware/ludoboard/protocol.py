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
# The rarer lines (the record header, the start line, any value as JSON) are
# record_lines.py's, loaded for them only.
import ludo
from . import load
from .names import SEATS, MENU

_STATES = ("menu", "playing", "playing", "playing", "over", "menu")    # by app.mode


def plain(s):
    """Does JSON write s as it is (printable ASCII, no quote or backslash)?
    Char by char: no bytes copy (one-char strings are interned: nothing allocated).
    """
    for ch in s:
        if ch < " " or ch > "~" or ch == '"' or ch == "\\":
            return False
    return True


def text(s):
    """A string as JSON."""
    return '"' + s + '"' if plain(s) else ludo.dumps(s)


def footer_of(g):
    """The record footer's (result, seed, termination) of g (ludo.record's footer_of): '*'
    and 'abandoned' while unfinished.  The seed is revealed whatever the dice: it proves
    the header's set-up too (its commitment covers both).
    """
    out = g.outcome()
    seed = "%d" % g.seed if g.seed is not None else None
    if out is None:
        return "*", seed, "abandoned"
    return out.result(), seed, out.termination


def last_seq(g, ended):
    """The seq of g's last event (its end, once it ended)."""
    return g.transcript_length + (1 if ended else 0)


def action_line(g, seq, line, events):
    """The event line of one action: its record line and the events it caused."""
    for e in events:
        if not plain(e):
            return load("ludoboard.record_lines", True).dumps(     # (never, with the rules'
                {"ev": "action", "events": events, "game": g.game_id, "line": line,   # own words)
                 "seq": seq, "turn": SEATS[g.turn]})
    return '{"ev":"action","events":[%s],"game":"%s","line":%s,"seq":%d,"turn":"%s"}' % (
        ",".join('"' + e + '"' for e in events), g.game_id, text(line), seq, SEATS[g.turn])


def end_line(g, seq):
    """The game's end line, with its footer."""
    result, seed, termination = footer_of(g)
    return '{"ev":"end","footer":{"result":"%s","seed":%s,"termination":"%s"},"game":"%s","seq":%d}' % (
        result, "null" if seed is None else '"' + seed + '"', termination, g.game_id, seq)


def status_line(app, lights=None):
    """The reply to the PC's `status` (docs/serial-protocol.md); lights: the frame's hex
    digits to add.  Kept loaded, since the logger asks it every few seconds: answering it
    loads no module.  (The virtual board's snapshot reads its fields here too.)
    """
    g = app.game
    state = _STATES[app.mode]
    # the signal's name, by names.py's SIG_* (one string: no name of its own on the heap)
    name = "- refused start home bonus pass turned door leave forfeit error".split()[app.banner]
    name = "null" if name == "-" else '"' + name + '"'
    menu = "null"
    if app.mode == MENU and app.entering < 0 and app.screen is not None:     # (its code is loaded)
        menu = load("ludoboard.setup_menu.pages").shown(app.choices)
    remote = ""
    for s in range(4):
        if (app.remote >> s) & 1:
            remote += SEATS[s]
    lights = "" if lights is None else ',"lights":"' + lights + '"'
    if g is None:               # (a Game is falsy before its first action: `is None`)
        return ('{"deadline_ms":null,"game":null%s,"menu":%s,"re":"status","remote":"%s","seq":null,'
                '"signal":%s,"state":"%s","turn":null}') % (lights, menu, remote, name, state)
    over = g.is_over()
    if over and state == "playing":
        state = "over"          # (a finished game shown to be checked after a reset)
    left = load("ludoboard.play").time_left(app, app.last_ticks)
    return ('{"deadline_ms":%s,"game":"%s"%s,"menu":%s,"re":"status","remote":"%s","seq":%d,'
            '"signal":%s,"state":"%s","turn":"%s"}') % (
        "null" if left is None else "%d" % max(0, left), g.game_id, lights, menu, remote,
        g.transcript_length + over, name, state, SEATS[g.turn])
