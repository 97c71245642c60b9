"""bench/board_heap.py's way of measuring a true peak: leave the interpreter a fixed
room and see whether its heap had to grow. These check the method can tell both ways."""
import os
import sys

import pytest

import mpharness

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench"))
import board_heap  # noqa: E402


def _room_run(room, code):
    """Leave `room` bytes beyond what is held now, run code in one call: did the heap grow?"""
    if mpharness.unavailable_reason():
        pytest.skip(mpharness.unavailable_reason())
    mp = mpharness.MicroPython(mounts=[board_heap.bm.STUBS], heapsize=board_heap.START_HEAP)
    try:
        mp.run("import gc\n" + board_heap.HELPERS, reset=True)
        mp.run("gc.collect()\n", keep_globals=True)      # (the set-up call's own code goes)
        base = int(mp.run("gc.collect()\nprint(gc.mem_alloc())\n", keep_globals=True))
        assert board_heap.leave_room(mp, room, base)
        free = int(mp.run("gc.collect()\nprint(gc.mem_free() - %d)\n" % board_heap.SPLIT, keep_globals=True))
        out = mp.run("s0 = heap()\n" + code + "\nprint(1 if heap() != s0 else 0)\n", keep_globals=True)
        return free, out.split()[-1] == "1"
    finally:
        mp.close()


def test_room_is_left_free_and_an_allocation_within_it_fits():
    free, grew = _room_run(40000, "x = bytearray(30000)")
    assert abs(free - 40000) <= 400     # the calls' own code moves it a little
    assert not grew


def test_an_allocation_beyond_the_room_makes_the_heap_grow():
    free, grew = _room_run(40000, "x = bytearray(42000)")
    assert grew


def test_memory_freed_inside_the_call_still_counts_at_its_peak():
    # garbage is not collected inside a call: two 25 KB buffers in turn do not fit 40 KB
    free, grew = _room_run(40000, "x = bytearray(25000)\nx = None\ny = bytearray(25000)")
    assert grew


def _passes_run(room, step, calls, collect=True):
    """Leave `room` bytes, then run `calls` loop passes of the bench (board_heap.PASS_DEFS's s(),
    each a call of its own) with `step` as the app's loop pass: did the heap grow?"""
    if mpharness.unavailable_reason():
        pytest.skip(mpharness.unavailable_reason())
    mp = mpharness.MicroPython(mounts=[board_heap.bm.STUBS], heapsize=board_heap.START_HEAP)
    try:
        defs = board_heap.PASS_DEFS.split("def b():")[0]
        assert "gc.collect()" in defs
        if not collect:
            defs = defs.replace("gc.collect()", "pass")
        mp.run("import gc\n" + board_heap.HELPERS + "grown = [0]\n" + defs, reset=True)
        mp.run("class App:\n    def step(self):\n%s\napp = App()\n" % "\n".join(
            "        " + line for line in step.splitlines()), keep_globals=True)
        mp.run("gc.collect()\n", keep_globals=True)
        base = int(mp.run("gc.collect()\nprint(gc.mem_alloc())\n", keep_globals=True))
        assert board_heap.leave_room(mp, room, base)
        mp.run(board_heap.PASS_RESET, keep_globals=True)
        for i in range(calls):
            mp.run("s()\n", keep_globals=True)
        return mp.run("print(grown[0])\n", keep_globals=True).strip() == "1"
    finally:
        mp.close()


# each pass leaves 2.5 KB of garbage: 20 KB over eight passes, in a room of 8 KB
_GARBAGE_PASS = "x = bytearray(2500)\nx = None"


def test_a_pass_starts_without_the_garbage_of_the_passes_before_it():
    # the board collects before an allocation would fail: earlier passes' garbage never counts
    assert not _passes_run(8000, _GARBAGE_PASS, 8)


def test_without_a_collection_asked_for_each_pass_earlier_garbage_would_count():
    # (why s() asks for one: this port collects only every few KB of allocation otherwise)
    assert _passes_run(8000, _GARBAGE_PASS, 8, collect=False)


def test_a_pass_that_needs_more_than_the_room_still_grows_the_heap():
    assert _passes_run(8000, "x = bytearray(5000)\ny = bytearray(5000)", 1)


