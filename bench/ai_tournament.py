"""Computer players against each other: win rate of one player against the others.

The player under test ("hero") plays against opponents of one kind.  Two ways:

- ordinary (default): game i has its own dice seed and the hero sits in seat
  i % n (seats rotated); 95% Wilson interval.
- duplicate dice (--duplicate, and --expert): each deal gives every seat its own
  sequence of dice (seat k's j-th roll is the same whatever happens), and the
  deal is played once per seat with the hero rotated through them, so every
  player meets the same luck in the same seat.  The 95% interval is the normal
  one over the deals' results (each deal's 2 or 4 games together), which is
  honest about the games of a deal not being independent.

Prints, per preset and pairing, the hero's wins, win rate and 95% interval, the
target (issue 5's for Hard and Medium, issue 27's for Expert) and the time taken.

    python bench/ai_tournament.py                       # a small run (a few minutes)
    python bench/ai_tournament.py --games 4000          # the figures in docs/computer-players.md
    python bench/ai_tournament.py --presets club --options mode=free --pairings hard-medium
    python bench/ai_tournament.py --expert --games 2000 # Expert: issue 27's figures, duplicate dice

Pairings: hero-opponent with kinds random, easy, medium, hard, expert.
"""
import argparse
import math
import multiprocessing
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

import ludo  # noqa: E402
from ludo import ai  # noqa: E402

# (pairing, players): the goal
TARGETS = {("hard-random", 4): 0.75, ("hard-medium", 4): 0.40, ("medium-easy", 4): 0.50,
           ("expert-random", 4): 0.82, ("expert-hard", 4): 0.33}
DEFAULT_PAIRINGS = ("hard-random", "hard-medium", "medium-easy")
# --expert: (preset, options, players, pairings); the goals are classic 4-player's
EXPERT_RUNS = (
    ("classic", "", 4, ("expert-random", "expert-hard")),
    ("classic", "", 2, ("expert-random", "expert-hard")),
    ("family", "", 4, ("expert-random", "expert-hard")),
    ("strict", "", 4, ("expert-random", "expert-hard")),
    ("club", "", 4, ("expert-random", "expert-hard")),
    ("club", "teams=1", 4, ("expert-hard",)),
)
MAX_ACTIONS = 5000          # a game longer than this is reported as unfinished


class RandomMover:
    """Any legal move, uniformly (the published baseline opponent)."""

    def __init__(self, seed=0):
        self.rng = ai.Rng(seed)

    def choose(self, game):
        legal = game.legal_moves
        return legal[self.rng.below(len(legal))] if legal else None


KINDS = {"random": RandomMover, "easy": ai.Easy, "medium": ai.Medium, "hard": ai.Hard,
         "expert": ai.Expert}


def wilson(wins, n, z=1.96):
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def mean_interval(values, z=1.96):
    """95% normal interval of the mean of values (each one deal's win share)."""
    n = len(values)
    if n < 2:
        return 0.0, 1.0
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return max(0.0, m - half), min(1.0, m + half)


class SeatDice:
    """Duplicate dice: each seat its own sequence of rolls for one deal."""

    def __init__(self, deal_seed):
        self.streams = [random.Random(deal_seed * 4 + s) for s in range(4)]

    def roll(self, seat):
        return self.streams[seat].randint(1, 6)


def play_one(job):
    """One game; returns (hero_won, hero_seat, actions, hero_decisions, hero_seconds)."""
    preset, options, players_n, hero_kind, opp_kind, index, base_seed, duplicate = job
    if duplicate:
        deal, rot = divmod(index, players_n)
        seed = base_seed * 1000003 + deal
        dice = SeatDice(seed)
    else:
        seed = base_seed * 1000003 + index
        rot = index % players_n
        dice = None
    game = ludo.Game(preset, players=players_n, seed=seed, options=options)
    hero_seat = game.seats[rot]
    players = {}
    for k, s in enumerate(game.seats):
        kind = hero_kind if s == hero_seat else opp_kind
        # an opponent's seed belongs to its seat, the hero's to the deal: the same
        # opponents in every game of a deal
        players[s] = KINDS[kind](seed=seed * 7 + k)
    decisions = 0
    spent = 0.0
    n = 0
    while game.outcome() is None and n < MAX_ACTIONS:
        if game.needs_roll():
            if dice is None:
                game.roll()
            else:
                game.roll(dice.roll(game.turn))
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


