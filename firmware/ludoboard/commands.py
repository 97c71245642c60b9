"""The PC's commands (docs/serial-protocol.md): loaded when a command line
arrives, dropped again afterwards (hostlink.py).

`run(link, app, raw)` checks the line and every argument's type (nothing
changes on a malformed command), then runs it; a command's reply is one line,
or a generator of lines that the link streams (`record`, `resend`: the lines
are derived again from the transcript, on a scratch game).  The rules' own
refusals (ValueError) become one error line and change nothing.
"""
import json

import ludo

from .controls import NAMES as BUTTON_NAMES
from . import drop, session, texts

# ludoboard.texts stays loaded while a command runs (begin.py, loaded by `new`, takes it
# from there instead of compiling it again); the link drops it with this module.

COMMANDS = ("status", "record", "resend", "new", "press", "time")
STATE_NAMES = ("menu", "playing", "playing", "playing", "over", "menu")
REPLAY_SLICE = 32           # actions replayed between two turns of the main loop


class CommandError(ValueError):
    pass


def error_line(message, cmd):
    return '{"error":%s,"re":%s}' % (json.dumps(message), json.dumps(cmd) if cmd else "null")


def run(link, app, raw):
    name = None
    try:
        try:
            text = raw.decode()
        except UnicodeError:
            raise CommandError("not UTF-8 text")
        try:
            obj = json.loads(text)
        except (ValueError, RuntimeError):       # RuntimeError: nested too deep
            raise CommandError("not JSON: %s" % _clip(text))
        if not isinstance(obj, dict):
            raise CommandError("expected a JSON object like {\"cmd\":\"status\"}")
        cmd = obj.get("cmd")
        if not isinstance(cmd, str):
            raise CommandError("missing \"cmd\" (one of %s)" % ", ".join(COMMANDS))
        if cmd not in COMMANDS:
            raise CommandError("unknown command %s (one of %s)" % (_clip(cmd), ", ".join(COMMANDS)))
        name = cmd
        _check_args(cmd, obj)
        if cmd == "status":
            reply = _status(app)
        elif cmd == "record":
            g = app.game
            if g is None:
                raise CommandError("no game yet")
            reply = _record_lines(app, g, g.is_over())
        elif cmd == "resend":
            reply = _resend(app, obj)
        elif cmd == "new":
            app.start_game(obj.get("preset", "classic"), obj.get("players"), obj.get("options", {}),
                           obj.get("kinds", {}), obj.get("dice", "device") == "hand", obj.get("seed"))
            reply = '{"cmd":"new","re":"ok"}'
        elif cmd == "press":
            app.on_press(BUTTON_NAMES.index(obj["button"]), bool(obj.get("long", False)))
            reply = '{"cmd":"press","re":"ok"}'
        else:
            from .clock import set_clock
            try:
                set_clock(app.clock, obj["now"], app.hw.ticks_ms())
            finally:
                drop("ludoboard.clock")
            reply = '{"cmd":"time","re":"ok"}'
    except ValueError as exc:       # CommandError, and the rules' errors
        link.send(error_line(str(exc), name))
        return
    if isinstance(reply, str):
        link.send(reply)
    elif link.stream is not None:
        link.send(error_line("busy sending a reply; ask again when it ends", name))
    else:
        link.stream = reply
        link.pump()


def _seq(app):
    g = app.game
    return texts.last_seq(g, g.is_over()) if g is not None else None


def _status(app):
    g = app.game
    try:
        position = g.position() if g else None
    finally:
        _drop_text()
    return texts.dumps({"game": g.game_id if g else None, "position": position,
                          "re": "status", "seq": _seq(app), "state": STATE_NAMES[app.mode],
                          "turn": session.SEATS[g.turn] if g else None})


def _drop_text():
    """The position and move texts are needed only now: drop their code again."""
    from . import drop
    drop("ludo.position")
    drop("ludo.notation")


def _begin():
    """begin.py for one line (the start line, the record header), dropped again at once."""
    from . import begin, drop
    drop("ludoboard.begin")
    return begin


