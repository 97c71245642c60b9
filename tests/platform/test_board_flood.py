"""A PC flooding the data channel: the virtual board's loop keeps running (frames keep
coming, the watchdog is fed), the flood is dropped and said in one line, and the board
answers again afterwards. On the simulated clock with the in-memory port, and with real
pyserial writing into the pseudo-terminal on the real clock."""
import json
import threading
import time

import serial

from platform_helpers import ROOT  # noqa: F401  (puts host/ on sys.path)
from ludo_host.virtual import VirtualBoard

LINES = 100000
STATUS = b'{"cmd":"status"}\n'
NEW = '{"cmd":"new","preset":"classic","players":4,"seed":3}'


def replies(data):
    return [json.loads(line) for line in data.decode().split("\n") if line]


def dropped_lines(out):
    return [x for x in out if "dropped" in x.get("error", "")]


def test_a_flood_of_100000_lines_leaves_the_loop_running_with_the_watchdog_fed():
    with VirtualBoard() as vb:
        vb.send(NEW)
        vb.wait(500)
        port = vb.sim.data
        port.send(STATUS * LINES)                   # all at once, as fast as a PC can
        windows = 0
        while port.to_board:
            frames, t = len(vb.frames), vb.now_ms
            vb.wait(250)
            windows += 1
            assert len(vb.frames) - frames >= 3, "no frames for 250 ms of a flood"
            assert vb.now_ms - vb.sim.watchdog_fed <= 50     # fed every loop pass
            assert windows < 400
        assert windows >= 2                         # the board took the flood in bounded shares
        vb.wait(100)
        assert vb.sim.boots == 1                    # no watchdog reset
        out = replies(vb.data_out)
        drops = dropped_lines(out)
        assert len(drops) == 1 and drops[0]["re"] is None
        answered = [x for x in out if x.get("re") == "status"]
        assert 0 < len(answered) < LINES // 100
        vb.send('{"cmd":"status"}')
        vb.wait(50)
        assert replies(vb.data_out)[-1]["re"] == "status"


def wait_until(condition, timeout_s, every_s=0.05):
    """Poll `condition` until it holds or `timeout_s` pass (a loaded machine is slow: the
    deadlines are generous, and nothing waits longer than the condition needs)."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(every_s)
    return True


def test_a_flood_through_pyserial_on_the_real_clock():
    """A PC program writing 100,000 lines into the board's port while the board runs by
    itself: the board neither freezes nor resets, and says it dropped input.  Every wait
    is on a condition (a reply seen), not a fixed time, so a loaded machine only makes it
    slower."""
    with VirtualBoard(data_port="pty", realtime=True) as vb:
        port = serial.Serial(vb.data_port_path, timeout=0.2)
        got = bytearray()
        done = threading.Event()

        def read():
            while not done.is_set():
                got.extend(port.read(65536))
        reader = threading.Thread(target=read, daemon=True)
        reader.start()

        def out():
            return replies(bytes(got[:got.rfind(b"\n") + 1]))
        try:
            port.write(NEW.encode() + b"\n")
            assert wait_until(lambda: b'"re":"ok"' in got, 120), "the new game never started"
            started = len(vb.frames)
            port.write(STATUS * LINES)               # blocks while the port is full
            wait_until(lambda: dropped_lines(out()), 120)
            flooded = len(vb.frames) - started      # frames shown while the flood came
            # The board answers again: ask as a PC would, again while no answer comes (on a
            # busy machine the flood can come in two stretches, and a question asked while
            # the second is dropped is dropped with it).
            asked = [0.0]

            def answered():
                last = out()
                if last and last[-1].get("re") == "status" and dropped_lines(last):
                    return True
                if time.monotonic() - asked[0] >= 1.0:
                    port.write(STATUS)
                    asked[0] = time.monotonic()
                return False
            wait_until(answered, 120)
        finally:
            done.set()
            reader.join(5)
            port.close()
        out = replies(bytes(got[:got.rfind(b"\n") + 1]))
        assert vb.sim.boots == 1                    # the watchdog never reset the board
        assert flooded >= 3                         # frames kept coming while the PC wrote
        # It says so (once per stretch of dropped input: on a busy machine the flood can
        # come in two stretches, the board catching up in between).
        assert dropped_lines(out)
        assert out[-1]["re"] == "status"            # and it answers again
