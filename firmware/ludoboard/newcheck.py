# A new game's job, first part (newgame.py; newsave.py and newstart.py follow):
# is the choice a game?  The PC's arguments (their types), then the rules'
# checks (ludo's CHECKS steps), one a loop pass.  One that cannot be played
# changes nothing, and gets one error line (the PC's `new`) or a console line
# (the menu).

from ludo.rules import Rules, CHECKS, build_step

from . import drop, players
from .session import SEATS

_LETTERS = ("R", "G", "Y", "B")
_KINDS = ("human", "easy", "medium", "hard")


def run(app, args):
    # args: (preset, count, options, kinds, hand, seed, command); command: the PC's `new`
    # object instead of the others.  Gives (rules, kinds, hand, seed, command), or None.
    preset, count, options, kinds, hand, seed, command = args
    try:
        if command is not None:
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
        if command is not None:     # (clipped as every error line is)
            from .commands import clipped
            app.link.send('{"error":%s,"re":"new"}' % clipped(str(exc)))
            drop("ludoboard.commands")
        else:                       # the menu's choice: refused, and the menu comes back as it was
            print("new game: %s" % exc)
            app.refuse()
            app.dirty = True
        return None
    return rules, kinds, hand, seed, command


def _read(obj):
    # The PC's `new` (docs/serial-protocol.md): its arguments and their types (the rules
    # check what they mean); ValueError names what is wrong.
    preset = obj.get("preset", "classic")
    if not isinstance(preset, str):
        raise ValueError("new: \"preset\" is a preset name")
    players = obj.get("players")
    if players is not None and not (isinstance(players, str) or
                                    (isinstance(players, int) and not isinstance(players, bool))):
        raise ValueError("new: \"players\" is a count (2 to 4) or seat letters like \"RY\"")
    for key in ("options", "kinds"):
        if not isinstance(obj.get(key, {}), dict):
            raise ValueError("new: \"%s\" is an object" % key)
    kinds = obj.get("kinds", {})
    for seat in kinds:
        if seat not in _LETTERS or kinds[seat] not in _KINDS:
            raise ValueError("new: \"kinds\" maps seat letters to human, easy, medium or hard")
    dice = obj.get("dice", "device")
    if dice not in ("device", "hand"):
        raise ValueError("new: \"dice\" is \"device\" or \"hand\"")
    seed = obj.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >> 64):
        raise ValueError("new: \"seed\" is a whole number from 0 to 2**64 - 1")
    return preset, players, obj.get("options", {}), kinds, dice == "hand", seed
