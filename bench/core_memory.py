"""Memory of the rules core under a real MicroPython interpreter (WebAssembly, Node).

    python bench/core_memory.py

Prints: heap held by `import ludo` plus a finished 4-player classic game (target:
under 32 KB), bytes allocated by iterating `legal_moves` (target: 0), by the
`legal_moves` property access that builds a position's moves, by one push and
by one pop.
"""
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))
import mpharness  # noqa: E402

# The bench's own random source: set up before the baseline (it is not the package's heap)
DRIVER = mpharness.LCG_SOURCE
PLAY = """
import ludo
rng = Lcg(7)
g = ludo.Game("classic", players=4, seed=7)
while g.outcome() is None:
    if g.needs_roll():
        g.roll()
    else:
        ms = g.legal_moves
        g.push(ms[rng.below(len(ms))])
"""
# The package where the board has it, at the drive's root: each module's file name stays on
# the heap as an interned string, so a longer path (the checkout's) would count bytes the board has not.
FIRMWARE_MOUNT = os.path.join(ROOT, "firmware") + "=/"

PER_OP = """
import gc, ludo
g = ludo.Game.from_position("classic RGYB R=0,10,20,y/G=13,y,y,y/Y=y,y,y,y/B=y,y,y,y R roll - 0 0", seed=5)
g.roll(5)
def walk(moves):
    n = 0
    for m in moves:
        n += m.roll
    return n
def measure(f):
    gc.collect()
    a = gc.mem_alloc()
    f()
    return gc.mem_alloc() - a
moves = g.legal_moves
r = [0, 0, 0, 0, 0]
r[0] = measure(lambda: walk(moves))
def access():
    g._legal = None
    g._nl = -1
    return g.legal_moves
r[1] = measure(access)
m = g.legal_moves[0]
r[2] = measure(lambda: g.push(m))
r[3] = measure(lambda: g.pop())
r[4] = len(moves)
print(r[0], r[1], r[2], r[3], r[4])
"""


def main():
    reason = mpharness.unavailable_reason()
    if reason:
        print("MicroPython unavailable:", reason)
        return 1
    with mpharness.MicroPython(mounts=[FIRMWARE_MOUNT]) as mp:
        package = mp.retained_bytes("import ludo")
        total = mp.retained_bytes(PLAY, setup=DRIVER)
        game = mp.retained_bytes(PLAY.replace("import ludo\n", ""), setup="import ludo\n" + DRIVER)
        n_actions = mp.run(DRIVER + PLAY + "print(len(g))").strip()
        it, build, push, pop, n = mp.run(PER_OP).split()
    print("MicroPython %s" % "1.27 (WebAssembly)")
    print("import ludo:                          %6d bytes" % package)
    print("a finished classic game (%s actions): %6d bytes" % (n_actions, game))
    print("import + finished game:               %6d bytes  (target < 32768)" % total)
    print("iterating legal_moves (%s moves):      %6s bytes  (target 0)" % (n, it))
    print("legal_moves built for a new position:  %6s bytes" % build)
    print("one push:                              %6s bytes" % push)
    print("one pop (restore + replay):            %6s bytes" % pop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
