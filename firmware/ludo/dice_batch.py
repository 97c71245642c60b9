# Many rolls of `Dice` at once, for CPython only (dice.py installs it there).
#
# Roll k's hash (dice.py) is computed for 64 consecutive k in one go: each k
# gets a 64-bit lane of one big integer, where the 32-bit multiplies, shifts
# and masks of the MurmurHash3 finaliser act on every lane at once (a 32 x 32
# bit product fits its lane; bits a shift moves into a lane's top half are
# masked off).  The lanes' low bytes then give the rolls through a 256-entry
# table; where a low byte's first two 3-bit chunks are both rejected the lane's
# next chunks are read (`values`), and where all ten are, `Dice.roll` falls back
# to the one-roll code.  The values are exactly those of
# `Dice.roll`'s one-roll code (tests/core/test_dice.py checks it).
#
# Not for the board: it allocates a few KB per batch and its code costs heap.
LANES = 64

_M = 0
_ONES = 0
_STEP = 0           # lane i holds (i * GOLDEN) mod 2**32
for _i in range(LANES):
    _M |= 0xFFFFFFFF << (64 * _i)
    _ONES |= 1 << (64 * _i)
    _STEP |= ((_i * 0x9E3779B9) & 0xFFFFFFFF) << (64 * _i)


def _value(b):
    c = b & 7
    if c < 6:
        return c + 1
    c = (b >> 3) & 7
    return c + 1 if c < 6 else 0


_TABLE = bytes(_value(b) for b in range(256))


def batch(k0, k1, base):
    """Rolls base .. base+LANES-1 (0 where the one-roll code must decide)."""
    return values(lanes(k0, k1, base))


def lanes(k0, k1, base):
    """The hashes of rolls base .. base+LANES-1, 8 little-endian bytes each."""
    m = _M
    h = (_STEP + _ONES * ((base * 0x9E3779B9 + k1) & 0xFFFFFFFF)) & m
    h = ((h ^ (h >> 16) & m) * 0x85EBCA6B) & m
    h = ((h ^ (h >> 13) & m) * 0xC2B2AE35) & m
    h ^= (_ONES * k0) ^ ((h >> 16) & m)
    h = ((h ^ (h >> 16) & m) * 0x85EBCA6B) & m
    h = ((h ^ (h >> 13) & m) * 0xC2B2AE35) & m
    h ^= (h >> 16) & m
    return h.to_bytes(8 * LANES, "little")


def values(raw):
    """The rolls of a batch's lanes (`lanes`) as a bytearray: the table's value of each
    lane's low byte, or where both of its chunks were rejected (6 or 7) the first of the
    lane's next eight chunks that is not; 0 where all ten were (the one-roll code's next
    round decides).
    """
    vals = bytearray(raw[::8].translate(_TABLE))
    i = vals.find(0)
    while i >= 0:
        h = (int.from_bytes(raw[8 * i:8 * i + 4], "little") & 0x3FFFFFFF) >> 6
        for _ in range(8):
            c = h & 7
            if c < 6:
                vals[i] = c + 1
                break
            h >>= 3
        i = vals.find(0, i + 1)
    return vals


def install(dice_class):
    """Make `dice_class.roll` draw from a batch of rolls computed ahead, falling back to
    the one-roll code (kept as `roll.one_roll`) where the batch gives 0.
    """
    one_roll = dice_class.roll

    def roll(self, index):
        i = index - self._base
        vals = self._vals
        if not 0 <= i < LANES:
            self._base = index
            vals = self._vals = values(lanes(self._k0h << 16 | self._k0l, self._k1h << 16 | self._k1l, index))
            i = 0
        return vals[i] or one_roll(self, index)     # (0: all ten chunks rejected, the next round)
    roll.one_roll = one_roll
    dice_class.roll = roll
    dice_class._base = -LANES       # no batch yet
    dice_class._vals = b""
