"""The virtual board runner: headless scripts, lock-step control, resets and NVM, the pty data port."""
import json
import os
import subprocess
import sys

import pytest
import serial

from platform_helpers import HOST, ROOT
from ludo_host.virtual import VirtualBoard, sim_module

FULL = {"LUDO_BRIGHTNESS": 100, "LUDO_CURRENT_BUDGET_MA": 100000}


def test_script_presses_reach_the_firmware_as_key_events(test_fw):
    vb = VirtualBoard(firmware_dir=test_fw, settings=FULL)
    assert vb.run_script("roll\nselect\nconfirm\nback\n") == "script ended"
    lines = vb.data_out.decode().split("\n")
    events = [int(line.split()[1]) for line in lines if line.startswith("key")]
    assert events == [1, 0, 3, 2, 5, 4, 7, 6]        # key*2+pressed, press then release
    stamps = [int(line.split()[2]) for line in lines if line.startswith("key")]
    assert stamps[1] - stamps[0] == sim_module.PRESS_MS
    # each press lit the next pixel in its button's colour (test firmware)
    assert vb.pixels()[:4] == [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    assert vb.colour(vb.pixel_map[1]) == (0, 255, 0)
    vb.close()


def test_long_press_is_held_for_long_ms_and_ticks_wrap(test_fw):
    vb = VirtualBoard(firmware_dir=test_fw)
    vb.run_script("wait 64500\nback long\n")
    stamps = [int(line.split()[2]) for line in vb.data_out.decode().split("\n") if line.startswith("key")]
    down, up = stamps
    # the virtual clock starts 65536 ms before the 2**29 wrap, like CircuitPython:
    assert up < down                                         # wrapped during the press
    assert (up - down) % (1 << 29) == sim_module.LONG_MS
    vb.close()


def test_brightness_and_budget_are_applied_to_what_the_leds_show(test_fw):
    vb = VirtualBoard(firmware_dir=test_fw, settings={"LUDO_BRIGHTNESS": 50, "LUDO_CURRENT_BUDGET_MA": 500})
    vb.run_script("roll\n")
    assert vb.pixels()[0] == (255 * 128 >> 8, 0, 0)           # 255 at 50 % (128/256)
    vb.close()
    # 99 pixels idle take 99 mA of a 110 mA budget: 11 mA left = a channel sum of 11 * 255 // 20
    vb = VirtualBoard(firmware_dir=test_fw, settings={"LUDO_BRIGHTNESS": 100, "LUDO_CURRENT_BUDGET_MA": 110})
    vb.run_script("roll\n")
    assert vb.pixels()[0] == (11 * 255 // 20, 0, 0)
    vb.close()


def test_nvm_file_survives_a_restart_like_a_power_cut(test_fw, tmp_path):
    nvm = tmp_path / "nvm.bin"
    vb = VirtualBoard(firmware_dir=test_fw, nvm_path=nvm, settings=FULL)
    vb.run_script("confirm\nconfirm\n")
    vb.close()
    assert nvm.read_bytes()[:2] == b"\x02\xff" and len(nvm.read_bytes()) == 4096
    again = VirtualBoard(firmware_dir=test_fw, nvm_path=nvm, settings=FULL)
    again.run_script("wait 20\n")
    assert "2 confirms saved" in again.console
    assert again.pixels()[:3] == [(0, 0, 255), (0, 0, 255), (0, 0, 0)]
    again.close()
    fresh = VirtualBoard(firmware_dir=test_fw, nvm_path=nvm, fresh_nvm=True)
    fresh.run_script("wait 20\n")
    assert "0 confirms saved" in fresh.console
    fresh.close()


def test_reset_and_power_cut_reboot_with_nvm_kept(test_fw):
    vb = VirtualBoard(firmware_dir=test_fw, settings=FULL)
    vb.run_script("confirm\nreset\nwait 20\npower-cut 0\nconfirm\nwait 20\n")
    assert vb.sim.boots == 3
    saved = [line.split(", ")[1] for line in vb.console.splitlines()]
    assert saved == ["0 confirms saved", "1 confirms saved", "0 confirms saved"]
    # rewriting a programmed byte erases the sector first: cut at once, it is left erased
    assert vb.nvm[0] == 0xFF and vb.nvm.erases == 1 and vb.nvm.programs == 1
    vb.close()
    vb = VirtualBoard(firmware_dir=test_fw, settings=FULL)
    vb.run_script("power-cut 0\nconfirm\nwait 20\n")      # programming erased bytes: nothing lands
    assert vb.sim.boots == 2 and vb.nvm[0] == 0xFF and vb.nvm.erases == 0
    vb.close()


def test_watchdog_resets_a_board_that_stops_feeding_it(tmp_path, test_fw):
    with open(os.path.join(test_fw, "code.py")) as f:
        code = f.read()
    with open(os.path.join(test_fw, "code.py"), "w") as f:
        f.write(code.replace("    h.feed()\n", "    h.feed() if h.ticks_ms() < 0 else None\n"))
    vb = VirtualBoard(firmware_dir=test_fw)
    vb.run_script("wait 7900\n")
    assert vb.sim.boots == 1
    vb.run_script("wait 1000\n")
    assert vb.sim.boots == 2
    vb.close()


def test_bad_script_line_is_refused_before_running(test_fw):
    vb = VirtualBoard(firmware_dir=test_fw)
    with pytest.raises(sim_module.ScriptError, match="line 2: unknown command 'jump'"):
        vb.run_script("roll\njump\n")
    assert vb.frames == []
    vb.close()


def test_firmware_exception_reaches_the_caller_and_the_process_is_restored(test_fw):
    with open(os.path.join(test_fw, "code.py"), "a") as f:
        f.write("\n")
    with open(os.path.join(test_fw, "boot.py"), "a") as f:
        f.write("raise OSError('broken boot')\n")
    cwd, path = os.getcwd(), list(sys.path)
    vb = VirtualBoard(firmware_dir=test_fw)
    with pytest.raises(OSError, match="broken boot"):
        vb.run_script("wait 10\n")
    assert os.getcwd() == cwd and sys.path == path and "board" not in sys.modules
    vb.close()


def test_lock_step_board_with_pyserial_on_the_pty(test_fw):
    with VirtualBoard(firmware_dir=test_fw, data_port="pty") as vb:
        assert os.path.exists(vb.data_port_path)
        vb.press("roll")                     # nobody has the port open: nothing is sent
        assert vb.data_out == b""
        port = serial.Serial(vb.data_port_path, timeout=2)
        vb.wait(20)
        port.write(b'{"cmd":"status"}\n')
        vb.wait(20)
        assert port.readline() == b'{"CMD":"STATUS"}\n'    # the firmware read it and answered
        t = vb.now_ms
        vb.press("select")
        assert vb.now_ms - t >= sim_module.PRESS_MS + sim_module.GAP_MS
        assert port.readline().startswith(b"key 3 ")
        assert port.readline().startswith(b"key 2 ")
        vb.send("hello")                     # the same without pyserial
        vb.wait(20)
        assert port.readline() == b"HELLO\n"
        port.close()
        vb.wait(20)
        vb.press("roll")
        assert not vb.data_out.endswith(b"key 0")   # port closed: writes return 0
    assert not vb.running


def test_real_time_board_runs_by_itself(test_fw):
    with VirtualBoard(firmware_dir=test_fw, data_port="pty", realtime=True) as vb:
        port = serial.Serial(vb.data_port_path, timeout=3)
        vb.press("confirm")
        assert port.readline().startswith(b"key 5 ")
        port.write(b"abc\n")
        line = port.readline()
        if line.startswith(b"key 4 "):       # the release (80 ms on) may come before the echo
            line = port.readline()
        assert line == b"ABC\n"
    assert vb.now_ms > 0


def run_cli(*args, cwd=None):
    env = dict(os.environ, PYTHONPATH=HOST)
    return subprocess.run([sys.executable, "-m", "ludo_host.cli", "board", *args], cwd=cwd or ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def test_headless_cli_writes_frames_as_json_lines(test_fw, tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("# a comment\nwait 100\nroll\n\nwait 100\nselect long\ndata ping\nwait 50\n")
    frames = tmp_path / "frames.jsonl"
    data = tmp_path / "data.txt"
    done = run_cli("--headless", "--script", str(script), "--frames", str(frames), "--data-out", str(data),
                   "--firmware", test_fw, "--set", "LUDO_BRIGHTNESS=100")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in frames.read_text().splitlines()]
    assert len(lines) == 3                   # dark, one red pixel, then a green one
    assert lines[1]["pixels"][0] == [255, 0, 0] and lines[2]["pixels"][1] == [0, 255, 0]
    assert all(len(item["pixels"]) == 99 for item in lines)
    assert lines[0]["t"] < lines[1]["t"] < lines[2]["t"]
    assert b"PING\n" in data.read_bytes()


def test_headless_cli_reports_bad_input_in_one_line(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("roll\nwait soon\n")
    done = run_cli("--headless", "--script", str(script))
    assert done.returncode == 2
    assert done.stderr.strip() == "ludo-host board: line 2: 'wait soon': wait takes milliseconds, 0 to 3600000 (an hour)"
    done = run_cli("--headless", "--script", str(tmp_path / "missing.txt"))
    assert done.returncode == 2 and "cannot read" in done.stderr
    for text, words in (("roll\nwait -5\n", "line 2: 'wait -5': wait takes milliseconds"),
                        ("wait 99999999999999999999\n", "line 1: 'wait 99999999999999999999': wait takes"),
                        ("roll\nroll\npress\n", "line 3: 'press': unknown button ''"),
                        ("release left\n", "line 1: 'release left': unknown button 'left'"),
                        ("power-cut -1\n", "line 1: 'power-cut -1': power-cut takes a byte count")):
        script.write_text(text)
        done = run_cli("--headless", "--script", str(script))
        assert done.returncode == 2 and done.stderr.count("\n") == 1, (text, done.stderr)
        assert done.stderr.startswith("ludo-host board: " + words), (text, done.stderr)
    script.write_bytes(b"roll\ndata \xff\xfe\n")        # not UTF-8
    done = run_cli("--headless", "--script", str(script))
    assert done.returncode == 2 and done.stderr == "ludo-host board: %s: not UTF-8 text (byte 10)\n" % script


def test_virtual_board_without_a_terminal_says_what_to_do():
    done = subprocess.run([sys.executable, "-m", "ludo_host.cli", "board", "--virtual"], cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=HOST), capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2 and "needs a terminal" in done.stderr


def test_attached_board_is_handed_to_the_logger(monkeypatch, capsys):
    import argparse

    import ludo_host.logger as logger
    import ludo_host.virtual as board_cmd

    monkeypatch.setattr(board_cmd, "_attached_board", lambda: "/dev/ttyACM7")
    seen = {}
    monkeypatch.setattr(logger, "run", lambda args: seen.setdefault("port", args.port) and 0)
    parser = argparse.ArgumentParser()
    board_cmd.add_arguments(parser)
    assert board_cmd.run(parser.parse_args([])) == 0
    assert seen["port"] == "/dev/ttyACM7"
    assert "A Ludo board is attached: its data channel is /dev/ttyACM7" in capsys.readouterr().out


def test_the_virtual_board_keeps_a_stable_path_to_its_data_channel_while_it_runs(tmp_path):
    """A pty's number changes from run to run and is freed for any terminal when the board
    stops, so the board keeps ~/.local/share/ludo-board/data-port leading to it while it
    runs: `ludo-host ports --board` (and so `ludo-host log`) finds it, and it is gone after."""
    import pty
    import select
    import time

    env = dict(os.environ, PYTHONPATH=HOST, HOME=str(tmp_path), TERM="xterm")
    link = tmp_path / ".local" / "share" / "ludo-board" / "data-port"
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(ROOT)
        os.execvpe(sys.executable, [sys.executable, "-m", "ludo_host.cli", "board", "--virtual",
                                    "--fresh", "--nvm", str(tmp_path / "nvm.bin")], env)

    def drain(seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    os.read(fd, 65536)
                except OSError:
                    return

    try:
        end = time.monotonic() + 60
        while not link.is_symlink() and time.monotonic() < end:
            drain(0.2)
        assert link.is_symlink(), "no stable path while the board runs"
        assert os.readlink(link).startswith("/dev/pts/")
        found = subprocess.run([sys.executable, "-m", "ludo_host.cli", "ports", "--board"], cwd=ROOT,
                               env=env, capture_output=True, text=True, timeout=60)
        assert (found.returncode, found.stdout) == (0, str(link) + "\n"), found.stderr
        with serial.Serial(str(link), 115200, timeout=0.2) as port:
            port.write(b'{"cmd":"status"}\n')
            reply = b""
            end = time.monotonic() + 20
            while b"\n" not in reply and time.monotonic() < end:
                drain(0.05)
                reply += port.read(4096)
            assert json.loads(reply.split(b"\n")[0])["re"] == "status"
        os.write(fd, b"q")
        end = time.monotonic() + 30
        done = 0
        while not done and time.monotonic() < end:
            drain(0.1)
            done, _ = os.waitpid(pid, os.WNOHANG)
        assert done, "the board did not quit"
        assert not os.path.lexists(link), "the stable path outlived the board"
    finally:
        try:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)


def test_the_board_in_the_terminal_skips_token_fixups_unless_told_otherwise(tmp_path):
    """No wooden tokens on the virtual board in the terminal: LUDO_SKIP_FIXUPS = 1 there,
    unless --set or the drive's own settings.toml says otherwise; headless runs keep a
    real board's default (off), so scripts play as on a real board."""
    import argparse
    from ludo_host.virtual import TERMINAL_SETTINGS, _board_kwargs, add_arguments
    parser = argparse.ArgumentParser()
    add_arguments(parser)

    def settings(*argv, defaults=TERMINAL_SETTINGS):
        return _board_kwargs(parser.parse_args(list(argv)), defaults)["settings"]
    assert settings() == {"LUDO_SKIP_FIXUPS": 1}
    assert settings("--set", "LUDO_SKIP_FIXUPS=0") == {"LUDO_SKIP_FIXUPS": 0}
    assert settings("--headless", defaults=None) == {}
    drive = tmp_path / "drive"
    drive.mkdir()
    (drive / "settings.toml").write_text("LUDO_SKIP_FIXUPS = 0\n")
    assert settings("--drive", str(drive)) == {}


def test_set_twice_on_one_drive_keeps_settings_toml_readable(tmp_path):
    """--set writes into the drive's settings.toml: run again with another value, the file
    holds each key once (TOML refuses a key twice), the newest value."""
    from ludo_host.virtual.engine import prepare_drive, read_settings
    drive = tmp_path / "drive"
    for brightness in (50, 60, 70):
        assert prepare_drive(str(drive), {"LUDO_BRIGHTNESS": brightness})["LUDO_BRIGHTNESS"] == brightness
    assert read_settings(str(drive / "settings.toml"))["LUDO_BRIGHTNESS"] == 70
    (drive / "settings.toml").write_text("LUDO_BRIGHTNESS = 1\nLUDO_BRIGHTNESS = 2\n")
    with pytest.raises(ValueError, match="settings.toml: not TOML: Cannot overwrite a value"):
        prepare_drive(str(drive), {})


def test_set_on_a_drive_of_the_makers_leaves_its_settings_toml_as_it_is(test_fw, tmp_path):
    """`ludo-host board --drive DIR --set KEY=VALUE`: DIR is the maker's (a copy of the
    CIRCUITPY drive, or the drive itself): the run sees the value, the file keeps its own
    lines and comments, and no key the board's own run needs (the terminal's
    LUDO_SKIP_FIXUPS = 1) lands on it for the real board to read later."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    own = 'CIRCUITPY_WIFI_SSID = "home"\nLUDO_BRIGHTNESS = 60  # brighter\n'
    (drive / "settings.toml").write_text(own)
    vb = VirtualBoard(firmware_dir=test_fw, drive_dir=str(drive),
                      settings={"LUDO_BRIGHTNESS": 50, "LUDO_CURRENT_BUDGET_MA": 500, "LUDO_SKIP_FIXUPS": 1})
    vb.run_script("roll\n")
    assert vb.pixels()[0] == (255 * 128 >> 8, 0, 0)           # the run's 50 %, not the file's 60
    vb.close()
    assert (drive / "settings.toml").read_text() == own


def test_a_reset_forgets_the_firmware_s_modules_only(tmp_path, monkeypatch):
    """A reset starts the firmware afresh (its modules imported again), and leaves alone
    what other threads of the process imported meanwhile (`ludo-host web`'s logger and
    server run beside the virtual board: a module being imported must not vanish)."""
    (tmp_path / "host_side_module.py").write_text("value = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with VirtualBoard() as vb:
        vb.wait(300)
        app_module = sys.modules["ludoboard.app"]
        import host_side_module
        vb.reset()
        vb.wait(300)
        assert vb.sim.boots == 2
        assert sys.modules["host_side_module"] is host_side_module
        assert sys.modules["ludoboard.app"] is not app_module          # the firmware began again
    sys.modules.pop("host_side_module", None)
