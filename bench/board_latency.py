"""The board's latency under MicroPython: boot to first frame, and press to frame.

The app runs as firmware/code.py runs it (`import hw`, `from ludoboard.app import
App`, `App(hw.Hardware(hw.load_settings()))`, then loop passes `app.step()`), at
the board's `opt_level(3)`, compiling its modules from .py, on the stand-in
hardware (host/ludo_host/virtual/stubs/) under the npm package's MicroPython
(WebAssembly, Node). Only that surface and the stand-ins are used.

- Boot to first frame: from the start of `import hw` to the first `show()` of
  the pixels. Each boot is a fresh interpreter (nothing compiled yet), after the
  reference loops ran in it (Node compiles the interpreter's hot WebAssembly
  code as it first runs).
- Press to frame: a press (key down and up at once: the buttons act on the
  release) put into the keypad stand-in's queue, to the next shown frame that
  differs from the last. The set-up menu at power-up (every page), then a whole
  game of people: roll, select, confirm (and confirm again after a capture, when
  the tokens are put right), then the confirm that opens the set-up menu again.
  The PC's logger is attached (the events the board sends decide the next
  button, as a person reads the lights); between two presses 20 loop passes run
  (200 ms of the stand-in's clock), as in the other benches.
- Times come from a clock read inside the running interpreter, so the time
  Node takes between calls is not counted. This port's `time.ticks_us()` counts
  whole milliseconds, and wall time counts the time other programs on this
  shared machine take the CPU, so the clock is the CPU time of Node's process
  (`process.cpuUsage()` through the port's `js` module, in microseconds; Node's
  own thread waits while the interpreter runs). The cost of one read is taken off.
- RP2040: the loops of a published benchmark table (one integer operation in a
  `for ... in range` loop) are timed here; the published time of the integer
  addition on an RP2040 at 125 MHz under CircuitPython, over its time here, is
  the factor that scales the figures. The machine here is shared and its speed
  moves, so the addition is also timed briefly beside each boot and each call of
  presses, and each figure is scaled by the factor beside it. The highest of
  the rows' factors gives the estimates' upper ends. docs/board-latency.md gives
  the source and how far to trust it. The stand-in strip's own work per frame
  (99 pixel writes and a show in Python; the library does them in C on a board)
  is measured and taken off before scaling.
- The board draws its dice's seed from os.urandom, so each run plays another
  game (750-900 presses).

    python bench/board_latency.py [--boots 5] [--presses N] [--reference-divisor N]
"""
import argparse
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
# the stand-ins and the firmware where the heap bench has them (board_memory also puts tests/mp on sys.path)
from board_memory import STUBS_MOUNT, FIRMWARE_MOUNT  # noqa: E402
import mpharness  # noqa: E402

BUTTONS = ("roll", "select", "confirm", "back")
PASSES_BETWEEN = 20         # loop passes between two presses (10 ms of the stand-in's clock each)
MAX_PASSES = 400            # a press whose frame has not changed by then counts as unchanged
PRESSES_PER_CALL = 25       # presses per call, with the reference loop timed before and after
# The machine is shared: even in CPU time the interpreter's speed moves with the load (caches,
# the other core). So the integer addition is also timed briefly beside each call of presses
# and each boot, and the factor to an RP2040 is taken from there (LOCAL_LOOPS, best of 2).
LOCAL_LOOPS = 25000

# The published reference: shaoziyang/micropython_benchmarks, README.md, "Reference test
# results" (ms), the two RP2040 columns (125 MHz): CircuitPython 9.1.4 (what the board runs)
# and MicroPython v1.23.0. Each row is a `for i in range(n)` loop of one operation on two
# numbers; the first (integer addition, nothing allocated) sets the factor, the others show
# how much the factor moves with the work done.
#   (row, loop function here, iterations, CircuitPython ms, MicroPython ms)
REFERENCES = (
    ("integer addition", "add_loop", 1000000, 9577, 7984),
    ("integer multiplication", "mul_loop", 100000, 2888, 2823),
    ("integer division", "div_loop", 100000, 1154, 1321),
)
REFERENCE_SOURCE = "github.com/shaoziyang/micropython_benchmarks, README.md, 'Reference test results'"
# The interpreter's first heap: about a Pico W's, so that a collection sweeps as much as there
# (this port grows its heap when it needs more)
HEAP = 160 * 1024
# Sending a frame to the LEDs: 99 pixels x 24 bits at 800 kHz (the same on any board; not scaled)
WIRE_MS = 99 * 24 / 800.0

