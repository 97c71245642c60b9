"""Under MicroPython: the heap of each loop pass of a part of the board's game, to find
the pass that sets bench/board_heap.py's figure and see what it does.

    python bench/board_passes.py [--part begin|connect|menu|held|expert|hard|coach] [--seed 7] [--presses 8]

For each pass: what the app holds before it (after a collection), the bytes it
allocates (this port collects nothing inside a call, so its garbage counts),
their sum, and the modules it left loaded or dropped.  The parts:

- begin: the PC's `new` (classic, 4 players) on a fresh board, 20 passes;
- connect: a game of people at press 50, then the logger's `time`, `status`
  and `resend` of the last 8 events, 20 passes each;
- menu: a game of people played to its end, then the set-up menu's first three
  presses (confirm: the menu opens, then its next items);
- held: what the app holds between passes, and of it the names (the interned
  strings of everything compiled, which stay for good: their pools and text, from
  `micropython.qstr_info()`) and the game (what dropping it frees): on a fresh
  board in the set-up menu, and at press 50 of a game of people and of one with a
  Hard seat, and one with an Expert seat. The rest is the code and the app's own objects;
- expert, hard: seat B played by that kind, the coach's hint at every 5th choice (as
  board_heap.py's parts), its first presses (--presses) pass by pass; coach: the same
  in a game of people (names.COACH_KIND's hint).

A sum is not the room a pass needs (board_heap.py finds that, fragmentation
included), but the pass with the largest sum is where to look first.
"""
import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import board_heap as bh  # noqa: E402
import board_memory as bm  # noqa: E402
import mpharness  # noqa: E402

PROFILE = """
import sys
def prof(code):
    gc.collect()
    a = gc.mem_alloc()
    before = set(sys.modules)
    exec(code)
    b = gc.mem_alloc()
    now = set(sys.modules)
    print(a - base, b - a, ' '.join(sorted(now - before)), ' '.join('-' + m for m in sorted(before - now)))
"""


def passes(mp, code, n=bh.PASSES_PER_PRESS):
    """n loop passes, the first after `code`; prints a line each, returns the largest sum."""
    worst = 0
    for i in range(n):
        out = mp.run("prof(%r)\n" % (code + "app.step()\n"), keep_globals=True).split(None, 2)
        held, alloc = int(out[0]), int(out[1])
        worst = max(worst, held + alloc)
        print("  pass %2d: holds %6d, allocates %5d: %6d  %s" % (i, held, alloc, held + alloc,
                                                                 out[2].strip() if len(out) > 2 else ""))
        code = ""
    return worst


QSTR_BYTES = "micropython.qstr_info()\n"


def _names_bytes(mp):
    out = mp.run(QSTR_BYTES, keep_globals=True)
    return int(out.split("n_total_bytes=")[1].split()[0]), int(out.split("n_qstr=")[1].split(",")[0])


def _held(mp):
    mp.run("gc.collect()\n", keep_globals=True)
    return int(mp.run("print(gc.mem_alloc() - base)\n", keep_globals=True))


def held_part(params):
    """The three states, each in an interpreter of its own."""
    hard = bh.hard_params(params)
    expert = bh.hard_params(params, "expert")
    for label, p, presses in (("a fresh board, the set-up menu", params, None),
                              ("a game of people at press %d" % bh.CONNECT_AT, params, bh.CONNECT_AT),
                              ("seat B Hard + hints, at press %d" % bh.CONNECT_AT, hard, bh.CONNECT_AT),
                              ("seat B Expert + hints, at press %d" % bh.CONNECT_AT, expert, bh.CONNECT_AT)):
        mp = bh.new_interpreter(p)
        try:
            names0 = _names_bytes(mp)
            mp.run(bm.IMPORT, keep_globals=True)
            mp.run(bm.MAKE_APP, keep_globals=True)
            mp.run(bh.PASS_RESET, keep_globals=True)
            if presses is not None:
                bh._passes(mp, "b()")
                bh._play(mp, presses)
            held = _held(mp)
            names, count = _names_bytes(mp)
            game = 0
            if presses is not None:
                mp.run("app.game = None\n", keep_globals=True)
                game = held - _held(mp)
            print("%-38s holds %6d: names %6d (%4d), game %5d, code and the rest %6d"
                  % (label, held, names - names0[0], count - names0[1], game,
                     held - (names - names0[0]) - game))
        finally:
            mp.close()


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--part", default="connect", choices=("begin", "connect", "menu", "held", "expert", "hard",
                                                       "coach"))
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--presses", type=int, default=8, help="expert, hard, coach: presses shown pass by pass")
    args = p.parse_args(argv)
    reason = mpharness.unavailable_reason()
    if reason:
        print("board_passes: MicroPython unavailable: %s" % reason)
        return 1
    params = bh.bench_params(args.seed)
    if args.part == "held":
        try:
            print("between passes (bytes; names: the interned strings' pools and text, and how many)")
            held_part(params)
        finally:
            shutil.rmtree(params["drive"], ignore_errors=True)
        return 0
    if args.part in ("expert", "hard"):
        params = bh.hard_params(params, args.part)
    elif args.part == "coach":
        params = dict(params, hint_every=5)
    try:
        mp = bh.new_interpreter(params)
        try:
            mp.run(bm.IMPORT, keep_globals=True)
            mp.run(bm.MAKE_APP, keep_globals=True)
            mp.run(bh.PASS_RESET + PROFILE, keep_globals=True)
            new = 'sim.data.send(b\'{"cmd":"new","preset":"classic","players":4,"seed":%d}\\n\')\n' % args.seed
            if args.part == "begin":
                print("the PC's new:")
                worst = passes(mp, new)
            elif args.part == "menu":
                bh._passes(mp, "b()")
                bh._play(mp)
                worst = 0
                for n in range(3):
                    names, count = _names_bytes(mp)
                    print("confirm %d (names before it: %d, %d bytes):" % (n + 1, count, names))
                    worst = max(worst, passes(mp, "sim.press(2, 80)\n"))
                names, count = _names_bytes(mp)
                print("names after: %d, %d bytes" % (count, names))
            elif args.part in ("expert", "hard", "coach"):
                bh._passes(mp, "b()")
                worst = 0
                for n in range(args.presses):
                    names, count = _names_bytes(mp)
                    print("press %d (names before it: %d, %d bytes):" % (n + 1, count, names))
                    worst = max(worst, passes(mp, "k = next_key()\nif hint_due(k):\n    app.on_press(1, True)\n"
                                                  "else:\n    sim.press(k, 80)\n"))
            else:
                bh._passes(mp, "b()")
                bh._play(mp, bh.CONNECT_AT)
                last = int(mp.run("print(app.game.transcript_length)\n", keep_globals=True))
                gid = mp.run("print(app.game.game_id)\n", keep_globals=True).strip()
                worst = 0
                for line in ('{"cmd":"time","now":"2026-12-01T12:00:00Z"}', '{"cmd":"status"}',
                             '{"cmd":"resend","from":%d,"game":"%s"}' % (last - bh.CONNECT_BACK, gid)):
                    print(line)
                    worst = max(worst, passes(mp, "sim.data.send(%r)\n" % (line + "\n").encode()))
            print("largest sum: %d bytes" % worst)
        finally:
            mp.close()
    finally:
        shutil.rmtree(params["drive"], ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
