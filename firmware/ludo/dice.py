# Dice anyone can verify.
#
# Roll number k of a game is a pure function of the game's seed and k
# (a counter-based generator built from the 32-bit MurmurHash3 finaliser), so:
# - CPython, MicroPython and CircuitPython give the identical sequence
#   (CircuitPython's `random` differs from CPython's, so it is not used);
# - taking a roll back and rolling again gives the same value (no re-rolling
#   by undoing);
# - a finished game's rolls can be checked against the revealed seed.
#
# Values are unbiased over 1..6: 3-bit chunks of the hash are drawn and 6 and 7
# are rejected.  The commitment, published at the start, is the SHA-256 of the
# seed written in decimal.
try:
    import hashlib
except ImportError:  # SAMD21 builds, CircuitPython 8 without web workflow
    hashlib = None
import binascii

MASK32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B9


def _fmix(h):
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & MASK32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & MASK32
    h ^= h >> 16
    return h


class Dice:
    # The dice of one seed: `Dice(seed).roll(k)` is roll number k (0-based).

    def __init__(self, seed):
        if not isinstance(seed, int) or seed < 0:
            raise ValueError("seed must be a non-negative whole number, not %r" % (seed,))
        self.seed = seed
        k = _fmix((seed & MASK32) ^ GOLDEN)
        rest = seed >> 32
        while rest:                 # fold every 32-bit word of a long seed in
            k = _fmix(k ^ (rest & MASK32) ^ GOLDEN)
            rest >>= 32
        self._k0 = k
        self._k1 = _fmix(k ^ 0x85EBCA6B)

    def roll(self, index):
        j = 0
        while True:
            h = (index * GOLDEN + self._k1 + j * 0x7F4A7C15) & MASK32
            h ^= h >> 16        # _fmix, inlined twice: rolls are on the hot path
            h = (h * 0x85EBCA6B) & MASK32
            h ^= h >> 13
            h = (h * 0xC2B2AE35) & MASK32
            h = self._k0 ^ h ^ (h >> 16)
            h ^= h >> 16
            h = (h * 0x85EBCA6B) & MASK32
            h ^= h >> 13
            h = (h * 0xC2B2AE35) & MASK32
            h ^= h >> 16
            for _ in range(10):
                c = h & 7
                if c < 6:
                    return c + 1
                h >>= 3
            j += 1


import sys
if sys.implementation.name == "cpython":   # many rolls at once; the board keeps this one-roll code
    from .dice_batch import install
    install(Dice)


def commitment(seed):
    # Hex SHA-256 of the seed's decimal text: shown at the start, checked at the end.
    data = ("%d" % seed).encode()
    if hashlib is not None and hasattr(hashlib, "sha256"):
        digest = hashlib.sha256(data).digest()
    else:
        from .sha256 import sha256     # loaded only where the runtime lacks hashlib
        digest = sha256(data)
    return binascii.hexlify(digest).decode()


def new_seed():
    # A fresh 64-bit seed from the system's entropy source.
    try:
        import os
        raw = os.urandom(8)
    except (ImportError, AttributeError, NotImplementedError):
        import random
        return random.getrandbits(32) << 32 | random.getrandbits(32)
    n = 0
    for b in raw:
        n = (n << 8) | b
    return n
