# Dice anyone can verify.
#
# Roll number k of a game is a pure function of the game's seed and k
# (a counter-based generator built from the 32-bit MurmurHash3 finaliser), so:
# - CPython, MicroPython and CircuitPython give the identical sequence
# (CircuitPython's `random` differs from CPython's, so it is not used);
# - taking a roll back and rolling again gives the same value (no re-rolling
# by undoing);
# - a finished game's rolls can be checked against the revealed seed.
#
# Values are unbiased over 1..6: 3-bit chunks of the hash are drawn and 6 and 7
# are rejected.  The commitment, published at the start, is the SHA-256 of the
# seed together with the game's set-up (commit.py); `commitment` here is the
# older one of the seed alone (records written as ludo-record/1).
try:
    import hashlib
except ImportError:  # SAMD21 builds, CircuitPython 8 without web workflow
    hashlib = None
import binascii

# The 32-bit hashes are computed in 16-bit halves (hi, lo), every intermediate
# under 2**27: MicroPython's small ints hold 31 bits, and 32-bit multiplies would
# build big ints on the heap at every roll (about 700 bytes a roll).
# _fmix is the MurmurHash3 finaliser: h ^= h >> 16; h *= 0x85EBCA6B; h ^= h >> 13;
# h *= 0xC2B2AE35; h ^= h >> 16 (mod 2**32).  GOLDEN = 0x9E3779B9.
_HL = [0, 0]        # the result of _mul and _fmix16: high half, low half


def _mul(hi, lo, ch, cl):
    """(hi << 16 | lo) * (ch << 16 | cl) mod 2**32, into _HL; lo < 2**16, cl < 2**16."""
    hi &= 0xFFFF
    p = lo * (cl & 255)
    q = lo * (cl >> 8)
    x = p + ((q & 255) << 8)            # low 16 bits of lo * cl, and its carry
    _HL[1] = x & 0xFFFF
    _HL[0] = ((x >> 16) + (q >> 8) + hi * (cl & 255) + ((hi * (cl >> 8) & 255) << 8)
              + lo * (ch & 255) + ((lo * (ch >> 8) & 255) << 8)) & 0xFFFF


def _fmix16(hi, lo):
    """_fmix(hi << 16 | lo), into _HL."""
    _mul(hi, lo ^ hi, 0x85EB, 0xCA6B)                   # h ^= h >> 16; h *= 0x85EBCA6B
    hi = _HL[0]
    lo = _HL[1]
    _mul(hi ^ (hi >> 13), lo ^ ((hi << 3) & 0xFFFF) ^ (lo >> 13), 0xC2B2, 0xAE35)   # h ^= h >> 13; h *= ..
    _HL[1] ^= _HL[0]                                    # h ^= h >> 16


class Dice:
    # The dice of one seed: `Dice(seed).roll(k)` is roll number k (0-based).

    def __init__(self, seed):
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError("seed must be a non-negative whole number, not %r" % (seed,))
        self.seed = seed
        # k0 = _fmix(word0 ^ GOLDEN), folding every further 32-bit word w of a long
        # seed in as k0 = _fmix(k0 ^ w ^ GOLDEN); k1 = _fmix(k0 ^ 0x85EBCA6B)
        _HL[0] = _HL[1] = 0
        while True:
            _fmix16(_HL[0] ^ ((seed >> 16) & 0xFFFF) ^ 0x9E37, _HL[1] ^ (seed & 0xFFFF) ^ 0x79B9)
            seed >>= 32
            if not seed:
                break
        self._k0h = _HL[0]
        self._k0l = _HL[1]
        _fmix16(self._k0h ^ 0x85EB, self._k0l ^ 0xCA6B)
        self._k1h = _HL[0]
        self._k1l = _HL[1]

    def roll(self, index):
        """The die value (1..6) of roll number `index`, from the seed alone."""
        j = 0
        while True:
            h = _hash30(self._k0h, self._k0l, self._k1h, self._k1l, index, j)
            for _ in range(10):         # 3-bit chunks from the lowest up; 6 and 7 rejected
                c = h & 7
                if c < 6:
                    return c + 1
                h >>= 3
            j += 1


def _hash30(k0h, k0l, k1h, k1l, index, j):
    """The low 30 bits of _fmix(k0 ^ _fmix(index * GOLDEN + k1 + j * 0x7F4A7C15)) (mod 2**32),
    in halves: ten 3-bit chunks, all a roll reads.
    """
    _mul(index >> 16, index & 0xFFFF, 0x9E37, 0x79B9)
    hi = _HL[0] + k1h
    lo = _HL[1] + k1l
    if j:
        _mul(j >> 16, j & 0xFFFF, 0x7F4A, 0x7C15)
        hi += _HL[0]
        lo += _HL[1]
    _fmix16((hi + (lo >> 16)) & 0xFFFF, lo & 0xFFFF)
    _fmix16(k0h ^ _HL[0], k0l ^ _HL[1])
    return (_HL[0] & 0x3FFF) << 16 | _HL[1]


import sys
if sys.implementation.name == "cpython":   # many rolls at once; the board keeps this one-roll code
    from .dice_batch import install
    install(Dice)


def sha256_hex(data):
    """Hex SHA-256 of bytes, by the runtime's hashlib where it has one."""
    if hashlib is not None and hasattr(hashlib, "sha256"):
        digest = hashlib.sha256(data).digest()
    else:
        from .sha256 import sha256     # loaded only where the runtime lacks hashlib
        digest = sha256(data)
    return binascii.hexlify(digest).decode()


def commitment(seed):
    """Hex SHA-256 of the seed's decimal text: ludo-record/1's commitment (and the
    save's salt on the board).
    """
    return sha256_hex(("%d" % seed).encode())


def new_seed():
    """A fresh 64-bit seed from the system's entropy source."""
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
