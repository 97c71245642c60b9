# A step of building a Rules (rules.py's STEPS), once the choice is checked: what
# a stack does, how the rolls are spent, which earn another roll, who starts,
# what a player may take back or give up.
#
# Loaded when a game starts and dropped again afterwards on the board (rules.py).
from .rules import (BLOCK_NONE, BLOCK_OPPONENTS, BLOCK_ALL, BLOCK_IMPASSABLE, SIXES_NONE,
                    SIXES_FORFEIT, SIXES_VOID, START_FIRST, START_SIX, START_HIGHEST)

_SIXES = {"forfeit": SIXES_FORFEIT, "void": SIXES_VOID, "none": SIXES_NONE}


def build(self):
    preset = self.preset
    opts = self.options
    club = preset == "club"
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
