# A new game's job, first part (app.py's start_game; newsave.py and newstart.py follow):
# is the choice a game?  The PC's arguments, then the rules' checks (ludo's
# CHECKS steps), one a loop pass.  One that cannot be played changes nothing
# and gets one error line (the PC's `new`) or a console line (the menu).
import json

from ludo.rules import Rules, CHECKS, build_step

from . import drop, players
from .session import SEATS


def run(app, args):
    # args: (preset, count, options, kinds, hand, seed, command); command: the PC's `new`
    # object instead of the others.  Gives (rules, kinds, hand, seed, command), or None.
    preset, count, options, kinds, hand, seed, command = args
    try:
        if command is not None:
            yield
            preset, count, options, kinds, hand, seed = _read(command)
        if not players.available():
            kinds = {}
        rules = Rules(preset, count, options, ())
        for name in CHECKS:
            yield
            build_step(rules, name)
        for letter in kinds:
            if SEATS.index(letter) not in rules.seats:
                raise ValueError("seat %s is not playing" % letter)
    except ValueError as exc:
        if command is not None:
            app.link.send('{"error":%s,"re":"new"}' % json.dumps(str(exc)))
        else:
            print("new game: %s" % exc)
        return None
    return rules, kinds, hand, seed, command


def _read(command):
    from .newargs import read
    try:
        return read(command)
    finally:
        drop("ludoboard.newargs")
