"""Random legal play, 4 players, `classic`: games per second of `ludo` on CPython,
and the same loop with LUDOpy (`pip install ludopy`, the `bench` extra) in the same run.

    python bench/core_speed.py [--seconds 10]

Target (issue 2): 10x LUDOpy's games per second, in pure Python.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware"))
import ludo  # noqa: E402


def ludo_games(seconds):
    rng = random.Random(1)
    n = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = ludo.Game("classic", players=4, seed=n)
        while g.outcome() is None:
            if g.needs_roll():
                g.roll()
            else:
                g.push(rng.choice(g.legal_moves))
        actions += len(g)
        n += 1
    dt = time.perf_counter() - t0
    return n / dt, actions / n


def ludopy_games(seconds):
    import ludopy
    rng = random.Random(1)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = ludopy.Game()
        winner = False
        while not winner:
            (dice, move_pieces, _, _, _, winner), _ = g.get_observation()
            piece = move_pieces[rng.randrange(len(move_pieces))] if len(move_pieces) else -1
            _, _, _, _, _, winner = g.answer_observation(piece)
        n += 1
    return n / (time.perf_counter() - t0)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=10.0)
    args = p.parse_args()
    ours, length = ludo_games(args.seconds)
    print("ludo   (classic, 4 players, random legal play): %8.1f games/s  (%.0f actions a game, %.2f us an action)"
          % (ours, length, 1e6 / (ours * length)))
    try:
        theirs = ludopy_games(args.seconds)
    except ImportError:
        print("LUDOpy not installed: pip install ludopy (or pip install -e .[bench])")
        return 0
    print("LUDOpy (4 players, random legal play):         %8.1f games/s" % theirs)
    print("ratio: %.1fx LUDOpy (target 10x)" % (ours / theirs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
