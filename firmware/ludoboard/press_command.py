# The PC's `press` (docs/serial-protocol.md): a button pressed from afar, the
# same as pressing it on the board.  Loaded for the command (commands.py's
# table), released with it.
from .names import BUTTONS


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
