"""Bytes allocated by the board platform per idle frame, under the real MicroPython.

One idle frame of the app's loop touches the platform through: hw.feed(),
hw.poll_key() (no event), hw.read_data() (nothing waiting), hw.ticks_ms() with
hw.ticks_diff(), and hw.show(frame) (brightness + current limiter + packing +
one NeoPixel show). Target: 0 bytes. Also: a frame over the current budget
(the limiter's second pass) and reading a key event.

    python bench/board_platform_alloc.py
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
# the stand-ins and the firmware where the heap bench has them (board_memory also puts tests/mp on sys.path)
from board_memory import STUBS_MOUNT, FIRMWARE_MOUNT  # noqa: E402
import mpharness  # noqa: E402

FRAMES = 200

CODE = """
import gc, hw, _board_sim
def measure():
    h = hw.Hardware(hw.load_settings())
    frame = bytearray(3 * h.pixel_count)
    for i in range(0, len(frame), 3):
        frame[i] = 200                      # every pixel lit red: under budget at 30 %%
    white = bytearray(b"\\xff" * len(frame))  # far over 500 mA: the limiter's second pass
    buf = bytearray(64)
    h.show(frame)
    h.show(white)
    h.poll_key()
    results = []
    for name, f in (("idle frame", frame), ("over-budget frame", white)):
        gc.collect()
        before = gc.mem_alloc()
        for n in range(%(frames)d):
            h.feed()
            h.poll_key()
            h.read_data(buf)
            hw.ticks_diff(h.ticks_ms(), 0)
            h.show(f)
        results.append((name, (gc.mem_alloc() - before) / %(frames)d))
    _board_sim.sim.key_event(0, True)       # the button goes down (outside the measurement)
    gc.collect()
    before = gc.mem_alloc()
    key = h.poll_key()
    results.append(("key event read by poll_key", gc.mem_alloc() - before))
    for name, value in results:
        print("%%-45s %%8.1f bytes" %% (name, value))
measure()
"""


def main():
    reason = mpharness.unavailable_reason()
    if reason:
        print("board_platform_alloc: %s" % reason)
        return 1
    with mpharness.MicroPython(mounts=[STUBS_MOUNT, FIRMWARE_MOUNT]) as mp:
        print("MicroPython (WebAssembly) with the stand-in modules, %d frames of 99 pixels each" % FRAMES)
        print(mp.run(CODE % {"frames": FRAMES}), end="")
    print("target: 0 bytes per idle frame and per key event read")
    return 0


if __name__ == "__main__":
    sys.exit(main())
