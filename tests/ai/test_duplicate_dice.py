"""bench/ai_tournament.py's duplicate dice: a deal replayed with the hero rotated
through the seats gives every seat the same rolls, so equal players win exactly one
game of a deal, and the interval is taken over the deals."""
import os
import sys

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench")
sys.path.insert(0, BENCH)
import ai_tournament as T  # noqa: E402


@pytest.mark.parametrize("players", [2, 4])
def test_equal_players_win_one_game_a_deal(players):
    for deal in range(3):
        jobs = [("classic", None, players, "hard", "hard", deal * players + rot, 5, True)
                for rot in range(players)]
        results = [T.play_one(job) for job in jobs]
        assert sum(1 for r in results if r[0]) == 1
        assert len({r[1] for r in results}) == players      # the hero sat in every seat


def test_a_seat_rolls_the_same_whatever_happens():
    a = T.SeatDice(7)
    b = T.SeatDice(7)
    first = [a.roll(0) for _ in range(5)]
    for _ in range(9):
        b.roll(2)                   # other seats' rolls do not shift seat 0's
    assert [b.roll(0) for _ in range(5)] == first


def test_interval_over_deals():
    lo, hi = T.mean_interval([0.25] * 10)
    assert lo == hi == 0.25
    lo, hi = T.mean_interval([0.0, 0.5, 0.25, 0.5])
    assert 0.0 <= lo < 0.3125 < hi <= 1.0
