"""The dice's batch code (CPython) gives exactly the one-roll code's values."""
import random

import pytest

from ludo import dice
from ludo.dice_batch import LANES, _TABLE, batch, lanes

MASK32 = 0xFFFFFFFF
GOLDEN = 0x9E3779B9


def _fmix32(h):
    """The MurmurHash3 finaliser with plain (CPython) 32-bit arithmetic."""
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & MASK32
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & MASK32
    return h ^ (h >> 16)


def _keys32(seed):
    k = _fmix32((seed & MASK32) ^ GOLDEN)
    rest = seed >> 32
    while rest:
        k = _fmix32(k ^ (rest & MASK32) ^ GOLDEN)
        rest >>= 32
    return k, _fmix32(k ^ 0x85EBCA6B)


def _roll32(seed, index):
    """Roll `index` of `seed` as dice.py defines it, in 32-bit arithmetic (the dice's
    one-roll code computes the same in 16-bit halves, MicroPython's small ints)."""
    k0, k1 = _keys32(seed)
    j = 0
    while True:
        h = _fmix32(k0 ^ _fmix32((index * GOLDEN + k1 + j * 0x7F4A7C15) & MASK32))
        for _ in range(10):
            c = h & 7
            if c < 6:
                return c + 1
            h >>= 3
        j += 1


def _keys(d):
    return d._k0h << 16 | d._k0l, d._k1h << 16 | d._k1l


def _one_roll_values(seed, indices):
    d = dice.Dice(seed)
    return [dice.Dice.roll.one_roll(d, k) for k in indices]


@pytest.mark.parametrize("seed", [0, 1, 7, 2 ** 32 - 1, 2 ** 32 + 5, 2 ** 64 - 1,
                                  123456789012345678901234567890])
def test_batch_rolls_equal_one_roll_code(seed):
    """In order, backwards and at random indices (take-backs re-roll earlier indices)."""
    rng = random.Random(seed)
    indices = list(range(3 * LANES + 5)) + list(range(200, 0, -7)) + [rng.randrange(10 ** 6) for _ in range(200)]
    d = dice.Dice(seed)
    got = [d.roll(k) for k in indices]
    assert got == _one_roll_values(seed, indices)


def test_batch_reads_a_lanes_next_chunks_where_both_low_byte_chunks_are_rejected():
    """The low byte's table gives 0 where its two 3-bit chunks were 6 or 7; the batch
    then reads the lane's next chunks, as the one-roll code does."""
    seed = 99
    k0, k1 = _keys(dice.Dice(seed))
    rejected = []
    for base in range(0, 100 * LANES, LANES):
        low = lanes(k0, k1, base)[::8].translate(_TABLE)
        rejected += [base + i for i in range(LANES) if not low[i]]
    assert len(rejected) > 100      # about one lane in 16
    vals = {base: batch(k0, k1, base) for base in range(0, 100 * LANES, LANES)}
    got = [vals[k - k % LANES][k % LANES] for k in rejected]
    assert 0 not in got
    assert got == _one_roll_values(seed, rejected)


def test_many_seeds():
    rng = random.Random(5)
    for _ in range(40):
        seed = rng.getrandbits(rng.choice((8, 32, 64, 100)))
        d = dice.Dice(seed)
        assert [d.roll(k) for k in range(300)] == _one_roll_values(seed, range(300))


def test_16_bit_halves_equal_32_bit_arithmetic():
    """The one-roll code's multiply, finaliser, keys and hash (16-bit halves) against
    plain 32-bit arithmetic, the rejection rounds (j > 0) too."""
    rng = random.Random(3)
    for _ in range(20000):
        x = rng.getrandbits(32)
        c = rng.getrandbits(32)
        dice._mul(x >> 16, x & 0xFFFF, c >> 16, c & 0xFFFF)
        assert dice._HL[0] << 16 | dice._HL[1] == (x * c) & MASK32
        dice._fmix16(x >> 16, x & 0xFFFF)
        assert dice._HL[0] << 16 | dice._HL[1] == _fmix32(x)
    for seed in [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 64 - 1, 2 ** 100 + 3] + [rng.getrandbits(64) for _ in range(50)]:
        d = dice.Dice(seed)
        k0, k1 = _keys32(seed)
        assert _keys(d) == (k0, k1)
        for _ in range(50):
            k = rng.getrandbits(24)
            j = rng.randrange(64)
            want = _fmix32(k0 ^ _fmix32((k * GOLDEN + k1 + j * 0x7F4A7C15) & MASK32)) & (2 ** 30 - 1)
            assert dice._hash30(d._k0h, d._k0l, d._k1h, d._k1l, k, j) == want


@pytest.mark.parametrize("seed", [0, 7, 2 ** 64 - 1, 98765432109876543210])
def test_one_roll_code_equals_32_bit_definition(seed):
    d = dice.Dice(seed)
    indices = list(range(400)) + [2 ** 24 - 1, 2 ** 20 + 17]
    assert _one_roll_values(seed, indices) == [_roll32(seed, k) for k in indices]
