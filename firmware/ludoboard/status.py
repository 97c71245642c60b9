# The PC's `status` command (docs/serial-protocol.md): loaded with commands.py
# for it and dropped again.
from . import drop, session, texts

_STATE_NAMES = ("menu", "playing", "playing", "playing", "over", "menu")


def reply(app, obj):
    g = app.game
    try:
        position = g.position() if g else None
    finally:
        drop("ludo.position")       # the position's text is needed only now
        drop("ludo.notation")
    return texts.dumps({"game": g.game_id if g else None, "position": position, "re": "status",
                        "seq": texts.last_seq(g, g.is_over()) if g is not None else None,
                        "state": _STATE_NAMES[app.mode],
                        "turn": session.SEATS[g.turn] if g else None})
