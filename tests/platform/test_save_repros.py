"""The two save defects of issue 17, as their reproductions ran them: the real firmware on
the virtual board (`ludo-host board --headless`), its NVM with RP2040 flash semantics and
real power cuts in the middle of a write."""
import json
import os
import shutil
import subprocess
import sys

import ludo
from platform_helpers import HOST, ROOT
from ludo_host.virtual import VirtualBoard

HERE = os.path.dirname(os.path.abspath(__file__))

# A game, a power cut that tears one append, then a second cut in the first save after
# the board resumed (with the save before, the rewrite of the whole sector that a torn
# entry caused: the whole game was lost).
DOUBLE_CUT = """\
wait 100
data {"cmd":"new","preset":"classic","players":2,"seed":5}
wait 300
roll
roll
roll
roll
roll
wait 300
data {"cmd":"status","position":true}
wait 100
power-cut 1
select
confirm
wait 500
data {"cmd":"status","position":true}
wait 100
confirm
wait 200
power-cut 0
select
confirm
wait 500
data {"cmd":"status","position":true}
wait 100
confirm
wait 200
select
confirm
wait 300
data {"cmd":"status","position":true}
wait 100
"""


def game_of(status):
    """A status line's game, without the last signal the lights showed."""
    return {k: v for k, v in status.items() if k != "signal"}


def statuses(data_out):
    return [json.loads(line) for line in data_out.decode().splitlines() if '"re":"status"' in line]


def test_two_power_cuts_in_a_row_keep_the_game(tmp_path):
    vb = VirtualBoard(nvm_path=tmp_path / "nvm.bin", fresh_nvm=True)
    try:
        vb.run_script(DOUBLE_CUT)
        got = statuses(vb.data_out)
        console = vb.console
        boots, erases = vb.sim.boots, vb.nvm.erases
    finally:
        vb.close()
    assert boots == 3 and erases == 0           # two cuts; no write ever erased the sector
    before, first, second, last = got
    assert before["seq"] == 5 and before["state"] == "playing"
    assert game_of(first) == game_of(before) and game_of(second) == game_of(before)  # 5 actions kept
    assert first["signal"] == second["signal"] == "error"      # and the lights say the save lost one
    assert last["seq"] == 6 and last["game"] == before["game"]     # and the move saved at last
    lost = "save: action 6's save is torn or corrupt; resumed from the 5 before it (dropped: %d)"
    assert console.splitlines() == [lost % 1, lost % 1]
    again = VirtualBoard(nvm_path=tmp_path / "nvm.bin")
    try:
        again.run_script('wait 300\ndata {"cmd":"status","position":true}\nwait 100\n')
        assert [game_of(s) for s in statuses(again.data_out)] == [game_of(last)] and again.console == ""
    finally:
        again.close()


def test_a_bad_entry_with_a_passing_check_boots(tmp_path):
    """The save written by the firmware before (L1), whose first entry has code 138 and a
    check byte that passes: the boot crashed with IndexError, a reset loop on a board."""
    nvm = tmp_path / "bad-entry.nvm"
    shutil.copy(os.path.join(HERE, "repro", "bad-entry.nvm"), nvm)
    script = tmp_path / "status.script"
    script.write_text('wait 500\ndata {"cmd":"status"}\nwait 200\n')
    env = dict(os.environ, PYTHONPATH=HOST)
    run = subprocess.run([sys.executable, "-m", "ludo_host.cli", "board", "--headless", "--nvm", str(nvm),
                          "--script", str(script), "--console", str(tmp_path / "console"),
                          "--data-out", str(tmp_path / "data")],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "console").read_text().splitlines() == [
        "save: written by an older firmware (L1); taken up, and rewritten at the next action",
        "save: action 1's save is torn or corrupt; resumed from the 0 before it (dropped: 1)"]
    status, = statuses((tmp_path / "data").read_bytes())
    # The game is the saved one (classic RY, seed 1): its id is now its ludo-record/2
    # commitment's, which covers the set-up too (the L1 save named it by the seed's alone).
    assert status["state"] == "playing" and status["seq"] == 0 and status["game"] == "d3726c9a"
    assert ludo.Game("classic", players="RY", seed=1).game_id == "d3726c9a"


# The save before, with its bad entry, taken up; the first action packs it into this format
# (the one erase); the board reset, and the game taken up again from that.
UPGRADE = """\
wait 300
data {"cmd":"status","position":true}
wait 100
confirm
wait 200
roll
wait 300
reset
wait 300
data {"cmd":"status","position":true}
wait 100
"""


def _cpython_run(script, nvm):
    vb = VirtualBoard()
    try:
        vb.nvm.load(nvm)
        vb.run_script(script)
        return vb.data_out, vb.console.splitlines(), bytes(vb.nvm.data)
    finally:
        vb.close()


def _micropython_run(micropython, tmp_path, script, nvm):
    drive = tmp_path / "drive"
    drive.mkdir(exist_ok=True)
    shutil.copy(os.path.join(ROOT, "hardware", "pixelmap.json"), drive / "pixelmap.json")
    out = micropython.run_fresh(
        "import os, _board_sim\n"
        "os.chdir(%r)\n"
        "_board_sim.sim.nvm.load(bytes.fromhex(%r))\n"
        "_board_sim.run_firmware(%r, code=%r, boot=%r)\n"
        "print('DATA', bytes(_board_sim.sim.data.from_board).hex())\n"
        "print('NVM', bytes(_board_sim.sim.nvm.data).hex())\n"
        "import micropython\n"
        "micropython.opt_level(0)\n"     # (code.py's level would outlive this test in the interpreter)
        % (str(drive), nvm.hex(), script, os.path.join(ROOT, "firmware", "code.py"),
           os.path.join(ROOT, "firmware", "boot.py")),
        paths=[os.path.join(HOST, "ludo_host", "virtual", "stubs"), str(drive)], timeout=600)
    lines = out.strip().split("\n")
    got = dict(line.split(" ", 1) for line in lines if line.split(" ")[0] in ("DATA", "NVM"))
    return bytes.fromhex(got["DATA"]), [line for line in lines if line.startswith("save:")], \
        bytes.fromhex(got["NVM"])


def test_the_saves_under_micropython_as_on_cpython(micropython, tmp_path):
    """The old save with its bad entry, taken up and packed; two power cuts in a row: the real
    MicroPython gives the same replies and console lines as CPython."""
    with open(os.path.join(HERE, "repro", "bad-entry.nvm"), "rb") as f:
        bad = f.read()
    for script, nvm in ((UPGRADE, bad), (DOUBLE_CUT, b"\xff" * 4096)):
        data, console, saved = _cpython_run(script, nvm)
        mp_data, mp_console, mp_saved = _micropython_run(micropython, tmp_path, script, nvm)
        assert (mp_data, mp_console) == (data, console)
        assert mp_saved[:2] == saved[:2] == b"L2"       # (the header's JSON keys in another order)
    data, console, nvm = _cpython_run(UPGRADE, bad)
    first, after = statuses(data)
    assert first["seq"] == 0 and after["seq"] == 1 and after["game"] == first["game"]
    assert nvm[:2] == b"L2" and console[:2] == [
        "save: written by an older firmware (L1); taken up, and rewritten at the next action",
        "save: action 1's save is torn or corrupt; resumed from the 0 before it (dropped: 1)"]
    assert console[2:] == []                # taken up again after the reset with nothing to say
