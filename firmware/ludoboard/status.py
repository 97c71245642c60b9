# The PC's `status` command (docs/serial-protocol.md) in any spelling but the logger's
# plain {"cmd":"status"} (hostlink.py answers that from session.status_line, loading
# nothing), and with "position": true, the position's text too.  Loaded with
# commands.py for it and dropped again.
from . import drop, session, texts


def reply(app, obj):
    line = session.status_line(app)
    want = obj.get("position", False)
    if not isinstance(want, bool):
        raise ValueError("status: \"position\" is true or false")
    if not want:
        return line
    position = "null"
    if app.game is not None:
        try:
            position = texts.dumps(app.game.position())
        finally:
            drop("ludo.position")   # the position's text is needed only now
            drop("ludo.notation")
    at = line.index(',"re":')       # keys sorted: "position" comes after "game"
    return line[:at] + ',"position":' + position + line[at:]
