# A new game as a job of the app (app.py's start_game, run_job): its parts,
# newcheck.py (is the choice a game?), newsave.py (the old game goes, the new
# one's save is written) and newstart.py (the rules' tables, the game, the start
# line), each loaded in a loop pass of its own, the last part's code gone before
# the next one's comes; each part's stages run a pass each too.  While it runs,
# presses are refused and the PC's commands wait (controls.py, hostlink.py).
import sys

from . import drop


def job(app, args):
    try:
        for name in ("ludoboard.newcheck", "ludoboard.newsave", "ludoboard.newstart"):
            yield
            __import__(name)
            part = sys.modules[name]
            drop(name)
            args = yield from part.run(app, args)
            part = None
            if args is None:        # refused: nothing changed
                break
    finally:
        app.starting = False
