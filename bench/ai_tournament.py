"""Computer players against each other: win rate of one player against three others.

Every game is a 4-player game; the player under test ("hero") sits in seat
i % 4 of game i (seats rotated), the other three seats are played by the
opponent kind.  Each game has its own dice seed, so a run is reproducible.
Prints, per preset and pairing, the hero's wins, win rate and 95% Wilson
interval, the target from issue 5, and the time taken.

    python bench/ai_tournament.py                       # a small run (a few minutes)
    python bench/ai_tournament.py --games 4000          # the figures in docs/computer-players.md
    python bench/ai_tournament.py --presets club --options mode=free --pairings hard-medium

Pairings: hero-opponent with kinds random, easy, medium, hard.
"""
import argparse
import math
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import ludo  # noqa: E402
from ludo import ai  # noqa: E402

TARGETS = {"hard-random": 0.75, "hard-medium": 0.40, "medium-easy": 0.50}
DEFAULT_PAIRINGS = ("hard-random", "hard-medium", "medium-easy")
MAX_ACTIONS = 5000          # a game longer than this is reported as unfinished


class RandomMover:
    """Any legal move, uniformly (the published baseline opponent)."""

    def __init__(self, seed=0):
        self.rng = ai.Rng(seed)

    def choose(self, game):
        legal = game.legal_moves
        return legal[self.rng.below(len(legal))] if legal else None


KINDS = {"random": RandomMover, "easy": ai.Easy, "medium": ai.Medium, "hard": ai.Hard}


def wilson(wins, n, z=1.96):
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def play_one(job):
    """One game; returns (hero_won, hero_seat, actions, hero_decisions, hero_seconds)."""
    preset, options, hero_kind, opp_kind, index, base_seed = job
    seed = base_seed * 1000003 + index
    game = ludo.Game(preset, players=4, seed=seed, options=options)
    hero_seat = game.seats[index % 4]
    players = {}
    for k, s in enumerate(game.seats):
        kind = hero_kind if s == hero_seat else opp_kind
        players[s] = KINDS[kind](seed=seed * 7 + k)
    decisions = 0
    spent = 0.0
    n = 0
    while game.outcome() is None and n < MAX_ACTIONS:
        if game.needs_roll():
            game.roll()
        else:
            p = players[game.turn]
            if game.turn == hero_seat:
                t = time.perf_counter()
                m = p.choose(game)
                spent += time.perf_counter() - t
                decisions += 1
            else:
                m = p.choose(game)
            game.push(m)
        n += 1
    out = game.outcome()
    won = out is not None and hero_seat in out.winners
    return won, hero_seat, n, decisions, spent


def run_pairing(pool, preset, options, pairing, games, base_seed):
    hero, opp = pairing.split("-")
    jobs = [(preset, options, hero, opp, i, base_seed) for i in range(games)]
    t0 = time.time()
    results = pool.map(play_one, jobs, chunksize=max(1, games // 64))
    wall = time.time() - t0
    wins = sum(1 for r in results if r[0])
    decisions = sum(r[3] for r in results)
    spent = sum(r[4] for r in results)
    return wins, games, wall, decisions, spent


def _options(text):
    """'mode=free,quick=1,tokens_to_win=2' -> the options dict."""
    out = {}
    for item in text.split(","):
        name, _, value = item.partition("=")
        if value.isdigit():
            out[name] = int(value) if name in ("tokens_to_win", "deadline") else value == "1"
        else:
            out[name] = value
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per preset and pairing (default 200)")
    ap.add_argument("--presets", default="classic,family", help="comma-separated presets")
    ap.add_argument("--options", default="", help="options for every preset, e.g. mode=free,quick=1")
    ap.add_argument("--pairings", default=",".join(DEFAULT_PAIRINGS),
                    help="hero-opponent pairs (kinds: random, easy, medium, hard)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--seed", type=int, default=1, help="base of the games' dice seeds")
    args = ap.parse_args(argv)
    options = _options(args.options) if args.options else None
    print("%-8s %-12s %6s %6s %7s %17s %7s %9s %8s" % (
        "preset", "pairing", "games", "wins", "rate", "95% interval", "target", "ms/dec", "wall s"))
    with multiprocessing.Pool(args.workers) as pool:
        for preset in args.presets.split(","):
            for pairing in args.pairings.split(","):
                wins, n, wall, decisions, spent = run_pairing(pool, preset, options, pairing,
                                                              args.games, args.seed)
                lo, hi = wilson(wins, n)
                target = TARGETS.get(pairing)
                print("%-8s %-12s %6d %6d %6.1f%% %7.1f%% - %5.1f%% %7s %9.2f %8.0f" % (
                    preset + ("*" if options else ""), pairing, n, wins, 100.0 * wins / n,
                    100 * lo, 100 * hi, ("%d%%" % (100 * target)) if target else "-",
                    1000.0 * spent / max(1, decisions), wall))
                sys.stdout.flush()
    if options:
        print("* options: %s" % args.options)


if __name__ == "__main__":
    main()