# The clock, the reference loop and the stand-in strip's cost: defined in every interpreter.
CLOCK = """
import gc, os
import micropython
try:
    # The Node process's CPU time: the interpreter's, as Node's own thread waits while it runs.
    # Wall time would count the time other programs on this machine take the CPU from it.
    import js
    _process = js.process
    CLOCK_NAME = "CPU time, Node's process.cpuUsage() via the js module"

    def clock_ms():
        u = _process.cpuUsage()
        return (u.user + u.system) / 1000
except (ImportError, AttributeError):
    import time
    CLOCK_NAME = "time.ticks_us()"
    _T0 = time.ticks_us()

    def clock_ms():
        return time.ticks_diff(time.ticks_us(), _T0) / 1000


def read_cost_ms():
    # the cost of one clock read, the smallest of a few hundred back to back
    best = 1e9
    for i in range(300):
        a = clock_ms()
        b = clock_ms()
        if b - a < best:
            best = b - a
    return best


# the reference workloads: one operation on p[1] and p[2], p[0] times (the published table's rows)
def add_loop(p):
    for i in range(p[0]):
        c = p[1] + p[2]


def mul_loop(p):
    for i in range(p[0]):
        c = p[1] * p[2]


def div_loop(p):
    for i in range(p[0]):
        c = p[1] / p[2]


def reference_ms(loop, p, runs):
    best = 1e9
    for r in range(runs):
        gc.collect()
        t0 = clock_ms()
        loop(p)
        t = clock_ms() - t0
        if t < best:
            best = t
    return best
"""

SETUP = """
import _board_sim
sim = _board_sim.sim
sim.data_enabled = True         # boot.py turns on the data channel
sim.boot()
os.chdir(%(drive)r)
# The stand-in hardware: the runtime's own modules on a board (in C), so not part of the boot.
import board, neopixel, keypad, usb_cdc, microcontroller, supervisor, watchdog
shown = [0, 0.0, 0, 0.0]        # frames shown, time of the first, changed since the press, its time
last = bytearray(0)


def on_frame(pin, rgb):
    global last
    t = clock_ms()
    shown[0] += 1
    if shown[0] == 1:
        shown[1] = t
    if not shown[2] and rgb != last:
        shown[2] = 1
        shown[3] = t
    if len(last) != len(rgb):
        last = bytearray(len(rgb))
    last[:] = rgb


sim.on_frame = on_frame
"""

# code.py's lines, timed: from the start of the imports to the first frame
BOOT = """
micropython.opt_level(3)
t0 = clock_ms()
import hw
from ludoboard.app import App
t_import = clock_ms()
app = App(hw.Hardware(hw.load_settings()))
t_app = clock_ms()
passes = 0
while not shown[0] and passes < 1000:
    app.step()
    passes += 1
print(t_import - t0, t_app - t0, shown[1] - t0 if shown[0] else -1, passes)
"""

# the stand-in strip's own work for one frame (what the library does in C on a board)
STRIP = """
def strip_ms(n):
    px = neopixel.NeoPixel(board.GP0, 99, brightness=1.0, auto_write=False)
    keep = sim.on_frame
    sim.on_frame = None
    best = 1e9
    for r in range(n):
        t0 = clock_ms()
        for i in range(99):
            px[i] = (i << 16) | (r & 255)
        px.show()
        t = clock_ms() - t0
        if t < best:
            best = t
    sim.on_frame = keep
    return best
print(strip_ms(50))
"""

