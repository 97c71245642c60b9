"""The dice's batch code (CPython) gives exactly the one-roll code's values."""
import random

import pytest

from ludo import dice
from ludo.dice_batch import LANES, batch


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


def test_batch_marks_doubly_rejected_low_bytes_for_the_one_roll_code():
    """A 0 in a batch means both 3-bit chunks of the low byte were 6 or 7."""
    d = dice.Dice(99)
    vals = batch(d._k0, d._k1, 0)
    assert len(vals) == LANES and set(vals) <= set(range(7))
    assert 0 < sum(1 for v in batch(d._k0, d._k1, 1000) if v) <= LANES
    assert sum(1 for k in range(6400) if not batch(d._k0, d._k1, k)[0]) > 0   # the fallback is used


def test_many_seeds():
    rng = random.Random(5)
    for _ in range(40):
        seed = rng.getrandbits(rng.choice((8, 32, 64, 100)))
        d = dice.Dice(seed)
        assert [d.roll(k) for k in range(300)] == _one_roll_values(seed, range(300))
