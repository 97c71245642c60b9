"""How long `ludo-host analyse` takes for one game (goal: a 4-player game of about 700
actions in at most 1 s on a PC; docs/analysis.md).

    python bench/analysis_speed.py              # classic, 4 Medium players, seed 1
    python bench/analysis_speed.py --preset club --seed 3

Plays a game of Medium players to the end (the seed is moved on until the game has
600 to 800 actions), then analyses its record a few times and prints the best time
and the time per action.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "host"))

import ludo  # noqa: E402
from ludo import ai  # noqa: E402
from ludo_host.analysis.engine import analyse_record  # noqa: E402


def game_of_about(preset, players, seed, low=600, high=800):
    """A finished game of Medium players with low..high actions (its record text) and its seed."""
    while True:
        g = ludo.Game(preset, players=players, seed=seed)
        who = {s: ai.Medium(seed=seed + s) for s in g.seats}
        while g.outcome() is None:
            if g.needs_roll():
                g.roll()
            else:
                g.push(who[g.turn].choose(g))
        if low <= len(g) <= high:
            return str(g.record()), seed
        seed += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    text, seed = game_of_about(args.preset, args.players, args.seed)
    rec = ludo.Record.parse(text)
    best = None
    for _ in range(args.repeat):
        t = time.perf_counter()
        result = analyse_record(ludo.Record.parse(text))
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    rolls = sum(1 for a in result["actions"] if "luck" in a)
    print("%s, %d players, seed %d: %d actions (%d rolls), analysed in %.3f s (best of %d), "
          "%.2f ms an action; goal <= 1 s" % (args.preset, args.players, seed, len(rec.actions), rolls,
                                              best, args.repeat, 1000 * best / len(rec.actions)))


if __name__ == "__main__":
    main()