DRIVER = """
import json
ROLL, SELECT, CONFIRM, BACK = 0, 1, 2, 3
cost = read_cost_ms()
rows = []           # (ms, frames shown, passes, key, what)
state = {"next": ROLL, "over": False, "started": False}
idle = [0.0, 0, 0]  # time and count of the loop passes between presses, frames they showed


def board_said():
    # what the board sent the PC since the last press: (actions, started, ended)
    data = sim.data.from_board
    text = bytes(data).decode()
    data[:] = b""
    acts = []
    started = ended = False
    for line in text.split("\\n"):
        if not line:
            continue
        obj = json.loads(line)
        ev = obj.get("ev")
        if ev == "action":
            acts.append(obj)
        elif ev == "start":
            started = True
        elif ev == "end":
            ended = True
    return acts, started, ended


def press(key, what):
    shown[2] = 0
    frames = shown[0]
    sim.key_event(key, True)
    sim.key_event(key, False)
    t0 = clock_ms()
    n = 0
    while not shown[2] and n < %(max_passes)d:
        app.step()
        n += 1
    ms = shown[3] - t0 - cost if shown[2] else -1.0
    rows.append((ms, shown[0] - frames, n, key, what))
    frames = shown[0]
    t0 = clock_ms()
    for i in range(%(between)d):
        app.step()
    idle[0] += clock_ms() - t0
    idle[1] += %(between)d
    idle[2] += shown[0] - frames


def settle(n):
    for i in range(n):
        app.step()
    board_said()


def menu_press(key):
    press(key, "menu")
    acts, started, ended = board_said()
    if started:
        state["started"] = True


def game_press():
    key = state["next"]
    press(key, "game")
    acts, started, ended = board_said()
    what = ""
    nxt = ROLL
    if acts:
        a = acts[-1]
        what = a["line"]
        events = a.get("events", [])
        if what.startswith("roll"):
            nxt = SELECT
            for e in events:
                if e in ("pass", "forfeit", "three-sixes", "void"):
                    nxt = ROLL
        else:
            for e in events:
                if e.startswith("capture"):
                    nxt = CONFIRM       # the tokens put right
    elif key == SELECT:
        nxt = CONFIRM
    elif key == ROLL:
        nxt = CONFIRM                   # refused: a confirm is due first
    rows[-1] = rows[-1][:4] + (what,)
    state["next"] = nxt
    if ended:
        state["over"] = True


def play(n):
    for i in range(n):
        if state["over"]:
            break
        game_press()
    print(1 if state["over"] else 0, len(rows))
"""

# The set-up menu at power-up: every page, and back and select on the way.
MENU_START = """
settle(200)             # 2 s after power-up: the menu is loaded and shown
for k in (SELECT, SELECT, SELECT, SELECT, CONFIRM, SELECT, SELECT, SELECT, BACK, CONFIRM):
    menu_press(k)
n = 0
while not state["started"] and n < 40:
    menu_press(CONFIRM)
    n += 1
print(1 if state["started"] else 0)
"""

DUMP = """
for r in rows[%(start)d:%(stop)d]:
    print("%%.4f %%d %%d %%d %%s" %% (r[0], r[1], r[2], r[3], r[4] or "-"))
"""


def new_interpreter(drive):
    mp = mpharness.MicroPython(mounts=[STUBS_MOUNT, FIRMWARE_MOUNT, drive], heapsize=HEAP)
    mp.run(CLOCK, reset=True)
    return mp


def make_drive():
    """The CIRCUITPY drive's other files: the pixel map."""
    drive = tempfile.mkdtemp(prefix="ludo-drive-")
    shutil.copy(os.path.join(ROOT, "hardware", "pixelmap.json"), os.path.join(drive, "pixelmap.json"))
    return drive


