"""The win chance (ludo.winchance) under the real MicroPython interpreter: its heap and time.

    python bench/winchance_micropython.py

Prints:
- the heap `from ludo import winchance` keeps (the module and its weights), with a
  game already loaded (not counted);
- the bytes one `winchance.chances(game)` call allocates (gc.mem_alloc difference with
  the collector off), where a roll is next and where a move is due (that looks at
  every legal move on a copy of the game), over the positions of a game;
- the time per call in this WebAssembly build, and the range on an RP2040 (20-50x slower,
  as bench/ai_micropython.py estimates it).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))
import mpharness  # noqa: E402

RP2040_SLOWER = (20, 50)

SETUP = """
import gc, time
import ludo
g = ludo.Game("classic", players=4, seed=5)
"""

MEASURE = """
from ludo import winchance
""" + mpharness.LCG_SOURCE + """rng = Lcg(3)
stats = {"roll": [], "move": []}
n = 0
while g.outcome() is None and n < 400:
    if n % 5 == 0:
        kind = "roll" if g.needs_roll() else "move"
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
        t = time.ticks_us()
        winchance.chances(g)
        dt = time.ticks_diff(time.ticks_us(), t)
        used = gc.mem_alloc() - a
        gc.enable()
        stats[kind].append((dt, used))
    if g.needs_roll():
        g.roll()
    else:
        moves = g.legal_moves
        g.push(moves[rng.below(len(moves))])
    n += 1
for kind in ("roll", "move"):
    xs = stats[kind]
    print(kind, len(xs), sum(x[0] for x in xs) // len(xs), max(x[0] for x in xs),
          sum(x[1] for x in xs) // len(xs), max(x[1] for x in xs))
"""


def main():
    mp = mpharness.MicroPython()
    try:
        kept = mp.retained_bytes("from ludo import winchance", setup=SETUP)
        out = mp.run_steps([SETUP, MEASURE])[-1]
    finally:
        mp.close()
    print("heap kept by `from ludo import winchance` (module and weights): %d bytes" % kept)
    for line in out.strip().split("\n"):
        kind, calls, mean_us, worst_us, mean_b, worst_b = line.split()
        mean_us, worst_us = int(mean_us), int(worst_us)
        print("chances() where a %s is next (%s calls): %s bytes allocated on average, %s at most; "
              "%.1f ms on average, %.1f ms at most here; RP2040 estimate %.2f-%.2f s at most"
              % (kind, calls, mean_b, worst_b, mean_us / 1000, worst_us / 1000,
                 worst_us * RP2040_SLOWER[0] / 1e6, worst_us * RP2040_SLOWER[1] / 1e6))


if __name__ == "__main__":
    main()
