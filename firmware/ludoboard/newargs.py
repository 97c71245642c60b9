# The PC's `new` command (docs/serial-protocol.md): its arguments read and their
# types checked, in the first stage of the new game's job (newcheck.py); the
# rules check what they mean.  Loaded for that only and dropped again.
_SEATS = ("R", "G", "Y", "B")
_KINDS = ("human", "easy", "medium", "hard")


def read(obj):
    # (preset, players, options, kinds, hand, seed); ValueError names what is wrong.
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
        if seat not in _SEATS or kinds[seat] not in _KINDS:
            raise ValueError("new: \"kinds\" maps seat letters to human, easy, medium or hard")
    dice = obj.get("dice", "device")
    if dice not in ("device", "hand"):
        raise ValueError("new: \"dice\" is \"device\" or \"hand\"")
    seed = obj.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise ValueError("new: \"seed\" is a whole number, 0 or more")
    return preset, players, obj.get("options", {}), kinds, dice == "hand", seed
