# The PC's commands (docs/serial-protocol.md): one table from a command's name to
# its handler.  Loaded when a command line arrives and released when its reply
# is sent (link.py); the logger's plain {"cmd":"status"}, every few
# seconds, is answered from code the board keeps (protocol.status_line).
#
# A handler takes (app, obj) and gives the reply line, or None when the reply
# comes later: `new` is a job of the app (its arguments are checked there, and
# it replies when it knows), `record` and `resend` are streamed by the link
# (replies.stream).  A malformed command, or one the rules refuse (ValueError),
# gets one error line and changes nothing.
import json

from . import load, transient_module
from .names import BUTTONS, SEATS, KINDS, REMOTE_KIND, PLAY, CODE_KIND
from . import protocol, play

_MAX_LINE = 1024                # the protocol's longest line
# why a seat cannot act in a mode other than play (names.py's modes)
_NOT_IN_PLAY = ("the set-up menu is open", "the position is being checked at the table (confirm)",
                "the game is on its way", "the pause menu is open", "the game is over",
                "the pixel map check runs")
_ACT_OK = '{"cmd":"act","re":"ok"}'


def status(app, obj):
    """`status`, in any spelling; with "position": true the position's text too, with
    "lights": true the frame's pixels.
    """
    line = protocol.status_line(app)
    want = obj.get("position", False)
    lights = obj.get("lights", False)
    if not isinstance(want, bool) or not isinstance(lights, bool):
        raise ValueError("status: \"position\" and \"lights\" are true or false")
    if lights:
        if len(line) + 2 * len(app.frame) + 12 > _MAX_LINE:
            raise ValueError("status: the frame's %d pixels do not fit in one line" % (len(app.frame) // 3))
        at = line.index(',"menu":')     # keys sorted: "lights" comes after "game"
        line = line[:at] + ',"lights":"' + _hex(app.frame) + '"' + line[at:]
    if not want:
        return line
    position = "null"
    if app.game is not None:
        position = load("ludoboard.record_lines", True).dumps(app.game.position())
        transient_module("ludo.position")     # (the rules core loaded them for the text)
        transient_module("ludo.notation")
    at = line.index(',"re":')       # keys sorted: "position" comes after "menu"
    line = line[:at] + ',"position":' + position + line[at:]
    if len(line) > _MAX_LINE:
        raise ValueError("status: the position and the lights do not fit in one line: ask one at a time")
    return line


def press(app, obj):
    """`press`: the same as pressing the button."""
    button = obj.get("button")
    if button not in BUTTONS:
        raise ValueError("press needs \"button\": one of %s" % ", ".join(BUTTONS))
    long = obj.get("long", False)
    if long is not True and long is not False:
        raise ValueError("press: \"long\" is true or false")
    app.on_press(BUTTONS.index(button), long)
    return '{"cmd":"press","re":"ok"}'


def seat(app, obj):
    """`seat`: who plays a seat from now on: a person from afar (remote), at the table
    (human) or the computer (easy, medium, hard).  A change of the rules' kind is the pause
    menu's hand-over (saved, recorded as `kind B medium`); remote or not is the board's flag.
    """
    g, s = _seat(app, obj)
    kind = obj.get("kind")
    if kind != REMOTE_KIND and kind not in KINDS:
        raise ValueError("seat needs \"kind\": one of %s, %s" % (REMOTE_KIND, ", ".join(KINDS)))
    to = "human" if kind == REMOTE_KIND else kind
    letter = SEATS[s]
    if to != g.kinds.get(letter, "human"):
        if to != "human" and not app.computers:
            raise ValueError("no computer players on this board (ludo.ai is not installed)")
        if not g.transcript_length:
            raise ValueError("a seat changes hands once the game has begun (before, start the game "
                             "with \"kinds\")")
        g.set_kind(letter, to)
        play.committed(app, CODE_KIND + s * 4 + KINDS.index(to), None)
    if kind == REMOTE_KIND:
        app.remote |= 1 << s
    else:
        app.remote &= ~(1 << s)
    app.dirty = True
    return '{"cmd":"seat","re":"ok"}'


def act(app, obj):
    """`act`: a seat's roll, pass, resignation or move (in the record's notation), checked
    against the game and taken as the buttons take it: saved, sent, lit.  A move is then
    lit for the people at the table to carry out, as a computer's is.
    """
    g, s = _seat(app, obj)
    action = obj.get("action")
    if not isinstance(action, str):
        raise ValueError("act needs \"action\": roll, pass, resign or a move like B1 y-13")
    letter = SEATS[s]
    if action == "resign":          # (whenever the rules allow it, not only on turn)
        if not g.rules.can_resign:
            raise ValueError("%s cannot resign: this game does not allow it (only strict, and classic "
                             "with two players)" % letter)
        transient_module("ludo.position")     # (the rules' refusal says the position)
        transient_module("ludo.notation")
        if not play.resign(app, s):
            raise ValueError("%s cannot resign now" % letter)
        return _ACT_OK
    if app.mode != PLAY or app.entering >= 0:
        raise ValueError("not in play now: " + _NOT_IN_PLAY[app.entering if app.entering >= 0 else app.mode])
    if g.turn != s:
        raise ValueError("not %s's turn (it is %s's)" % (letter, SEATS[g.turn]))
    if app.is_computer():
        raise ValueError("%s is played by the computer (%s)" % (letter, g.kinds[letter]))
    if app.fixing():
        raise ValueError("the tokens must be put right at the table first (then confirm)")
    value = obj.get("value")
    if action == "roll":
        if not g.needs_roll():
            raise ValueError("%s has rolled: a move is due (legal: %s)" % (letter, _legal(app)))
        if not app.hand:
            if value is not None:
                raise ValueError("act: \"value\" is for dice entered by hand; this game rolls its own")
        elif not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise ValueError("act: this game's dice are entered by hand: roll needs \"value\" 1 to 6")
        play.roll(app, value)
        return _ACT_OK
    if g.needs_roll():
        raise ValueError("%s must roll first" % letter)
    try:
        m = load("ludo.notation", True).find_move(g, action)
    except ValueError as exc:
        raise ValueError("bad move %s: %s" % (_clip(action), exc))
    if m is None:
        shown = action if len(action) <= 20 and protocol.plain(action) else _clip(action)
        raise ValueError("%s is not a legal move now (legal: %s)" % (shown, _legal(app)))
    legal = app.legal
    i = 0
    while legal[i].code != m.code:
        i += 1
    t = m.token
    at = app.physical[t]
    play.move(app, i)
    if not m.is_pass:
        app.physical[t] = at        # nobody at the table has moved it yet: it is lit for them
        app.acted = m
    return _ACT_OK


def _seat(app, obj):
    """The game in play and the seat the command names, checked: (game, seat index)."""
    g = app.game
    if g is None or app.starting:
        raise ValueError("no game in play")
    if g.is_over():
        raise ValueError("the game is over")
    letter = obj.get("seat")
    if not isinstance(letter, str) or len(letter) != 1 or letter not in SEATS or SEATS.index(letter) not in g.seats:
        playing = ", ".join(SEATS[x] for x in g.seats)
        if letter is None:
            raise ValueError("%s needs \"seat\": a seat playing (%s)" % (obj["cmd"], playing))
        raise ValueError("\"seat\" is a seat playing (%s), not %s" % (playing, _clip(letter)))
    return g, SEATS.index(letter)


def _legal(app):
    """The legal moves now, as the record writes them."""
    return ", ".join(str(m) for m in app.legal)


def _hex(data):
    """Bytes as hex digits, two a byte."""
    return "".join("%02x" % b for b in data)


def new(app, obj):
    """`new`: a new game, set up over some loop passes (it replies when it knows)."""
    app.start_game(None, None, None, None, False, None, obj)


def streamed(app, obj):
    """`record` and `resend`: replies of many lines, streamed by the link (replies.py)."""
    link = app.link
    if link.stream is not None:
        raise ValueError("busy sending a reply; ask again when it ends")
    link.stream = obj               # (its code compiles in a pass after this one: link.pump)


# the table: each command's name and its handler, a function here or `module.function`
# of the module that does it (loaded for the command, released with this one), in the
# order the error lines name them
COMMANDS = ("status", "record", "resend", "new", "press", "time", "seat", "act")
HANDLERS = (status, streamed, streamed, new, press, "clock.command", seat, act)


def run(link, app, raw):
    """One command line (bytes, without its newline): its reply or error line is sent."""
    name = None
    try:
        try:
            text = raw.decode()
        except UnicodeError:
            raise ValueError("not UTF-8 text")
        if not text.strip(" \t"):
            return                  # a blank line (spaces, tabs): ignored
        for b in raw:               # (JSON's own spaces are " \t\r\n"; MicroPython's json
            if b < 32 and b != 9 and b != 13:   # takes "\f" and "\v" too: both refuse them)
                raise ValueError("not JSON: %s" % _clip(text))
        try:
            obj = json.loads(text)
        except (ValueError, RuntimeError):       # RuntimeError: nested too deep
            raise ValueError("not JSON: %s" % _clip(text))
        if not isinstance(obj, dict):
            raise ValueError("expected a JSON object like {\"cmd\":\"status\"}")
        cmd = obj.get("cmd")
        if not isinstance(cmd, str):
            raise ValueError("missing \"cmd\" (one of %s)" % ", ".join(COMMANDS))
        if cmd not in COMMANDS:
            raise ValueError("unknown command %s (one of %s)" % (_clip(cmd), ", ".join(COMMANDS)))
        name = cmd
        handler = HANDLERS[COMMANDS.index(name)]
        if isinstance(handler, str):
            dot = handler.find(".")
            handler = getattr(load("ludoboard." + handler[:dot], True), handler[dot + 1:])
        reply = handler(app, obj)
    except ValueError as exc:       # malformed, and the rules' errors
        link.send(load("ludoboard.record_lines", True).error_line(str(exc), name))
        return
    if reply is not None:
        link.send(reply)


def _clip(text):
    text = str(text)
    return load("ludoboard.record_lines", True).quoted(text if len(text) <= 40 else text[:40] + "...")
