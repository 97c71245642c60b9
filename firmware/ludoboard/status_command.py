# The PC's `status` with its position or its lights (docs/serial-protocol.md).
# The logger's plain {"cmd":"status"} is answered without it, from code the
# board keeps (link.py, protocol.status_line).  Loaded for the command
# (commands.py's table), released with it.
from binascii import hexlify

from . import load, transient
from . import protocol


def status(app, obj):
    """`status`, in any spelling; with "position": true the position's text too, with
    "lights": true the frame's pixels (6 hex digits each).
    """
    want = obj.get("position", False)
    frame = obj.get("lights", False)
    if not isinstance(want, bool) or not isinstance(frame, bool):
        raise ValueError("status: \"position\" and \"lights\" are true or false")
    if frame:
        frame = hexlify(app.frame).decode()
    line = protocol.status_line(app, frame or None)
    if want:
        position = "null"
        if app.game is not None:
            position = load("ludoboard.record_lines", True).dumps(app.game.position())
            transient("ludo.position")     # (the rules core loaded them for the text)
            transient("ludo.notation")
        at = line.index(',"re":')       # keys sorted: "position" comes after "menu"
        line = line[:at] + ',"position":' + position + line[at:]
    if len(line) > 1024:            # the protocol's longest line (a long strip's lights)
        raise ValueError("status: the frame's %d pixels do not fit in one line%s" % (
            len(app.frame) // 3, " with the position: ask one at a time" if want else ""))
    return line