def test_the_benches_hold_the_neopixel_librarys_code_as_a_pico_does(tmp_path):
    # On a Pico the library is lib/neopixel.mpy and its code is on the heap; the benches load
    # it (compiled by mpy-cross) after their baseline, beside the stand-in that lights the sim.
    if mpharness.unavailable_reason():
        pytest.skip(mpharness.unavailable_reason())
    bm = board_heap.bm
    bm.add_library(str(tmp_path))
    mp = mpharness.MicroPython(mounts=[bm.STUBS, str(tmp_path)])
    try:
        mp.run("import gc\n" + bm.STANDINS, reset=True)
        mp.run("gc.collect()\n", keep_globals=True)
        mp.run("gc.collect()\nbase = gc.mem_alloc()\n", keep_globals=True)
        mp.run("import %s as lib\n" % bm.LIBRARY, keep_globals=True)
        mp.run("gc.collect()\n", keep_globals=True)
        held, name = mp.run("gc.collect()\nprint(gc.mem_alloc() - base, lib.NeoPixel.__name__)\n",
                            keep_globals=True).split()
    finally:
        mp.close()
    assert name == "NeoPixel"
    assert int(held) > 1000         # its code, counted as the board's (about 1.6 KB)
    assert bm.LIBRARY in bm.IMPORT


def test_compiled_firmware_holds_every_module_and_the_app_loads_from_it_alone(tmp_path):
    """--compiled: every firmware module (not code.py, boot.py) as .mpy, and MicroPython
    imports the app from those with no .py beside them."""
    if mpharness.unavailable_reason():
        pytest.skip(mpharness.unavailable_reason())
    mount = board_heap.compiled_firmware(str(tmp_path))
    where, at = mount.split("=")
    assert at == board_heap.bm.FIRMWARE_AT
    firmware = os.path.join(board_heap.bm.ROOT, "firmware")
    sources = sorted(os.path.relpath(os.path.join(d, f), firmware)[:-3]
                     for d, _, files in os.walk(firmware) for f in files if f.endswith(".py"))
    compiled = sorted(os.path.relpath(os.path.join(d, f), where)[:-4]
                      for d, _, files in os.walk(where) for f in files)
    assert compiled == [s for s in sources if s not in ("code", "boot")]
    mp = mpharness.MicroPython(mounts=[board_heap.bm.STUBS, mount])
    try:
        out = mp.run("import hw\nfrom ludoboard.app import App\nimport ludo.game, sys\n"
                     "print(sys.modules['ludo.game'].__file__)\n", reset=True)
    finally:
        mp.close()
    assert out.strip().endswith("ludo/game.mpy")


def test_the_app_names_start_a_pool_of_their_own_as_on_a_board(tmp_path):
    # A board's runtime keeps its own names in flash, so the app's names fill the first pools
    # (20, 40, ... 640: 1,260 names). The benches' stand-ins intern about 250 names first;
    # fill_name_pools fills those six pools, so the app's first name allocates the seventh
    # (1,280 names, 7 bytes each here), as a board's first 1,260 take its six.
    if mpharness.unavailable_reason():
        pytest.skip(mpharness.unavailable_reason())
    bm = board_heap.bm
    bm.add_library(str(tmp_path))
    mp = mpharness.MicroPython(mounts=[bm.STUBS, str(tmp_path)], heapsize=board_heap.START_HEAP)
    try:
        mp.run("import gc, micropython\n" + bm.STANDINS, reset=True)
        before = mp.run("micropython.qstr_info()\n", keep_globals=True)
        bm.fill_name_pools(mp)
        filled = mp.run("micropython.qstr_info()\n", keep_globals=True)
        grew = mp.run("gc.collect()\na = gc.mem_alloc()\ngetattr(None, 'an_app_name', None)\n"
                      "print(gc.mem_alloc() - a)\nmicropython.qstr_info()\n", keep_globals=True)
    finally:
        mp.close()
    assert "n_pool=6, n_qstr=%d," % bm.POOLS_FILLED not in before
    assert "n_pool=6, n_qstr=%d," % bm.POOLS_FILLED in filled
    assert "n_pool=7, n_qstr=%d," % (bm.POOLS_FILLED + 1) in grew
    assert int(grew.split()[0]) >= 1280 * 7      # the whole pool, at the first name


def test_the_play_parts_see_no_path_of_the_checkout():
    # Every import tries each sys.path entry in turn, a heap string as long as the path: a
    # path of the checkout there made the verdicts at the edge of 80 KB depend on where the
    # repository was cloned. The stand-ins are seen at /stubs, the firmware at /, as on a board.
    if mpharness.unavailable_reason():
        pytest.skip(mpharness.unavailable_reason())
    import shutil
    params = board_heap.bench_params(7)
    mp = board_heap.new_interpreter(params)
    try:
        out = mp.run("import sys\nprint(repr(sys.path))\n"
                     "print(repr([getattr(m, '__file__', '') for m in sys.modules.values()]))\n",
                     keep_globals=True)
    finally:
        mp.close()
        shutil.rmtree(params["drive"], ignore_errors=True)
    assert "/stubs" in out
    assert board_heap.bm.ROOT not in out, out
