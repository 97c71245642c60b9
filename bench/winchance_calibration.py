"""How well the win-chance model (ludo.winchance) is calibrated: positions from games of
mixed players, each rolled out to the end many times, against the model's chances.

    python bench/winchance_calibration.py                        # 120 positions x 48 rollouts
    python bench/winchance_calibration.py --positions 100 --rollouts 400 --cache rollouts.json \
        --png docs/img/winchance-calibration.png                 # docs/analysis.md's figures
    python bench/winchance_calibration.py --positions 100 --rollouts 400 --cache rollouts.json \
        --weights /tmp/w.py                                      # other weights, the same rollouts

1. Plays games of mixed computer players (random, Easy, Medium, Hard) in every preset
   (2 to 4 players, default options) and takes one position from each, where a roll is
   next, at a random point of the game.
2. Plays each position to the end `--rollouts` times with the `--by` players (Hard by
   default, the strongest; every seat the same kind), each rollout with its own dice; the rollouts are
   split evenly over the rotations of which seat the first player object sits in, so no
   player object's generator favours a seat.
3. Prints the mean absolute difference between the model's chance and the rolled-out
   frequency, over every seat of every position, in percentage points (the issue's
   goal: at most 3), with the rollouts' own sampling error for comparison, and a
   table by predicted chance; `--png` draws the calibration plot.
"""
import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import ludo  # noqa: E402
from ludo import winchance  # noqa: E402
from ludo.game import ROLL  # noqa: E402
from train_winchance import computer, KIND_MIX  # noqa: E402

MAX_ACTIONS = 5000


