# The PC's commands (docs/serial-protocol.md): one table from a command's name to
# its handler.  Loaded when a command line arrives and released when its reply
# is sent (link.py); the logger's plain {"cmd":"status"}, every few
# seconds, is answered from code the board keeps (protocol.status_line).  Most
# handlers are in modules of their own, loaded for their command in the pass
# after this one compiled (a compile a pass, each small beside a game).
#
# A handler takes (app, obj) and gives the reply line, or None when the reply
# comes later: `new` is a job of the app (new_command.py reads its arguments, the
# rules check them in the job, and it replies when it knows), `record` and
# `resend` are streamed by the link (replies.stream).  A malformed command, or
# one the rules refuse (ValueError), gets one error line and changes nothing.
import json

from . import load


def streamed(app, obj):
    """`record` and `resend`: replies of many lines, streamed by the link (replies.py)."""
    link = app.link
    if link.stream is not None:
        raise ValueError("busy sending a reply; ask again when it ends")
    link.stream = obj               # (its code compiles in a pass after this one: link.pump)


# the table: each command's name and its handler, a function here or the name of
# the module that does it in a function of the command's name (loaded for the
# command, released with this one), in the order the error lines name them
COMMANDS = ("status", "record", "resend", "new", "press", "time", "seat", "act")
HANDLERS = ("status_command", streamed, streamed, "new_command", "press_command", "clock", "seats", "seats")


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
                raise ValueError("not JSON: %s" % clip(text))
        try:
            obj = json.loads(text)
        except (ValueError, RuntimeError):       # RuntimeError: nested too deep
            raise ValueError("not JSON: %s" % clip(text))
        if not isinstance(obj, dict):
            raise ValueError("expected a JSON object like {\"cmd\":\"status\"}")
        cmd = obj.get("cmd")
        if not isinstance(cmd, str):
            raise ValueError("missing \"cmd\" (one of %s)" % ", ".join(COMMANDS))
        if cmd not in COMMANDS:
            raise ValueError("unknown command %s (one of %s)" % (clip(cmd), ", ".join(COMMANDS)))
        name = cmd
        handler = HANDLERS[COMMANDS.index(name)]
        if isinstance(handler, str):    # (its module, loaded for it: the command's function)
            handler = getattr(load("ludoboard." + handler, True), name)
        reply = handler(app, obj)
    except ValueError as exc:       # malformed, and the rules' errors
        link.send(load("ludoboard.record_lines", True).error_line(str(exc), name))
        return
    if reply is not None:
        link.send(reply)


def clip(text):
    """A text the PC sent, quoted as JSON for an error line (its first 40 characters)."""
    text = str(text)
    return load("ludoboard.record_lines", True).quoted(text if len(text) <= 40 else text[:40] + "...")
