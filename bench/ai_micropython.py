"""Time and memory of the computer players under the real MicroPython interpreter.

Plays whole 4-player games with every seat played by the level under test
(so every decision is that level's) and measures each decision that had a
choice (two or more legal moves):
- time (time.ticks_us) in this WebAssembly build: an RP2040 running
  CircuitPython is roughly 20-50x slower, so the estimate printed is that range;
- bytes allocated (gc.mem_alloc difference with the collector off);
- positions judged (Hard's and Expert's budgets);
- for Expert, again as the board plays it: with its deadline on a clock running 20
  and 50 times faster (ludo.ai.expert.EXPERT_TIME_MS; the decision's time times that
  is the board's, the time's granularity a millisecond of this build's).
Prints the mean, the 95th percentile and the worst case with its position,
then the five slowest positions timed again with a warm player (a player's
first decision in a game also copies the game and builds its tables, and the
WebAssembly heap grows in the first calls), the heap the level keeps between
decisions (also as the board plays it: Hard and Expert with keep off, their
tables, search game and buffers made again each decision) and the heap the
imports cost (ludo.ai.easy and ludo.ai.medium: Easy and Medium; ludo.ai.hard:
Hard and its parts, which load without them; ludo.ai.expert: Expert with the
win chance and its weights; each with the package ludo.ai and ludo.ai.base).  The timer ticks
in whole milliseconds in this build.

    python bench/ai_micropython.py                     # Hard, classic, 2 games
    python bench/ai_micropython.py --level hard --preset club --options teams=1 --games 3
    python bench/ai_micropython.py --level hard,expert --games 3   # Expert beside Hard

Several levels (comma-separated) are measured one after the other on the same
games' seeds and summed up side by side at the end.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import mpharness  # noqa: E402
from ai_tournament import _options  # noqa: E402

RP2040_SLOWER = (20, 50)
DECISIONS_PER_CALL = 60     # MicroPython frees nothing inside one call: keep calls short

SETUP = """
import gc, time
import ludo
from ludo import ai
CLASSES = {"easy": ai.Easy, "medium": ai.Medium, "hard": ai.Hard, "expert": ai.Expert}   # each loaded from its module of ludo.ai
game = ludo.Game(%(preset)r, players=4, seed=%(seed)d, options=%(options)r)
players = [CLASSES[%(level)r](seed=%(seed)d * 4 + s) for s in range(4)]
SLOWER = %(slower)d
LATE = None
if SLOWER:      # as the board plays it: a clock that many times faster than this one (a board
    from ludo.ai.lookahead import LATE      # that many times slower), its search made between
    def board_clock():                      # passes (prepare)
        return (time.ticks_ms() * SLOWER) & 0x1FFFFFFF
    for p in players:
        p.clock = board_clock
        p.keep = False
"""

STEP = """
gc.collect()
done = 0
while game.outcome() is None and done < %(per_call)d:
    if game.needs_roll():
        game.roll()
        continue
    p = players[game.turn]
    choices = len(game.legal_moves)
    if choices < 2:
        game.push(p.choose(game))
        continue
    if SLOWER:
        while not p.prepare(game):
            pass
    gc.disable()
    a0 = gc.mem_alloc()
    t0 = time.ticks_us()
    move = p.choose(game)
    dt = time.ticks_diff(time.ticks_us(), t0)
    a1 = gc.mem_alloc()
    gc.enable()
    late = int(LATE is not None and p._left <= LATE)    # the deadline passed
    print("D %%d %%d %%d %%d %%d %%s" %% (dt, a1 - a0, getattr(p, "nodes", 0), choices, late, game.position()))
    game.push(move)
    done += 1
print("OVER" if game.outcome() is not None else "MORE")
"""

RETIME = """
import time
import ludo
from ludo import ai
for text in %(positions)r:
    g = ludo.Game.from_position(text)
    p = ai.%(cls)s(seed=1)
    p.choose(g)                     # the first call copies the game and builds its tables
    times = []
    for i in range(5):
        t0 = time.ticks_us()
        p.choose(g)
        times.append(time.ticks_diff(time.ticks_us(), t0))
    times.sort()
    print("R %%d %%s" %% (times[2], text))