def _resend(app, args):
    g = app.game
    if g is None or args["game"] != g.game_id:
        raise CommandError("no game %s on the board (the current one is %s)"
                           % (args["game"], g.game_id if g else "none"))
    first = args["from"]
    last = _seq(app)
    if first > last:
        raise CommandError("resend from %d: the last event is %d" % (first, last))
    return _event_lines(app, g, first, last, g.is_over())


def _scratch_of(g):
    """A fresh game at g's start, for re-deriving lines."""
    s = ludo.Game(g.rules, seed=g.seed, start=g.start_time)
    s.game_id = g.game_id
    kinds = g.start_kinds
    for letter in sorted(kinds):
        s.set_kind(letter, kinds[letter])
    return s


def _event_lines(app, g, first, last, ended):
    """Events first..last of game g, re-derived from its transcript (a generator)."""
    codes = g.transcript
    if first == 0:
        yield _begin().start_line(g)
    scratch = _scratch_of(g)
    top = last if last <= len(codes) else len(codes)
    for i in range(top):
        if app.game is not g:
            return
        code = codes[i]
        text = scratch.push_transcript_code(code)
        if i + 1 >= first:
            yield session.action_line(scratch, i + 1, text, scratch.last_events if code < 121 else ())
        elif i % REPLAY_SLICE == REPLAY_SLICE - 1:
            yield None          # replaying up to `first`: let the main loop run
    _drop_text()
    if ended and last > len(codes) and first <= last:
        yield session.end_line(g, len(codes) + 1)
    yield texts.dumps({"from": first, "game": g.game_id, "re": "resend", "to": last})


def _record_lines(app, g, ended):
    """The board's record of g, one reply line per record line, then record-end."""
    dumps = texts.dumps
    gid = g.game_id
    n = 0
    yield dumps({"game": gid, "n": n, "re": "record", "text": dumps(_begin().record_header(g))})
    scratch = _scratch_of(g)
    codes = g.transcript
    for i in range(len(codes)):
        if app.game is not g:
            return
        n += 1
        yield dumps({"game": gid, "n": n, "re": "record", "text": scratch.push_transcript_code(codes[i])})
    _drop_text()
    if ended:
        n += 1
        yield dumps({"game": gid, "n": n, "re": "record", "text": dumps(texts.footer(g))})
    yield dumps({"game": gid, "lines": n + 1, "re": "record-end"})


def _clip(text):
    text = str(text)
    return json.dumps(text if len(text) <= 40 else text[:40] + "...")


def _check_args(cmd, obj):
    """Types of every argument, so that nothing changes on a malformed command."""
    if cmd == "resend":
        n = obj.get("from")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise CommandError("resend needs \"from\": a sequence number (0 or more)")
        if not isinstance(obj.get("game"), str):
            raise CommandError("resend needs \"game\": the game id")
    elif cmd == "press":
        if obj.get("button") not in BUTTON_NAMES:
            raise CommandError("press needs \"button\": one of %s" % ", ".join(BUTTON_NAMES))
        if obj.get("long", False) not in (True, False) or not isinstance(obj.get("long", False), bool):
            raise CommandError("press: \"long\" is true or false")
    elif cmd == "time":
        if not isinstance(obj.get("now"), str):
            raise CommandError("time needs \"now\": like \"2026-11-29T14:00:00Z\"")
    elif cmd == "new":
        if not isinstance(obj.get("preset", "classic"), str):
            raise CommandError("new: \"preset\" is a preset name")
        players = obj.get("players")
        if players is not None and not (isinstance(players, str) or
                                        (isinstance(players, int) and not isinstance(players, bool))):
            raise CommandError("new: \"players\" is a count (2 to 4) or seat letters like \"RY\"")
        for key in ("options", "kinds"):
            if not isinstance(obj.get(key, {}), dict):
                raise CommandError("new: \"%s\" is an object" % key)
        kinds = obj.get("kinds", {})
        for seat in kinds:
            if seat not in ("R", "G", "Y", "B") or kinds[seat] not in ("human", "easy", "medium", "hard"):
                raise CommandError("new: \"kinds\" maps seat letters to human, easy, medium or hard")
        if obj.get("dice", "device") not in ("device", "hand"):
            raise CommandError("new: \"dice\" is \"device\" or \"hand\"")
        seed = obj.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise CommandError("new: \"seed\" is a whole number, 0 or more")
