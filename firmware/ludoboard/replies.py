# The PC's `record` and `resend` commands (docs/serial-protocol.md): replies of
# many lines, streamed by the link from a generator (stream) as its buffer
# drains.  This module checks the command; the lines (reply_lines.py) are made
# again from the game's transcript.  Loaded for the command, and released (with
# reply_lines.py) when the reply ends.
from . import load, transient, protocol


def stream(app, obj):
    """The reply's lines as the link takes them (None: a pass for the loop).  The lines'
    code compiles in the pass after this module's, and the lines begin in the pass
    after that.  When it ends (or the cable cut it: link.py closes it) its code goes
    with the pass.
    """
    try:
        g = app.game
        try:
            first, last = _checked(g, obj)
        except ValueError as exc:
            yield load("ludoboard.record_lines").error_line(str(exc), obj["cmd"])
            return
        yield None
        lines = load("ludoboard.reply_lines")
        yield None
        if first is None:
            lines = lines.record(app, g, g.is_over())
        else:
            lines = lines.resend(app, g, first, last, g.is_over())
        for line in lines:
            yield line
    finally:
        transient("ludoboard.replies")
        transient("ludoboard.reply_lines")
        transient("ludoboard.record_lines")


def _checked(g, obj):
    """(first, last) of the `resend` command obj for the game g, (None, None) for `record`;
    ValueError when the board cannot answer it.
    """
    if obj["cmd"] == "record":
        if g is None:
            raise ValueError("no game yet")
        return None, None
    n = obj.get("from")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError("resend needs \"from\": a sequence number (0 or more)")
    gid = obj.get("game")
    if not isinstance(gid, str):
        raise ValueError("resend needs \"game\": the game id")
    if g is None:
        raise ValueError("no game %s on the board (it has no game now)" % gid)
    if gid != g.game_id:
        raise ValueError("no game %s on the board (the current one is %s)" % (gid, g.game_id))
    last = protocol.last_seq(g, g.is_over())
    if n > last:
        raise ValueError("resend from %d: the last event is %d" % (n, last))
    return n, last