def sample_position(job):
    """A position (text) from a game of mixed players, where a roll is next."""
    i, seed = job
    rng = random.Random(seed * 7919 + i)
    preset = ludo.PRESETS[i % 4]
    players = (2, 3, 4)[(i // 4) % 3]
    while True:
        g = ludo.Game(preset, players=players, seed=rng.getrandbits(40))
        kinds = [k for k, n in KIND_MIX for _ in range(n)]
        who = {s: computer(rng.choice(kinds), rng.getrandbits(20)) for s in g.seats}
        stop = rng.randrange(20, 500)
        n = 0
        while g.outcome() is None and n < MAX_ACTIONS:
            if g.needs_roll():
                if n >= stop and g.phase == ROLL:
                    return g.position()
                g.roll()
            else:
                g.push(who[g.turn].choose(g))
            n += 1


def rollout(job):
    """Wins per seat over `count` rollouts of the position."""
    text, count, by, seed = job
    wins = [0, 0, 0, 0]
    rng = random.Random(seed)
    for k in range(count):
        g = ludo.Game.from_position(text, seed=rng.getrandbits(40))
        seats = list(g.seats)
        shift = k % len(seats)
        who = {seats[(j + shift) % len(seats)]: computer(by, rng.getrandbits(20)) for j in range(len(seats))}
        n = 0
        while g.outcome() is None and n < MAX_ACTIONS:
            if g.needs_roll():
                g.roll()
            else:
                g.push(who[g.turn].choose(g))
            n += 1
        out = g.outcome()
        if out is not None:
            for s in out.winners:
                wins[s] += 1
    return text, wins, count


def roll_out(args, t0):
    """[(position text, wins per seat, rollouts)] of the sampled positions."""
    with multiprocessing.Pool(args.jobs) as pool:
        texts = pool.map(sample_position, [(i, args.seed) for i in range(args.positions)])
        jobs = [(t, args.rollouts, args.by, args.seed * 104729 + i) for i, t in enumerate(texts)]
        results = []
        for k, r in enumerate(pool.imap(rollout, jobs), 1):
            results.append(r)
            if k % max(1, args.positions // 10) == 0:
                print("rolled out %d/%d positions, %.0f s" % (k, args.positions, time.time() - t0), flush=True)
    return results


def read_cache(path, key):
    """The cached rollouts for `key`, or None (no file, or other positions or players)."""
    if not path or not os.path.exists(path):
        return None
    with open(path) as fh:
        data = json.load(fh)
    if data.get("key") != key:
        print("%s holds other rollouts (%s): rolling out again" % (path, data.get("key")))
        return None
    print("rollouts read from %s" % path)
    return [tuple(r) for r in data["results"]]


def load_weights(path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("candidate_weights", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=120)
    ap.add_argument("--rollouts", type=int, default=48)
    ap.add_argument("--by", default="hard", choices=("random", "easy", "medium", "hard"),
                    help="the players of the rollouts (default hard: the strongest)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--png", help="draw the calibration plot to this PNG file")
    ap.add_argument("--cache", help="a JSON file of the rollouts: written after rolling out, read "
                                    "instead of rolling out when it holds the same positions, "
                                    "rollouts and players (to judge other weights on the same rollouts)")
    ap.add_argument("--weights", help="judge these weights (a module as bench/train_winchance.py "
                                      "writes) instead of the firmware's")
    args = ap.parse_args()
    t0 = time.time()
    if args.weights:
        winchance.W = load_weights(args.weights)
    key = {"positions": args.positions, "rollouts": args.rollouts, "by": args.by, "seed": args.seed}
    results = read_cache(args.cache, key)
    if results is None:
        results = roll_out(args, t0)
        if args.cache:
            with open(args.cache, "w") as fh:
                json.dump({"key": key, "results": results}, fh)
    pairs = []              # (predicted, rolled out, rollouts) per seat (teams: once per team)
    for text, wins, count in results:
        g = ludo.Game.from_position(text)
        c = winchance.chances(g)
        seen = set()
        for s in g.seats:
            team = winchance.team_of(g.rules, s)
            if seen & set(team):
                continue
            seen.update(team)
            pairs.append((c[s] / 100.0, 100.0 * sum(wins[t] for t in team) / count, count))
    mad = sum(abs(p - q) for p, q, _ in pairs) / len(pairs)
    noise = sum(math.sqrt(q / 100 * (1 - q / 100) / n) * 100 * math.sqrt(2 / math.pi)
                for _, q, n in pairs) / len(pairs)
    print()
    print("%d positions (%d seats), %d rollouts each by %s players, %.0f s%s"
          % (len(results), len(pairs), args.rollouts, args.by, time.time() - t0,
             ", weights " + args.weights if args.weights else ""))
    print("mean absolute difference, model against rollouts: %.2f points (goal <= 3)" % mad)
    print("  the rollouts' own sampling error alone would give about %.2f points" % noise)
    rest = math.sqrt(max(0.0, mad * mad - noise * noise))
    print("  the model's own share, were the two independent (root of the difference of squares): "
          "about %.2f points" % rest)
    print()
    print("predicted    seats  mean predicted  mean rolled out")
    bins = [(0, 10), (10, 20), (20, 30), (30, 40), (40, 50), (50, 60), (60, 70), (70, 80), (80, 90), (90, 101)]
    for lo, hi in bins:
        inside = [(p, q) for p, q, _ in pairs if lo <= p < hi]
        if inside:
            print("%3d-%-3d %10d %15.1f %16.1f" % (lo, min(hi, 100), len(inside),
                                                  sum(p for p, _ in inside) / len(inside),
                                                  sum(q for _, q in inside) / len(inside)))
    if args.png:
        draw(pairs, bins, mad, args)
        print("wrote %s" % args.png)


def draw(pairs, bins, mad, args):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(5, 5), dpi=100)
    ax.scatter([p for p, _, _ in pairs], [q for _, q, _ in pairs], s=6, alpha=0.35, label="a seat of a position")
    xs, ys = [], []
    for lo, hi in bins:
        inside = [(p, q) for p, q, _ in pairs if lo <= p < hi]
        if inside:
            xs.append(sum(p for p, _ in inside) / len(inside))
            ys.append(sum(q for _, q in inside) / len(inside))
    ax.plot(xs, ys, "o-", color="C3", label="mean per 10 points")
    ax.plot([0, 100], [0, 100], "k--", lw=1, label="perfect")
    ax.set_xlabel("model's win chance (%)")
    ax.set_ylabel("rolled-out win rate (%)")
    ax.set_title("Win chance calibration: mean |diff| %.1f points\n%d positions x %d rollouts (%s)"
                 % (mad, args.positions, args.rollouts, args.by), fontsize=9)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(args.png)


if __name__ == "__main__":
    main()