def reference(mp, divisor, runs=3):
    """Each reference row's best time (ms) in this interpreter, at the row's published count
    (run 1/divisor as long and scaled back)."""
    times = []
    for row, loop, count, cp_ms, mp_ms in REFERENCES:
        n = max(1, count // divisor)
        operands = "12345678, 56781234" if loop != "div_loop" else "99999991, 45481"
        ms = float(mp.run("print(reference_ms(%s, [%d, %s], %d))\n" % (loop, n, operands, runs),
                          keep_globals=True))
        times.append(ms * count / n)
    return times


def local_reference(mp):
    """The integer addition's time here now (ms at the published count): a short run, best of 2."""
    row, loop, count, cp_ms, mp_ms = REFERENCES[0]
    ms = float(mp.run("print(reference_ms(%s, [%d, 12345678, 56781234], 2))\n" % (loop, LOCAL_LOOPS),
                      keep_globals=True))
    return ms * count / LOCAL_LOOPS


def boot_once(drive, divisor):
    """One power-up in a fresh interpreter: (import ms, App() done ms, first frame ms, passes,
    the reference rows' times, the local reference beside the boot)."""
    with new_interpreter(drive) as mp:
        refs = reference(mp, divisor)     # (also warms the interpreter up)
        before = local_reference(mp)
        mp.run(SETUP % {"drive": drive}, keep_globals=True)
        out = mp.run(BOOT, keep_globals=True).split()
        after = local_reference(mp)
    return float(out[0]), float(out[1]), float(out[2]), int(out[3]), refs, (before + after) / 2


def presses(drive, max_presses, divisor):
    """The menu and a game of people in one interpreter.

    Returns (rows, strip ms, clock name, clock read ms, game over, refs); a row is
    (ms or -1 when unchanged, frames shown, loop passes, button, "menu" or the action,
    the local reference beside it)."""
    with new_interpreter(drive) as mp:
        refs = reference(mp, divisor)
        mp.run(SETUP % {"drive": drive}, keep_globals=True)
        mp.run(BOOT, keep_globals=True)
        strip = float(mp.run(STRIP, keep_globals=True))
        mp.run(DRIVER % {"max_passes": MAX_PASSES, "between": PASSES_BETWEEN}, keep_globals=True)
        clock = mp.run("print(CLOCK_NAME)\nprint(cost)\n", keep_globals=True).splitlines()
        local = [local_reference(mp)]       # beside each call: before it, and after it
        if mp.run(MENU_START, keep_globals=True).strip() != "1":
            raise RuntimeError("board_latency: the set-up menu did not start a game in 50 presses")
        local.append(local_reference(mp))
        ends = [int(mp.run("print(len(rows))\n", keep_globals=True))]     # rows done after each call
        over, count = False, 0
        while not over and (max_presses is None or count < max_presses):
            n = PRESSES_PER_CALL if max_presses is None else min(PRESSES_PER_CALL, max_presses - count)
            over, total = mp.run("play(%d)\n" % n, keep_globals=True).split()
            over = over == "1"
            if over:    # the game is over: confirm opens the set-up menu
                mp.run("menu_press(CONFIRM)\n", keep_globals=True)
            local.append(local_reference(mp))
            ends.append(int(mp.run("print(len(rows))\n", keep_globals=True)))
            count += n
        rows = []
        for start in range(0, ends[-1], 200):
            out = mp.run(DUMP % {"start": start, "stop": start + 200}, keep_globals=True)
            for line in out.splitlines():
                ms, frames, passes, key, what = line.split(None, 4)
                k = len(rows)
                call = min(c for c in range(len(ends)) if k < ends[c])
                rows.append((float(ms), int(frames), int(passes), BUTTONS[int(key)], what,
                             (local[call] + local[call + 1]) / 2))
        idle = [float(x) for x in mp.run("print(idle[0] / idle[1], idle[2] / idle[1])\n",
                                             keep_globals=True).split()]
        after = reference(mp, divisor)
    local = sorted(r[5] for r in rows)
    return (rows, strip, clock[0], float(clock[1]), over, [min(a, b) for a, b in zip(refs, after)],
            (idle[0], idle[1], local[len(local) // 2]))


def percentile(sorted_values, p):
    """Nearest-rank percentile of a sorted list."""
    k = -(-len(sorted_values) * p // 100) - 1
    return sorted_values[max(0, int(k))]


def stats(values):
    """(mean, p95, worst) of a list of times."""
    s = sorted(values)
    return sum(s) / len(s), percentile(s, 95), s[-1]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--boots", type=int, default=5, help="power-ups timed, each in a fresh interpreter")
    p.add_argument("--presses", type=int, default=None,
                   help="stop the game after this many presses (default: play it to its end)")
    p.add_argument("--reference-divisor", type=int, default=1, metavar="N",
                   help="run the reference loops 1/N as long (scaled back; a quick check)")
    args = p.parse_args(argv)
    reason = mpharness.unavailable_reason()
    if reason:
        print("board_latency: MicroPython unavailable: %s" % reason)
        return 1
    drive = make_drive()
    try:
        boots = [boot_once(drive, args.reference_divisor) for i in range(max(1, args.boots))]
        rows, strip, clock, cost, over, refs, idle = presses(drive, args.presses, args.reference_divisor)
    finally:
        shutil.rmtree(drive, ignore_errors=True)
    for b in boots:
        refs = [min(a, c) for a, c in zip(refs, b[4])]
    report(boots, rows, strip, clock, cost, over, refs, idle)
    return 0


def report(boots, rows, strip, clock, cost, over, refs, idle):
    """Print the figures (see main)."""
    rp2040 = REFERENCES[0][3]
    factor = rp2040 / refs[0]
    # the other rows' factors over the addition's: how far the estimate may be off for other work
    spread = max(row[3] / here for row, here in zip(REFERENCES, refs)) / factor
    print("MicroPython (WebAssembly, Node), the stand-in hardware; clock: %s, one read %.4f ms (taken off)"
          % (clock, cost))
    print("reference loops, best of each here against an RP2040 at 125 MHz (%s):" % REFERENCE_SOURCE)
    for (row, loop, count, cp_ms, mp_ms), here in zip(REFERENCES, refs):
        print("  %-22s %7d times: %8.1f ms here; RP2040 CircuitPython 9.1.4 %5d ms (x%.1f),"
              " MicroPython 1.23 %5d ms (x%.1f)" % (row, count, here, cp_ms, cp_ms / here, mp_ms, mp_ms / here))
    local = [r[5] for r in rows] + [b[5] for b in boots]
    print("factor to an RP2040 under CircuitPython: %.1f (the integer addition's best); beside the boots and"
          " presses %.1f .. %.1f (used); the highest row's is %.2f times the addition's (the estimates'"
          " upper ends)" % (factor, rp2040 / max(local), rp2040 / min(local), spread))
    print("stand-in strip per frame (99 pixel writes and show(), in Python here, in C on a board): %.3f ms"
          % strip)
    print()
    for i, b in enumerate(boots):
        print("boot %d: imports %.1f ms, App() done %.1f ms, first frame %.1f ms (after %d loop passes)"
              % (i + 1, b[0], b[1], b[2], b[3]))
    firsts = sorted(b[2] for b in boots)
    median = firsts[len(firsts) // 2]
    estimates = sorted(max(0.0, b[2] - strip) * rp2040 / b[5] for b in boots)
    e_boot = estimates[len(estimates) // 2]
    print("boot to first frame: median %.1f ms of %d (%.1f .. %.1f); RP2040 estimate %.0f-%.0f ms"
          % (median, len(firsts), firsts[0], firsts[-1], e_boot, e_boot * spread))
    print()
    unchanged = [r for r in rows if r[0] < 0]
    timed = [r for r in rows if r[0] >= 0]
    groups = (("set-up menu", [r for r in timed if r[4] == "menu"]),
              ("game of people", [r for r in timed if r[4] != "menu"]),
              ("all presses", timed))
    print("press to frame (%d presses%s; %d without a changed frame in %d passes, left out):"
          % (len(rows), "" if over else ", the game cut short", len(unchanged), MAX_PASSES))
    for name, group in groups:
        if not group:
            continue
        mean, p95, worst = stats([r[0] for r in group])
        e_mean, e_p95, e_worst = stats([max(0.0, r[0] - r[1] * strip) * rp2040 / r[5] for r in group])
        print("  %-15s %4d presses: mean %.2f ms, p95 %.2f ms, worst %.2f ms;"
              " RP2040 estimate: mean %.0f-%.0f ms, p95 %.0f-%.0f ms, worst %.0f-%.0f ms"
              % (name, len(group), mean, p95, worst, e_mean, e_mean * spread,
                 e_p95, e_p95 * spread, e_worst, e_worst * spread))
    for name, in_menu in (("set-up menu", True), ("game of people", False)):
        at = [k for k in range(len(rows)) if rows[k][0] >= 0 and (rows[k][4] == "menu") == in_menu]
        if at:
            k = max(at, key=lambda k: rows[k][0])
            r = rows[k]
            print("worst press, %s: #%d of %d, %s%s: %.2f ms, %d frames shown, %d loop passes"
                  % (name, k + 1, len(rows), r[3], "" if r[4] in ("menu", "-") else " (%s)" % r[4],
                     r[0], r[1], r[2]))
    pass_ms, frames, local_ms = idle
    e_pass = max(0.0, pass_ms - frames * strip) * rp2040 / local_ms
    print("a loop pass without a press: mean %.3f ms; RP2040 estimate %.1f-%.1f ms (a press waits about half"
          " of one before it is read)" % (pass_ms, e_pass, e_pass * spread))
    print("(RP2040 estimates: (time here - the stand-in strip's work per frame shown) x the factor beside"
          " it; the strip's data then takes %.1f ms more to reach the LEDs)" % WIRE_MS)


if __name__ == "__main__":
    sys.exit(main())
