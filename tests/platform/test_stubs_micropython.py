"""The stand-in modules and hw.py under the real MicroPython interpreter (tests/mp/runner.mjs)."""
from platform_helpers import make_test_firmware


def test_stubs_import_and_behave_under_micropython(micropython_stubs):
    out = micropython_stubs.run(
        "import board, neopixel, keypad, usb_cdc, microcontroller, supervisor, watchdog, _board_sim\n"
        "sim = _board_sim.sim\n"
        "keys = keypad.Keys((board.GP10, board.GP11), value_when_pressed=False, pull=True)\n"
        "ev = keypad.Event()\n"
        "print(keys.events.get_into(ev), sim.now_ms)\n"            # empty poll: 10 ms pass
        "sim.press(1, 80)\n"
        "print(keys.events.get_into(ev), ev.key_number, ev.pressed, ev.released)\n"
        "for i in range(8):\n"
        "    keys.events.get_into(ev)\n"
        "print(ev.key_number, ev.pressed, ev.timestamp == supervisor.ticks_ms())\n"
        "px = neopixel.NeoPixel(board.GP2, 3, auto_write=False, pixel_order=neopixel.GRB)\n"
        "shown = []\n"
        "sim.on_frame = lambda pin, rgb: shown.append(bytes(rgb))\n"
        "px[0] = 0x102030\n"
        "px[1] = (1, 2, 3)\n"
        "px.show()\n"
        "print(shown, px[0])\n"
        "nvm = microcontroller.nvm\n"
        "nvm[0:3] = b'abc'\n"
        "nvm[1] = 66\n"
        "print(len(nvm), bytes(nvm[0:4]), nvm.programs, nvm.erases)\n"
        "wd = microcontroller.watchdog\n"
        "wd.timeout = 8\n"
        "wd.mode = watchdog.WatchDogMode.RESET\n"
        "wd.feed()\n"
        "print(usb_cdc.data, sim.watchdog_ms)\n")
    lines = out.strip().split("\n")
    assert lines[0] == "False 10"
    assert lines[1] == "True 1 True False"
    assert lines[2] == "1 False True"
    assert lines[3] == "[b'\\x10 0\\x01\\x02\\x03\\x00\\x00\\x00'] (16, 32, 48)"
    assert lines[4] == "4096 b'aBc\\xff' 1 1"
    assert lines[5] == "None 8000"


def test_hw_idle_frame_allocates_nothing_under_micropython(micropython_stubs, tmp_path):
    fw = make_test_firmware(tmp_path / "fw")
    out = micropython_stubs.run(
        "import gc, hw, _board_sim\n"
        "def measure():\n"
        "    h = hw.Hardware(hw.load_settings())\n"
        "    log = _board_sim.FrameLog()\n"
        "    _board_sim.sim.on_frame = log\n"
        "    frame = bytearray(3 * h.pixel_count)\n"
        "    for i in range(len(frame)):\n"
        "        frame[i] = (i * 37) & 255\n"
        "    buf = bytearray(64)\n"
        "    h.show(frame)\n"
        "    gc.collect()\n"
        "    before = gc.mem_alloc()\n"
        "    for i in range(50):\n"
        "        h.feed()\n"
        "        h.poll_key()\n"
        "        h.read_data(buf)\n"
        "        hw.ticks_diff(h.ticks_ms(), 0)\n"
        "        h.show(frame)\n"
        "    print(gc.mem_alloc() - before, len(log.frames), h.scale)\n"
        "measure()\n", mounts=[fw])
    allocated, frames, scale = out.split()
    assert int(allocated) == 0
    assert frames == "1" and int(scale) < 256      # 30 % brightness of a busy frame


def test_test_firmware_runs_a_script_under_micropython(micropython_stubs, tmp_path):
    fw = make_test_firmware(tmp_path / "fw")
    out = micropython_stubs.run(
        "import os, _board_sim\n"
        "os.chdir(%r)\n"
        "frames = _board_sim.run_firmware('wait 30\\nroll\\nconfirm\\ndata hi\\nwait 30\\nreset\\nwait 30\\n')\n"
        "sim = _board_sim.sim\n"
        "print(len(frames), sim.boots, sim.nvm[0], bytes(sim.data.from_board).count(b'key'))\n"
        "print(bytes(sim.data.from_board).split(b'\\n')[-2])\n"
        "print(list(frames[-1][1][:6]))\n" % fw, mounts=[fw])
    lines = out.strip().split("\n")
    assert lines[-3] == "4 2 1 4"
    assert lines[-2] == "b'HI'"
    assert lines[-1] == "[0, 0, 76, 0, 0, 0]"      # after the reset: the saved confirm, blue at 30 %
    assert "test firmware up, 1 confirms saved" in out
