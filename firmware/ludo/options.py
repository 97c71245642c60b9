"""Every option of every preset, and the checks of a caller's choice.

Loaded by `Rules` when a game starts and dropped again afterwards (see
rules.py): the checks and their messages are needed once per game, and the
board's heap is small.
"""
from .errors import OptionError
from .rules import preset_index, seat_of, SEAT_LETTERS

# Every option, its type and its default in each preset.  None = not offered.
# Order: family, classic, club, strict.
_BOOL, _INT, _STR = 0, 1, 2
OPTIONS = {
    # house rules (000's "House rules not used here", and more)
    "rebound": (_BOOL, (False, False, False, False)),
    "entry_on_1": (_BOOL, (False, False, False, False)),
    "blockades": (_BOOL, (False, False, None, False)),
    "centre_bonus": (_BOOL, (False, True, None, False)),
    "highest_starts": (_BOOL, (False, False, None, False)),
    "stars": (_BOOL, (True, True, None, False)),
    "capture_bonus": (_BOOL, (True, True, None, False)),
    "three_sixes": (_STR, ("forfeit", "forfeit", "void", "void")),
    "tokens_to_win": (_INT, (4, 4, 4, 4)),
    # club's options
    "mode": (_STR, (None, None, "ordinary", None)),
    "safe_squares": (_BOOL, (None, None, False, None)),
    "quick": (_BOOL, (None, None, False, None)),
    "mandatory_kill": (_BOOL, (None, None, False, None)),
    "teams": (_BOOL, (None, None, False, None)),
    "rolloff": (_BOOL, (None, None, False, None)),
    # strict's per-turn deadline in seconds (0 = none); expiry is reported by the caller
    "deadline": (_INT, (None, None, None, 0)),
}
_THREE_SIXES = ("forfeit", "void", "none")


def option_defaults(preset):
    """The preset's options and their defaults, as a new dict."""
    p = preset_index(preset)
    out = {}
    for name in OPTIONS:
        d = OPTIONS[name][1][p]
        if d is not None:
            out[name] = d
    return out


def _check_type(name, value):
    kind = OPTIONS[name][0]
    if kind == _BOOL:
        if value is True or value is False:
            return value
        if value in (0, 1):
            return bool(value)
        raise OptionError("option %r takes true or false, not %r" % (name, value))
    if kind == _INT:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise OptionError("option %r takes a whole number, not %r" % (name, value))
    if isinstance(value, str):
        return value
    raise OptionError("option %r takes a word, not %r" % (name, value))


def _default_seats(preset, count, free):
    if count == 2:
        return {"family": (0, 1), "classic": (0, 2), "club": (0, 3), "strict": (0, 2)}[preset]
    if count == 3:
        return (0, 1, 2)
    return (0, 1, 2, 3)


def resolve(preset, players, options):
    """Check a preset's options and players: (options with defaults, seats, free mode)."""
    p = preset_index(preset)
    opts = option_defaults(preset)
    given = options or {}
    if not isinstance(given, dict):
        raise OptionError("options must be a dict of name: value, not %r" % (given,))
    for name in sorted(given):
        if name not in OPTIONS:
            raise OptionError("unknown option %r (known: %s)" % (name, ", ".join(sorted(OPTIONS))))
        if OPTIONS[name][1][p] is None:
            raise OptionError("option %r does not exist in the %s preset" % (name, preset))
        opts[name] = _check_type(name, given[name])

    # players: a count or seats
    if players is None:
        players = 4 if preset != "strict" else 2
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:
            raise OptionError("players must be 2, 3 or 4, not %r" % (players,))
        count = players
        seats = None
    else:
        if isinstance(players, str):
            players = players.upper()
            if not players or [ch for ch in players if ch not in "RGYB"]:
                raise OptionError("players %r: give a count, seat letters like 'RY', or a list of colours"
                                  % (players,))
            players = tuple(players)
        try:
            seats = tuple(sorted(seat_of(s) for s in players))
        except TypeError:
            raise OptionError("players must be a count or seats, not %r" % (players,))
        count = len(seats)
        if count < 2 or count > 4 or len(set(seats)) != count:
            raise OptionError("players must be 2 to 4 different seats, not %r" % (players,))

    # club's mode: three players force free mode
    free = False
    if preset == "club":
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
    if seats is None:
        seats = _default_seats(preset, count, free)
    elif preset == "club" and not free and seats not in ((0, 3), (1, 2), (0, 1, 2, 3)):
        raise OptionError("players %r: ordinary club mode seats facing colours (R and B, or G and Y)"
                          % ("".join(SEAT_LETTERS[s] for s in seats),))

    if opts["three_sixes"] not in _THREE_SIXES:
        raise OptionError("option 'three_sixes' is 'forfeit', 'void' or 'none', not %r"
                          % (opts["three_sixes"],))
    if not 1 <= opts["tokens_to_win"] <= 4:
        raise OptionError("option 'tokens_to_win' is 1 to 4, not %r" % (opts["tokens_to_win"],))
    if opts.get("deadline", 0) < 0:
        raise OptionError("option 'deadline' is seconds, 0 or more, not %r" % (opts["deadline"],))
    if opts.get("highest_starts") and opts.get("rolloff"):
        raise OptionError("options 'highest_starts' and 'rolloff' both choose who starts")
    return opts, seats, free
