# The PC's `new` command (docs/serial-protocol.md): its arguments and their types
# read as the command arrives, then the new game asked of the app (newgame.py
# sets it up; the rules check what the arguments mean).  Loaded for the command
# (commands.py's table), released with it.
from .names import SEATS, KINDS


def new(app, obj):
    """`new`: a new game, set up over some loop passes (it replies when it knows).  Its
    arguments and their types are read here (the rules check what they mean, in the
    game's set-up: newgame.py).
    """
    preset = obj.get("preset", "classic")
    if not isinstance(preset, str):
        raise ValueError("new: \"preset\" is a preset name")
    count = obj.get("players")
    if count is not None and not (isinstance(count, str) or
                                  (isinstance(count, int) and not isinstance(count, bool))):
        raise ValueError("new: \"players\" is a count (2 to 4) or seat letters like \"RY\"")
    for key in ("options", "kinds"):
        if not isinstance(obj.get(key, {}), dict):
            raise ValueError("new: \"%s\" is an object" % key)
    kinds = obj.get("kinds", {})
    for seat in kinds:
        if seat not in SEATS or len(seat) != 1 or kinds[seat] not in KINDS:
            raise ValueError("new: \"kinds\" maps seat letters to human, easy, medium or hard")
    dice = obj.get("dice", "device")
    if dice not in ("device", "hand"):
        raise ValueError("new: \"dice\" is \"device\" or \"hand\"")
    seed = obj.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0 or seed >> 64):
        raise ValueError("new: \"seed\" is a whole number from 0 to 2**64 - 1")
    app.start_game(preset, count, obj.get("options", {}), kinds, dice == "hand", seed, True)
