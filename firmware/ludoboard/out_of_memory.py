# A computer player that finds no room: a MemoryError while its code loads or while
# it chooses (play.job), on a board with less free memory than a computer seat needs
# (docs/board-memory.md).  Uncaught, it would stop the board, and the watchdog would
# reset it into the same saved position and the same error, again and again.  So the
# game goes on without that player: every seat it played goes to the next smaller
# kind (Expert, Hard, Medium, Easy, then people at the table), a hand-over saved and
# sent to the PC as the pause menu's is (`kind B medium`); the console says so in one
# line and the lights show the error signal.  A coach's hint with no room is refused.
# Loaded only after such an error, in the pass after it (a collection between).
from ludo.actions import KINDS

from . import painter, play, transient
from .names import SEATS, SIG_ERROR


def smaller(kind):
    """The next smaller player kind ("hard" -> "medium"; "easy" -> "human")."""
    return KINDS[KINDS.index(kind) - 1] if kind in KINDS and kind != "human" else "human"


def step_down(app, kind, what):
    """After a MemoryError in a job of that kind of player (what: "load", "choose" or
    "hint"): hand its seats to the next smaller kind, or refuse the hint."""
    transient("ludo.ai")            # what the failed job had loaded: the app lets it go as
    transient("ludo.winchance")     # this pass ends, before a smaller player's code loads
    transient("ludoboard.players")
    g = app.game
    if what == "hint":
        print("board: no memory for the coach's hint; no hint")
        app.refuse()
        return
    if g is None or g.is_over():
        return
    to = smaller(kind)
    moved = ""
    for letter in SEATS:
        if g.kinds.get(letter) == kind:
            moved += letter
            play.committed(app, g.set_kind(letter, to, True), None)
    if moved:
        print("board: no memory for %s's code or its choice: seat %s played by %s now"
              % (kind, " and ".join(moved), "people" if to == "human" else to))
        painter.show(app, SIG_ERROR)
