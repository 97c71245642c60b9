# The PC's `press` command (docs/serial-protocol.md): the same as pressing the
# button.  Loaded with commands.py for it and dropped again.
from .names import BUTTONS as NAMES


def reply(app, obj):
    button = obj.get("button")
    if button not in NAMES:
        raise ValueError("press needs \"button\": one of %s" % ", ".join(NAMES))
    long = obj.get("long", False)
    if long is not True and long is not False:
        raise ValueError("press: \"long\" is true or false")
    app.on_press(NAMES.index(button), long)
    return '{"cmd":"press","re":"ok"}'
