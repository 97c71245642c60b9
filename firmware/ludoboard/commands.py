# The PC's commands (docs/serial-protocol.md): loaded when a command line
# arrives and dropped again afterwards (hostlink.py).  Here the line is read
# and handed to the command's own module, loaded with this one: status.py,
# streams.py (`record`, `resend`: streamed), button.py (`press`), settime.py
# (`time`); each has reply(app, obj) -> a line, or a generator of lines.
# `new` is a job of the app (app.start_game: its arguments are checked there,
# and it sends the reply when it knows).  A malformed command, or one the
# rules refuse (ValueError), gets one error line and changes nothing.
import json
import sys

from . import drop

COMMANDS = ("status", "record", "resend", "new", "press", "time")
_MODULES = ("status", "streams", "streams", None, "button", "settime")


def error_line(message, cmd):
    # (clipped: a message quoting the input, each character escaped as \uXXXX, stays one line)
    if len(message) > 150:
        message = message[:147] + "..."
    return '{"error":%s,"re":%s}' % (json.dumps(message), json.dumps(cmd) if cmd else "null")


def run(link, app, raw):
    name = None
    try:
        try:
            text = raw.decode()
        except UnicodeError:
            raise ValueError("not UTF-8 text")
        if not text.strip():
            return                  # a blank line (spaces, tabs): ignored
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
        if name == "new":
            app.start_game(None, None, None, None, False, None, obj)
            return
        module = "ludoboard." + _MODULES[COMMANDS.index(name)]
        __import__(module)
        try:
            reply = sys.modules[module].reply(app, obj)
        finally:
            drop(module)
    except ValueError as exc:       # malformed, and the rules' errors
        link.send(error_line(str(exc), name))
        return
    if isinstance(reply, str):
        link.send(reply)
    elif link.stream is not None:
        link.send(error_line("busy sending a reply; ask again when it ends", name))
    else:
        link.stream = reply
        link.pump()


def _clip(text):
    text = str(text)
    return json.dumps(text if len(text) <= 40 else text[:40] + "...")