def run_pairing(pool, preset, options, players_n, pairing, games, base_seed, duplicate):
    """(wins, games, (lo, hi), wall seconds, hero decisions, hero seconds)."""
    hero, opp = pairing.split("-")
    if duplicate:
        games = max(players_n, games - games % players_n)
    jobs = [(preset, options, players_n, hero, opp, i, base_seed, duplicate) for i in range(games)]
    t0 = time.time()
    results = pool.map(play_one, jobs, chunksize=max(1, games // 64))
    wall = time.time() - t0
    wins = sum(1 for r in results if r[0])
    decisions = sum(r[3] for r in results)
    spent = sum(r[4] for r in results)
    if duplicate:
        shares = [sum(1 for r in results[d:d + players_n] if r[0]) / players_n
                  for d in range(0, games, players_n)]
        interval = mean_interval(shares)
    else:
        interval = wilson(wins, games)
    return wins, games, interval, wall, decisions, spent


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


HEADER = "%-8s %-9s %2s %-14s %6s %6s %7s %17s %7s %9s %8s" % (
    "preset", "options", "n", "pairing", "games", "wins", "rate", "95% interval", "target",
    "ms/dec", "wall s")


def report(pool, preset, opt_text, players_n, pairing, games, seed, duplicate):
    options = _options(opt_text) if opt_text else None
    wins, n, (lo, hi), wall, decisions, spent = run_pairing(
        pool, preset, options, players_n, pairing, games, seed, duplicate)
    target = TARGETS.get((pairing, players_n)) if preset == "classic" and not opt_text else None
    print("%-8s %-9s %2d %-14s %6d %6d %6.1f%% %7.1f%% - %5.1f%% %7s %9.2f %8.0f" % (
        preset, opt_text or "-", players_n, pairing, n, wins, 100.0 * wins / n,
        100 * lo, 100 * hi, ("%d%%" % round(100 * target)) if target else "-",
        1000.0 * spent / max(1, decisions), wall))
    sys.stdout.flush()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per preset and pairing (default 200)")
    ap.add_argument("--presets", default="classic,family", help="comma-separated presets")
    ap.add_argument("--options", default="", help="options for every preset, e.g. mode=free,quick=1")
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4), help="players a game (default 4)")
    ap.add_argument("--pairings", default=",".join(DEFAULT_PAIRINGS),
                    help="hero-opponent pairs (kinds: %s)" % ", ".join(sorted(KINDS)))
    ap.add_argument("--duplicate", action="store_true",
                    help="duplicate dice: each deal played once per seat with the hero rotated")
    ap.add_argument("--expert", action="store_true",
                    help="issue 27's figures for Expert (duplicate dice): classic 4-player against "
                         "random and Hard (the goals), 2-player, the other presets, club with teams")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--seed", type=int, default=1, help="base of the games' dice seeds")
    args = ap.parse_args(argv)
    for pairing in args.pairings.split(","):
        kinds = pairing.split("-")
        if len(kinds) != 2 or not all(k in KINDS for k in kinds):
            ap.error("pairing %r: hero-opponent, kinds %s" % (pairing, ", ".join(sorted(KINDS))))
    print(HEADER)
    with multiprocessing.Pool(args.workers) as pool:
        if args.expert:
            for preset, opt_text, players_n, pairings in EXPERT_RUNS:
                for pairing in pairings:
                    report(pool, preset, opt_text, players_n, pairing, args.games, args.seed, True)
        else:
            for preset in args.presets.split(","):
                for pairing in args.pairings.split(","):
                    report(pool, preset, args.options, args.players, pairing, args.games, args.seed,
                           args.duplicate)
    print("(%s; n: players a game)" % ("duplicate dice: the interval is over the deals"
                                       if args.expert or args.duplicate else "95% Wilson interval"))


if __name__ == "__main__":
    main()
