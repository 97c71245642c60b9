# Presets are data plus the few rules that differ.
#
# `Rules(preset, players, options)` turns a preset name, the players and the
# caller's options into plain numbers and tables that the game engine reads:
# which squares are safe, who may capture whom, what a block does, which rolls
# earn another roll.  Nothing here changes during a game.
from .errors import OptionError

SEAT_LETTERS = "RGYB"
SEAT_NAMES = ("red", "green", "yellow", "blue")
STARTS = (0, 13, 26, 39)
STARS = (8, 21, 34, 47)

# Block kinds: what two or more tokens of one colour on a square do.
BLOCK_NONE = 0          # nothing (friendly stacks only)
BLOCK_OPPONENTS = 1     # opponents may not land there (classic)
BLOCK_ALL = 2           # nobody may land there, own colour included (strict)
BLOCK_IMPASSABLE = 3    # opponents may neither land on nor pass it (house rule)

# Three-sixes policies.
SIXES_NONE = 0
SIXES_FORFEIT = 1       # the third 6 is lost, earlier moves of the turn stay
SIXES_VOID = 2          # the whole turn is taken back

# How the first player is chosen.
START_FIRST = 0         # the first seat starts
START_SIX = 1           # roll-off: the first seat to roll a 6 starts (club)
START_HIGHEST = 2       # roll-off: the highest roll starts, ties roll again

PRESETS = ("family", "classic", "club", "strict")
_THREE_SIXES = {"forfeit": SIXES_FORFEIT, "void": SIXES_VOID, "none": SIXES_NONE}


def preset_index(preset):
    for i in range(len(PRESETS)):
        if PRESETS[i] == preset:
            return i
    raise OptionError("unknown preset %r (one of: %s)" % (preset, ", ".join(PRESETS)))


def seat_of(name):
    # Seat index from 0..3, 'R', 'red' (any case).
    if isinstance(name, int) and not isinstance(name, bool):
        if 0 <= name <= 3:
            return name
    elif isinstance(name, str):
        low = name.lower()
        for i in range(4):
            if low == SEAT_NAMES[i] or low == SEAT_LETTERS[i].lower():
                return i
    raise OptionError("unknown seat %r (one of R, G, Y, B or red, green, yellow, blue)" % (name,))


def option_defaults(preset):
    # The preset's options and their defaults, as a new dict.
    try:
        return _options_module().option_defaults(preset)
    finally:
        _drop_options_module()


def _options_module():
    from . import options
    return options


def _drop_options_module():
    # The option checks run once per game; free their code on the board again
    # (on a PC, keeping them loaded saves compiling them for every game).
    import sys
    if sys.implementation.name == "cpython":
        return
    package = __name__[:-len(".rules")]
    sys.modules.pop(package + ".options", None)
    pkg = sys.modules.get(package)
    if pkg is not None and "options" in pkg.__dict__:
        delattr(pkg, "options")


class Rules:
    # The rules of one game: a preset, its players and options, as tables.

    def __init__(self, preset="classic", players=None, options=None):
        try:
            opts, seats, free = _options_module().resolve(preset, players, options)
        finally:
            _drop_options_module()
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
        self.three_sixes = _THREE_SIXES[opts["three_sixes"]]
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
