# The PC's `status` command (docs/serial-protocol.md): loaded with commands.py
# for it and dropped again.
from . import drop, session, texts

_STATE_NAMES = ("menu", "playing", "playing", "playing", "over", "menu")


def reply(app, obj):
    g = app.game                    # (a Game is falsy before its first action: `is None`)
    if g is None:
        return texts.dumps({"game": None, "position": None, "re": "status", "seq": None,
                            "state": _STATE_NAMES[app.mode], "turn": None})
    try:
        position = g.position()
    finally:
        drop("ludo.position")       # the position's text is needed only now
        drop("ludo.notation")
    state = _STATE_NAMES[app.mode]
    if state == "playing" and g.is_over():
        state = "over"              # (a finished game shown to be checked after a reset)
    return texts.dumps({"game": g.game_id, "position": position, "re": "status",
                        "seq": texts.last_seq(g, g.is_over()), "state": state,
                        "turn": session.SEATS[g.turn]})
