# A step of building a Rules (rules.py's STEPS), once the choice is checked: the
# board's geometry (the track, the safe squares and where a token may not stop),
# who may capture whom, what a stack does, how the rolls are spent, which earn
# another roll, who starts, what a player may take back or give up.
#
# Loaded when a game starts and dropped again afterwards on the board (rules.py).
from .rules import (STARTS, STARS, BLOCK_NONE, BLOCK_OPPONENTS, BLOCK_ALL, BLOCK_IMPASSABLE,
                    SIXES_NONE, SIXES_FORFEIT, SIXES_VOID, START_FIRST, START_SIX, START_HIGHEST)

_SIXES = {"forfeit": SIXES_FORFEIT, "void": SIXES_VOID, "none": SIXES_NONE}


def build(self):
    """Build step: the rules' per-preset tables onto `self` (a Rules)."""
    preset = self.preset
    opts = self.options
    free = self.free
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
    self.can_resign = preset == "strict" or (preset == "classic" and len(self.seats) == 2)
    # strict publishes its list "so there is nothing to argue about": no take-backs
    self.can_undo = preset != "strict"
