# A computer seat's turn on the board, and the coach's hint: the job that loads the
# player's code (players.load), lets it decide and lights its move; the seat's roll
# (and, without fix-ups, its move) once its pause is over.  Loaded with the players
# (play.job) and released with them (app.computers_needed): apart from players.py,
# so that neither is a large compile beside a game.
from .buttons import ticks_diff
from .players import load, prepare, choose
from . import play


def paused(app, now):
    """A computer seat on turn, once its pause is over: it rolls, or (without fix-ups, no
    wooden token to move) its lit move goes on.  True when it did.
    """
    # the pause: the last action's signal (1.3 s at most for a pass, seen) ends first
    pause = getattr(app.hw, "settings", None) or {}
    if ticks_diff(now, app.phase_at) < pause.get("LUDO_COMPUTER_PAUSE_MS", 1400):
        return False
    if app.game.needs_roll():
        if app.hand:
            return False
        play.roll(app, None)
    elif app.skip_fixups and app.selected >= 0:
        play.move(app, app.selected)
    else:
        return False
    return True


def job(app, kind, what):
    """A job of the app (one stage a loop pass, not in the pass that asked: a roll, a
    press): load that kind of player's code (what: "load"), then its choice lit
    ("choose") or the coach's hint ("hint"), unless the game moved on meanwhile.
    """
    yield
    g = app.game
    at = g.transcript_length
    for _ in load(kind):
        yield
    if what == "load":
        return
    while app.game is g and g.transcript_length == at and not prepare(g, kind):
        yield
    move = None
    if app.game is g and g.transcript_length == at:
        move = choose(g, kind)
        yield
    if what == "hint":
        app.computers_needed()      # a hint in a game of people: its code goes again
    if app.game is not g or g.transcript_length != at:
        return
    if what == "hint" and move is None:
        app.refuse()
        return
    app.selected = _index_of(app.legal, move)
    app.hint = what == "hint"
    app.dirty = True


def _index_of(legal, move):
    """The index of the computer's move among the legal moves."""
    if move is None:
        return 0 if legal else -1
    for i in range(len(legal)):
        if legal[i].code == move.code:
            return i
    return 0
