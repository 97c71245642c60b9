# A step of building a Rules (rules.py's STEPS), once the choice is checked: the
# board's geometry (the track, the safe squares and where a token may not stop)
# and who may capture whom.
#
# Loaded when a game starts and dropped again afterwards on the board (rules.py).
from .rules import STARTS, STARS


def build(self):
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