"""

RETAINED_SETUP = """
import ludo
g = ludo.Game(%(preset)r, players=4, seed=%(seed)d, options=%(options)r)
while g.needs_roll() or len(g.legal_moves) < 2:
    if g.needs_roll():
        g.roll()
    else:
        g.push(g.legal_moves[0])
"""


def percentile(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(q * len(v)))]


def measure_games(mp, args, options, slower=0):
    """Each decision with a choice: (us, bytes, positions judged, moves, position, late).
    slower: the players' clock that many times faster (the deadline of a board that many
    times slower than this build)."""
    rows = []
    for k in range(args.games):
        params = {"preset": args.preset, "seed": args.seed + k, "options": options or {},
                  "level": args.level, "per_call": DECISIONS_PER_CALL, "slower": slower}
        mp.run(SETUP % params, reset=True)
        while True:
            out = mp.run(STEP % params, keep_globals=True)
            for line in out.splitlines():
                if line.startswith("D "):
                    us, alloc, nodes, choices, late, position = line[2:].split(" ", 5)
                    rows.append((int(us), int(alloc), int(nodes), int(choices), position, int(late)))
            if "OVER" in out:
                break
    return rows


CODE_IMPORTS = (("ludo.ai.easy and .medium (Easy, Medium)", "from ludo.ai import easy, medium\n"),
                ("ludo.ai.hard (Hard and its parts)", "from ludo.ai import hard\n"),
                ("ludo.ai.expert (Expert and its look-ahead, with the win chance's parts the board "
                 "loads: ludo.winchance_judge and what it imports)",
                 "from ludo.ai import expert\nfrom ludo import winchance_judge\n"))


def measure_level(mp, args, options, level):
    """Measure one level; prints its figures and returns its summary row."""
    args.level = level
    cls = level.capitalize()
    rows = measure_games(mp, args, options)
    params = {"preset": args.preset, "seed": args.seed, "options": options or {}}
    slowest = sorted(rows, key=lambda r: -r[0])[:5]
    retimed = []
    out = mp.run(RETIME % {"positions": [r[4] for r in slowest], "cls": cls})
    for line in out.splitlines():
        if line.startswith("R "):
            us, position = line[2:].split(" ", 1)
            retimed.append((int(us), position))
    setup = RETAINED_SETUP % params + "from ludo import ai, winchance\nfrom ludo.ai import easy, medium, hard, expert\n"
    kept = mp.retained_bytes("p = ai.%s()\np.choose(g)\n" % cls, setup=setup)
    kept_board = mp.retained_bytes("p = ai.%s()\np.keep = False\np.choose(g)\n" % cls, setup=setup)
    if not rows:
        sys.exit("no decision with a choice was played")
    times = [r[0] / 1000.0 for r in rows]
    allocs = [r[1] for r in rows]
    nodes = [r[2] for r in rows]
    worst = max(rows, key=lambda r: r[0])
    mean = sum(times) / len(times)
    print("%s, %s%s, %d games, %d decisions with a choice (MicroPython %s, WebAssembly)" % (
        level, args.preset, " " + args.options if args.options else "", args.games, len(rows),
        "1.27"))
    print("time per decision, ms:    mean %.1f   p95 %.1f   worst %.1f" % (
        mean, percentile(times, 0.95), max(times)))
    print("RP2040 estimate (x%d-x%d): mean %.2f-%.2f s   p95 %.2f-%.2f s   worst %.2f-%.2f s" % (
        RP2040_SLOWER[0], RP2040_SLOWER[1],
        mean * RP2040_SLOWER[0] / 1000, mean * RP2040_SLOWER[1] / 1000,
        percentile(times, 0.95) * RP2040_SLOWER[0] / 1000, percentile(times, 0.95) * RP2040_SLOWER[1] / 1000,
        max(times) * RP2040_SLOWER[0] / 1000, max(times) * RP2040_SLOWER[1] / 1000))
    print("bytes allocated per decision: mean %d   p95 %d   worst %d" % (
        sum(allocs) // len(allocs), percentile(allocs, 0.95), max(allocs)))
    if max(nodes):
        print("positions judged per decision: mean %.1f   worst %d" % (sum(nodes) / len(nodes), max(nodes)))
    print("worst decision: %.1f ms, %d bytes, %d positions, %d moves to choose from, in" % (
        worst[0] / 1000.0, worst[1], worst[2], worst[3]))
    print("  " + worst[4])
    again = max(retimed)
    print("the 5 slowest positions timed again with a warm player (median of 5): worst %.1f ms"
          " (RP2040 estimate %.2f-%.2f s), in" % (again[0] / 1000.0, again[0] * RP2040_SLOWER[0] / 1e6,
                                                 again[0] * RP2040_SLOWER[1] / 1e6))
    print("  " + again[1])
    print("heap kept by the player between decisions: %d bytes (as the board plays it, keep off: %d bytes)"
          % (kept, kept_board))
    if level == "expert":
        deadline(mp, args, options)
    print()
    return (level, len(rows), mean, percentile(times, 0.95), max(times), again[0] / 1000.0,
            sum(allocs) // len(allocs), max(allocs), kept, kept_board)


def deadline(mp, args, options):
    """Expert as the board plays it: its deadline (ludo.ai.expert.EXPERT_TIME_MS) on a clock
    running x20 and x50 (a board that much slower than this build), its search made before
    the decision (prepare, in the loop passes before); the decision's time times that."""
    for slower in RP2040_SLOWER:
        rows = measure_games(mp, args, options, slower)
        times = [r[0] * slower / 1e6 for r in rows]
        late = sum(r[5] for r in rows)
        print("as the board plays it at x%d, with its deadline: mean %.2f s   p95 %.2f s   worst %.2f s;"
              " the deadline cut %d of %d decisions (%.1f%%); positions judged: mean %.1f" % (
                  slower, sum(times) / len(times), percentile(times, 0.95), max(times), late, len(rows),
                  100.0 * late / len(rows), sum(r[2] for r in rows) / len(rows)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="hard",
                    help="easy, medium, hard or expert; several comma-separated (default hard)")
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--options", default="", help="e.g. teams=1,quick=1")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    levels = args.level.split(",")
    for level in levels:
        if level not in ("easy", "medium", "hard", "expert"):
            ap.error("--level: easy, medium, hard or expert, not %r" % level)
    options = _options(args.options) if args.options else None
    reason = mpharness.unavailable_reason()
    if reason:
        sys.exit("ai_micropython: %s" % reason)
    with mpharness.MicroPython() as mp:
        summary = [measure_level(mp, args, options, level) for level in levels]
        code_base = mp.retained_bytes("from ludo.ai import base\n", setup="import ludo\n")
        code = [(what, mp.retained_bytes(imp, setup="import ludo\n")) for what, imp in CODE_IMPORTS]
    print("heap taken by the code, each with the package and ludo.ai.base (%d bytes): %s" % (
        code_base, "; ".join("%s %d bytes" % (what, n) for what, n in code)))
    if len(summary) > 1:
        print()
        print("%-7s %9s %9s %9s %9s %11s %19s %17s %14s" % (
            "level", "decisions", "mean ms", "p95 ms", "worst ms", "warm worst",
            "RP2040 mean / worst", "bytes mean/worst", "kept (board)"))
        lo, hi = RP2040_SLOWER
        for level, n, mean, p95, worst, warm, amean, aworst, kept, kept_board in summary:
            print("%-7s %9d %9.1f %9.1f %9.1f %11.1f %8.2f / %.2f-%.2f s %8d / %6d %7d (%d)" % (
                level, n, mean, p95, worst, warm, mean * hi / 1000, worst * lo / 1000, worst * hi / 1000,
                amean, aworst, kept, kept_board))
        print("(RP2040: the mean at x%d, the worst at x%d-x%d)" % (hi, lo, hi))


if __name__ == "__main__":
    main()
