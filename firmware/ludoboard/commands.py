# The PC's commands (docs/serial-protocol.md): loaded when a command line
# arrives and dropped again afterwards (hostlink.py).  Here the line is read
# and handed to the command's own module, loaded with this one: status.py,
# button.py (`press`), settime.py (`time`), each with reply(app, obj) -> a line;
# or, for `record` and `resend`, streams.py, loaded in the next loop pass
# (_stages), whose reply(app, obj) is a generator of lines.
# `new` is a job of the app (app.start_game: its arguments are checked there,
# and it sends the reply when it knows).  A malformed command, or one the
# rules refuse (ValueError), gets one error line and changes nothing.
import json
import sys

from . import drop

COMMANDS = ("status", "record", "resend", "new", "press", "time")
_MODULES = ("status", None, None, None, "button", "settime")     # (record, resend: _stages)


def error_line(message, cmd):
    return '{"error":%s,"re":%s}' % (clipped(message), '"%s"' % cmd if cmd else "null")


def clipped(message):
    # The message as JSON, short enough that its line stays within 1024 bytes however
    # long or non-ASCII the input it quotes (escaped, a character may take 12 bytes).
    if len(message) > 150:
        message = message[:147] + "..."
    text = _quoted(message)
    if len(text) > 900:
        text = _quoted(message[:60] + "...")
    return text


def _quoted(text):
    # JSON text of a string, the same bytes on CPython and MicroPython (ludo/jsonstr.py).
    from ludo.jsonstr import quoted
    return quoted(text)


def run(link, app, raw):
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
        if name == "new":
            app.start_game(None, None, None, None, False, None, obj)
            return
        if name == "record" or name == "resend":
            if link.stream is not None:
                raise ValueError("busy sending a reply; ask again when it ends")
            link.stream = _stages(app, obj, name)     # (the link runs it: hostlink.poll)
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
    link.send(reply)


def _stages(app, obj, name):
    # A streamed reply (record, resend): its code (streams.py, texts.py) is compiled in the
    # loop pass after this one's, then the lines follow as the link takes them.  (The
    # running generator keeps this module's code, and streams.py's, until it ends.)
    yield None
    from . import streams, texts  # noqa: F401  (texts: for streams.reply)
    drop("ludoboard.streams")
    try:
        try:
            lines = streams.reply(app, obj)
        except ValueError as exc:
            yield error_line(str(exc), name)
            return
        for line in lines:
            yield line
    finally:
        drop("ludoboard.texts")     # (a reply cut by the cable keeps it to the next command)


def _clip(text):
    text = str(text)
    return _quoted(text if len(text) <= 40 else text[:40] + "...")
