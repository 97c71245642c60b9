"""Every option of every preset, the checks of a caller's choice, and the
tables a `Rules` holds (`build`).

Loaded by `Rules` when a game starts and dropped again afterwards (see
rules.py): the checks, their messages and the building of the tables are
needed once per game, and the board's heap is small.
"""
from .errors import OptionError
from .rules import (preset_index, seat_of, SEAT_LETTERS, STARTS, STARS, BLOCK_NONE, BLOCK_OPPONENTS,
                    BLOCK_ALL, BLOCK_IMPASSABLE, SIXES_NONE, SIXES_FORFEIT, SIXES_VOID, START_FIRST,
                    START_SIX, START_HIGHEST)

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


_SIXES = {"forfeit": SIXES_FORFEIT, "void": SIXES_VOID, "none": SIXES_NONE}


def build(self, preset, players, options):
    """Fill in a Rules (self): the checked options, the seats and the engine's tables."""
    opts, seats, free = resolve(preset, players, options)
    self.preset = preset
    self.options = opts
    self.seats = seats
    self.free = free

    # geometry
    club = preset == "club"
    self.track_len = 52 if club else 51     # track squares a token covers
    self.home = self.track_len + 5          # progress of home / the finish
    if club and not free:
        self.entry = (0, 0, 26, 26)
    else:
        self.entry = STARTS
    safe = bytearray(52)
    if club:
        if opts["safe_squares"]:
            for sq in STARTS + STARS:
                safe[sq] = 1
    else:
        for sq in STARTS:
            safe[sq] = 1
        if opts["stars"]:
            for sq in STARS:
                safe[sq] = 1
    self.safe = safe
    self.mandatory_kill = bool(opts.get("mandatory_kill"))
    no_stop = bytearray(52)
    if self.mandatory_kill:
        for sq in (STARTS if free else (0, 26)):
            no_stop[sq] = 1
    self.no_stop = no_stop

    # who may capture whom, and partners
    self.teams = bool(opts.get("teams"))
    self.partner = (1, 0, 3, 2) if self.teams else (-1, -1, -1, -1)
    rival = bytearray(16)
    for a in range(4):
        for b in range(4):
            if a != b and self.partner[a] != b:
                if club and not free:
                    rival[a * 4 + b] = 1 if a + b == 3 else 0   # R-B, G-Y face each other
                else:
                    rival[a * 4 + b] = 1
    self.rival = rival
    self.stack_protect = free   # club free mode: two of a colour cannot be killed

    if preset == "strict":
        self.blocks = BLOCK_ALL
    elif preset == "classic":
        self.blocks = BLOCK_OPPONENTS
    else:
        self.blocks = BLOCK_NONE
    if opts.get("blockades"):
        self.blocks = BLOCK_IMPASSABLE if self.blocks == BLOCK_NONE else self.blocks
        self.impassable = True
    else:
        self.impassable = False

    self.pool = club                    # rolls first, then spent in any order
    self.explicit_pass = preset == "family"
    self.bonus_capture = bool(opts.get("capture_bonus"))
    self.bonus_home = bool(opts.get("centre_bonus"))
    self.three_sixes = _SIXES[opts["three_sixes"]]
    self.entry_mask = (1 << 6) | ((1 << 1) if opts["entry_on_1"] else 0)
    self.rebound = opts["rebound"]
    self.tokens_to_win = opts["tokens_to_win"]
    self.lift = club and bool(opts["quick"])
    if opts.get("rolloff"):
        self.start = START_SIX
    elif opts.get("highest_starts"):
        self.start = START_HIGHEST
    else:
        self.start = START_FIRST
    self.deadline = opts.get("deadline", 0)
    # Resigning is in strict's text, and in classic's two-player games
    # (with 3+ players classic's "Leave" hands the seat to the computer).
    self.can_resign = preset == "strict" or (preset == "classic" and len(seats) == 2)
    # strict publishes its list "so there is nothing to argue about": no take-backs
    self.can_undo = preset != "strict"

    # tables for the engine's hot path
    # sqt[seat << 6 | pos byte & 63]: track square of a token there, 255 off the track
    tl = self.track_len
    ring = bytes(range(52)) * 2
    sqt = bytearray()
    for e in self.entry:        # slices, not a loop over 256 entries: a game starts fast
        sqt += b"\xff" + ring[e:e + tl] + b"\xff" * (63 - tl)
    self.sqt = sqt
    # per seat: the seats whose stacks (held squares) it may not land on, its rivals,
    # and the seat after it in turn order
    bmask = bytearray(4)
    rivm = bytearray(4)
    after = bytearray(4)
    n = len(seats)
    for o in range(4):
        if self.blocks == BLOCK_ALL:
            bmask[o] = 15
        elif self.blocks != BLOCK_NONE:
            bmask[o] = 15 & ~(1 << o)
        for s in range(4):
            if rival[o * 4 + s]:
                rivm[o] |= 1 << s
    for i in range(n):
        after[seats[i]] = seats[(i + 1) % n]
    self.bmask = bmask
    self.rivm = rivm
    self.after = after
    # the plain rules: a move lands `roll` further on or cannot be made, each seat
    # moves its own stones, one roll at a time
    self.simple = not (self.impassable or self.mandatory_kill or self.rebound
                       or self.blocks == BLOCK_ALL or self.teams or self.pool)
