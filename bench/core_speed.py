"""Random legal play, 4 players, `classic`: games per second of `ludo` on CPython,
and the same loop with LUDOpy (`pip install ludopy`, the `bench` extra) in the same run.

    python bench/core_speed.py [--seconds 10]

Both loops run for --seconds each, in rounds of about a second, taking turns.

Target (issue 2): 10x LUDOpy's games per second, in pure Python.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware"))
import ludo  # noqa: E402


class LudoLoop:
    """The issue's driving loop: random legal play, one new seeded game after another."""

    def __init__(self):
        self.rng = random.Random(1)
        self.games = self.actions = 0
        self.time = 0.0

    def run(self, seconds):
        rng = self.rng
        n = self.games
        actions = 0
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
        self.time += time.perf_counter() - t0
        self.actions += actions
        self.games = n


class LudopyLoop:
    """The same loop with LUDOpy's Game (its README's loop)."""

    def __init__(self):
        import ludopy
        self.ludopy = ludopy
        self.rng = random.Random(1)
        self.games = 0
        self.time = 0.0

    def run(self, seconds):
        rng = self.rng
        n = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            g = self.ludopy.Game()
            winner = False
            while not winner:
                (dice, move_pieces, _, _, _, winner), _ = g.get_observation()
                piece = move_pieces[rng.randrange(len(move_pieces))] if len(move_pieces) else -1
                _, _, _, _, _, winner = g.answer_observation(piece)
            n += 1
        self.time += time.perf_counter() - t0
        self.games += n


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seconds", type=float, default=10.0, help="time for each side (default 10)")
    args = p.parse_args()
    ours = LudoLoop()
    try:
        theirs = LudopyLoop()
    except ImportError:
        theirs = None
    # in rounds of a second, taking turns, so that a machine that slows down or speeds up
    # during the run does so for both sides alike
    rounds = max(1, int(args.seconds + 0.5))
    for _ in range(rounds):
        ours.run(args.seconds / rounds)
        if theirs is not None:
            theirs.run(args.seconds / rounds)
    rate = ours.games / ours.time
    length = ours.actions / ours.games
    print("ludo   (classic, 4 players, random legal play): %8.1f games/s  (%.0f actions a game, %.2f us an action)"
          % (rate, length, 1e6 / (rate * length)))
    if theirs is None:
        print("LUDOpy not installed: pip install ludopy (or pip install -e .[bench])")
        return 0
    their_rate = theirs.games / theirs.time
    print("LUDOpy (4 players, random legal play):         %8.1f games/s" % their_rate)
    print("ratio: %.1fx LUDOpy (target 10x)" % (rate / their_rate))
    return 0


if __name__ == "__main__":
    sys.exit(main())
