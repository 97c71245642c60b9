# Club's ordinary and free modes (seating.py, a step of building a Rules): what
# the modes allow and what free mode switches on.  Loaded for a club game only
# and dropped again on the board (rules.py's _step).
from .errors import OptionError


def check(args):
    """args: (the options, the caller's options, the player count); gives free mode or not"""
    opts, given, count = args
    # three players force free mode; free mode makes every start and star safe
    mode = opts["mode"]
    if mode not in ("ordinary", "free"):
        raise OptionError("option 'mode' is 'ordinary' or 'free', not %r" % (mode,))
    if count == 3:
        if "mode" in given and mode == "ordinary":
            raise OptionError("option 'mode': three players play free mode, not ordinary")
        mode = opts["mode"] = "free"
    if mode == "free" and count == 2:
        raise OptionError("option 'mode': free mode is for three or four players")
    free = mode == "free"
    if free:
        if "safe_squares" in given and not opts["safe_squares"]:
            raise OptionError("option 'safe_squares': always on in free mode")
        opts["safe_squares"] = True
    if opts["teams"] and (free or count != 4):
        raise OptionError("option 'teams': only in ordinary mode with four players")
    if opts["quick"]:
        if "tokens_to_win" in given and opts["tokens_to_win"] != 2:
            raise OptionError("option 'tokens_to_win': Quick Ludo wins with 2")
        opts["tokens_to_win"] = 2
    return free
