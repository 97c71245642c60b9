"""The firmware app itself (code.py, ludoboard, ludo) under the real MicroPython
interpreter with the stand-in CircuitPython modules: a scripted game gives the
same data-channel bytes and the same last frame as on CPython."""
import os
import random
import shutil
import subprocess
import sys

import pytest

from harness import Board, ROOT, PIXEL_MAP
from ludoboard.play import looks_like_earlier  # noqa: E402

STUBS = os.path.join(ROOT, "host", "ludo_host", "virtual", "stubs")
ACTIONS = 60


def make_script():
    """Presses for a short classic game (chosen on CPython), a record request, a reset and more."""
    b = Board()
    new = '{"cmd":"new","preset":"classic","players":2,"seed":21}'
    b.send(new)
    lines = ["wait 100", "data " + new, "wait 100"]
    rng = random.Random(2)
    pressed = []
    real_press = b.press

    def press(button, long=False):
        pressed.append(button + (" long" if long else ""))
        real_press(button, long)
    b.press = press
    took_back = False
    while len(b.game.transcript) < ACTIONS:
        if b.app.fixing():
            b.press("confirm")
        elif not took_back and len(b.game.transcript) >= 30 and b.game.needs_roll():
            took_back = True
            b.press("back")                 # a take-back (take_back.py, loaded for the press)
        elif b.game.needs_roll():
            b.press("roll")
        else:
            options = [i for i in range(len(b.app.legal)) if not looks_like_earlier(b.app.legal, i)]
            b.select_code(b.app.legal[rng.choice(options)].code)
            b.press("confirm")
    lines += pressed
    lines += ['data {"cmd":"record"}', "wait 2000", "reset", "wait 200", "roll", "confirm",
              "roll", "select", "wait 500", 'data {"cmd":"status"}', "wait 300"]
    return "\n".join(lines) + "\n", str(b.game.record(transcript=True))


@pytest.fixture(scope="module")
def script():
    return make_script()


def test_scripted_game_under_micropython_matches_cpython(micropython, tmp_path, script):
    text, record = script
    drive = tmp_path / "drive"
    drive.mkdir()
    shutil.copy(PIXEL_MAP, drive / "pixelmap.json")
    # CPython: the same firmware on the virtual board
    from ludo_host.virtual import VirtualBoard
    vb = VirtualBoard(drive_dir=str(drive))
    vb.run_script(text)
    cpython_data = bytes(vb.data_out)
    cpython_frame = vb.frames[-1][1]
    vb.close()
    # MicroPython
    out = micropython.run_fresh(
        "import os, sys, _board_sim\n"
        "os.chdir(%r)\n"
        "last_modules = set()\n"
        "_idle = _board_sim.Driver.on_idle\n"
        "def on_idle(self):\n"      # what is loaded at the script's end (a reset empties it)
        "    last_modules.clear()\n"
        "    last_modules.update(m for m in sys.modules if m.startswith('ludo'))\n"
        "    return _idle(self)\n"
        "_board_sim.Driver.on_idle = on_idle\n"
        "frames = _board_sim.run_firmware(%r, code=%r, boot=%r)\n"
        "print('DATA', bytes(_board_sim.sim.data.from_board).hex())\n"
        "print('FRAME', bytes(frames[-1][1]).hex())\n"
        "print('BOOTS', _board_sim.sim.boots)\n"
        "print('MODS', ' '.join(sorted(last_modules)))\n"
        "import micropython\n"
        "micropython.opt_level(0)\n"     # (code.py's level would outlive this test in the interpreter)
        % (str(drive), text, os.path.join(ROOT, "firmware", "code.py"), os.path.join(ROOT, "firmware", "boot.py")),
        paths=[STUBS, str(drive)], timeout=600)
    got = dict(line.split(" ", 1) for line in out.strip().split("\n") if line[:4] in ("DATA", "FRAM", "BOOT", "MODS"))
    mp_data = bytes.fromhex(got["DATA"])
    assert got["BOOTS"] == "2"
    # the resume after the reset replayed the save with ludo.extras, and dropped it again:
    # a resumed game holds no more code than a new one
    mods = got["MODS"].split()
    assert "ludo.game" in mods and "ludoboard.app" in mods
    assert "ludo.extras" not in mods and "ludoboard.startup" not in mods
    assert mp_data == cpython_data
    assert bytes.fromhex(got["FRAME"]) == cpython_frame
    # and what the board said is the game's record
    import json
    replies = [json.loads(line) for line in mp_data.decode().split("\n") if line]
    rec = "".join(r["text"] + "\n" for r in replies if r.get("re") == "record")
    assert rec.startswith(record[:record.index("\n")])
    assert rec == record
    status = [r for r in replies if r.get("re") == "status"][-1]
    assert status["state"] == "playing" and status["seq"] >= ACTIONS


# MicroPython lines: n passes of the app's loop
STEPS = "def steps(n):\n    for i in range(n):\n        app.step()\n"


def _printed(out, keys=None):
    """{KEY: value} of the lines "KEY value" a MicroPython run printed (only `keys`, if given)."""
    got = {}
    for line in out.strip().split("\n"):
        key, _, value = line.partition(" ")
        if keys is None or key in keys:
            got[key] = value
    return got


def _app_on_a_drive(tmp_path):
    """A drive with the pixel map, and the MicroPython lines that boot the stand-in board
    with the data channel on and make the app there (`sim`, `app`)."""
    drive = tmp_path / "drive"
    drive.mkdir()
    shutil.copy(PIXEL_MAP, drive / "pixelmap.json")
    return drive, (
        "import gc, os, sys, _board_sim\n"
        "sim = _board_sim.sim\n"
        "sim.data_enabled = True\n"
        "sim.boot()\n"
        "os.chdir(%r)\n"
        "import hw\n"
        "from ludoboard.app import App\n"
        "app = App(hw.Hardware(hw.load_settings()))\n" % str(drive))


def test_idle_animation_frames_allocate_nothing_under_micropython(micropython, tmp_path):
    """The steady-state loop (poll keys and link, timers, animation frames) allocates 0 bytes."""
    drive, app = _app_on_a_drive(tmp_path)
    code = app + (
        "sim.data.send(b'{\"cmd\":\"new\",\"preset\":\"club\",\"players\":4,\"seed\":3}\\n')\n"
        "for i in range(400):\n"
        "    app.step()\n"
        "def idle(n):\n"
        "    gc.collect()\n"
        "    gc.disable()\n"
        "    a = gc.mem_alloc()\n"
        "    frames = 0\n"
        "    for i in range(n):\n"
        "        before = app.last_step\n"
        "        app.step()\n"
        "        frames += app.last_step != before\n"
        "    d = gc.mem_alloc() - a\n"
        "    gc.enable()\n"
        "    return d, frames\n"
        "print('ROLL', *idle(300))\n"
        "sim.press(0, 80)\n"                         # roll: a choice or a pass is shown
        "for i in range(300):\n"
        "    app.step()\n"
        "app.on_press(1, False)\n"                   # select: a blinking move
        "for i in range(300):\n"
        "    app.step()\n"
        "print('CHOOSE', *idle(300))\n")
    out = micropython.run_fresh(code, paths=[STUBS, str(drive)], timeout=300)
    for line in out.strip().split("\n")[-2:]:
        name, allocated, frames = line.split()
        assert int(frames) > 50, line           # the animation did render
        assert int(allocated) == 0, line


def test_a_resend_leaves_none_of_its_code_loaded_under_micropython(micropython, tmp_path):
    """A resend refused and one answered, after some play: the replies are right, and
    afterwards none of their code stays loaded (commands, replies), nor ludo.extras,
    which the replay of rolls and moves does not need."""
    drive, app = _app_on_a_drive(tmp_path)
    code = app + STEPS + (
        "sim.data.send(b'{\"cmd\":\"new\",\"preset\":\"classic\",\"players\":2,\"seed\":5}\\n')\n"
        "steps(60)\n"
        "for k in range(40):\n"
        "    sim.press(0 if app.game.needs_roll() else 2, 80)\n"   # roll, or confirm the lit move
        "    steps(20)\n"
        "n = app.game.transcript_length\n"
        "sim.data.send(b'{\"cmd\":\"resend\",\"from\":1,\"game\":\"ffffffff\"}\\n')\n"
        "steps(20)\n"
        "sim.data.send(('{\"cmd\":\"resend\",\"from\":%d,\"game\":\"%s\"}\\n' % (n - 3, app.game.game_id)).encode())\n"
        "steps(40)\n"
        "print('N', n)\n"
        "print('MODS', ' '.join(m for m in ('ludoboard.commands', 'ludoboard.replies', 'ludo.extras') if m in sys.modules))\n"
        "print('DATA', bytes(sim.data.from_board).hex())\n")
    out = micropython.run_fresh(code, paths=[STUBS, str(drive)], timeout=300)
    got = _printed(out, ("N", "MODS", "DATA"))
    assert got["MODS"].strip() == ""
    import json
    replies = [json.loads(line) for line in bytes.fromhex(got["DATA"].strip()).decode().split("\n") if line]
    n = int(got["N"])
    assert n > 20
    errors = [r for r in replies if r.get("re") == "resend" and "error" in r]
    assert len(errors) == 1 and "ffffffff" in errors[0]["error"]
    end = [r for r in replies if r.get("re") == "resend" and "error" not in r]
    assert end == [{"from": n - 3, "game": replies[0]["game"], "re": "resend", "to": n}]
    again = [r["seq"] for r in replies if r.get("ev") == "action"][-4:]
    assert again == [n - 3, n - 2, n - 1, n]      # the last events, sent again after the first time


def data_sent_under_both(micropython, code, drive):
    """Runs `code` (which prints 'DATA <hex>' of what the board sent) under MicroPython and
    under CPython; asserts both sent the same bytes and returns them."""
    out = micropython.run_fresh(code, paths=[STUBS, str(drive)], timeout=300)
    mp_data = bytes.fromhex(out.split("DATA ")[1].split()[0])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([STUBS, os.path.join(ROOT, "firmware")]))
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert mp_data == bytes.fromhex(run.stdout.split("DATA ")[1].split()[0])
    return mp_data


def test_blank_looking_lines_and_a_flood_get_the_same_bytes_under_micropython_and_cpython(micropython, tmp_path):
    """Lines that look blank (form feed, no-break space, U+2028, ...) each get the one error
    line the protocol promises, and a flood is dropped and said in one line: the same bytes
    on MicroPython as on CPython (whose str.strip and json differ from MicroPython's)."""
    import json
    drive, app = _app_on_a_drive(tmp_path)
    blank_looking = [b"\x0c", b"\x0b", b" \x0c\t", b"\x1c\x1f", "\u00a0".encode(), "\u2028".encode(),
                     "\u3000".encode(), b'{"cmd":"status"}\x0c', b'\x0c{"cmd":"status"}',
                     b'{"cmd":"fly\\u00e9\\b"}', b"  \t", b""]
    code = app + (
        "sim.data.send(%r)\n"
        "for i in range(40):\n"
        "    app.step()\n"
        "sim.data.send(b'{\"cmd\":\"status\"}\\n' * 400)\n"
        "for i in range(400):\n"
        "    app.step()\n"
        "print('DATA', bytes(sim.data.from_board).hex())\n") % (b"\n".join(blank_looking) + b"\n",)
    mp_data = data_sent_under_both(micropython, code, drive)
    replies = [json.loads(line) for line in mp_data.decode().split("\n") if line]
    errors = [r["error"] for r in replies if "error" in r]
    assert errors[:len(blank_looking) - 3] == ["not JSON: %s" % json.dumps(line.decode())
                                               for line in blank_looking[:-3]]
    assert errors[len(blank_looking) - 3] == 'unknown command "fly\\u00e9\\b" (one of status, record, resend, ' \
                                             'new, press, time, seat, act)'
    assert len(errors) == len(blank_looking) - 1 and "bytes dropped" in errors[-1]
    for line in mp_data.decode().split("\n")[:-1]:        # each line exactly CPython's json.dumps
        assert line == json.dumps(json.loads(line), sort_keys=True, separators=(",", ":"))


def test_seat_and_act_lines_are_the_same_bytes_under_micropython_and_cpython(micropython, tmp_path):
    """The PC's `seat` and `act` (a seat played from afar: docs/serial-protocol.md), their
    errors, and `status` with the lights: the same bytes on MicroPython as on CPython."""
    import json
    drive, app = _app_on_a_drive(tmp_path)
    code = app + (
        "def ask(line):\n"
        "    sim.data.send(line + b'\\n')\n"
        "    for i in range(40):\n"
        "        app.step()\n"
        "ask(b'{\"cmd\":\"new\",\"preset\":\"classic\",\"players\":2,\"seed\":8}')\n"
        "for line in (b'{\"cmd\":\"seat\",\"seat\":\"Y\",\"kind\":\"remote\"}',\n"
        "             b'{\"cmd\":\"seat\",\"seat\":\"G\",\"kind\":\"remote\"}',\n"
        "             b'{\"cmd\":\"seat\",\"seat\":\"Y\",\"kind\":\"genius\"}',\n"
        "             b'{\"cmd\":\"seat\",\"seat\":\"Y\",\"kind\":\"hard\"}',\n"
        "             b'{\"cmd\":\"seat\",\"seat\":\"Y\",\"kind\":\"remote\"}',\n"
        "             b'{\"cmd\":\"act\",\"seat\":\"Y\",\"action\":\"roll\"}',\n"
        "             b'{\"cmd\":\"act\",\"seat\":\"R\",\"action\":\"R1 y-0\"}',\n"
        "             b'{\"cmd\":\"act\",\"seat\":\"R\",\"action\":\"\\\\u00e9\\\\u00e9 x\"}',\n"
        "             b'{\"cmd\":\"act\",\"seat\":\"R\"}',\n"
        "             b'{\"cmd\":\"status\",\"lights\":true}'):\n"
        "    ask(line)\n"
        "for k in range(40):\n"
        "    g = app.game\n"
        "    if g.is_over():\n"
        "        break\n"
        "    seat = 'RGYB'[g.turn]\n"
        "    if app.fixing():\n"
        "        app.on_press(2, False)\n"      # confirm: the table carried the lit move out
        "        ask(b'{\"cmd\":\"status\",\"lights\":true}')\n"
        "    elif g.needs_roll():\n"
        "        ask(b'{\"cmd\":\"act\",\"seat\":\"' + seat.encode() + b'\",\"action\":\"roll\"}')\n"
        "    else:\n"
        "        ask(b'{\"cmd\":\"act\",\"seat\":\"' + seat.encode() + b'\",\"action\":\"R1 h5-c\"}')\n"
        "        ask(b'{\"cmd\":\"act\",\"seat\":\"' + seat.encode() + b'\",\"action\":\"' + b'\\\\u00e9' * 30 + b'\"}')\n"
        "        ask(b'{\"cmd\":\"act\",\"seat\":\"' + seat.encode() + b'\",\"action\":\"'\n"
        "            + str(app.legal[-1]).encode() + b'\"}')\n"
        "    if k == 10:\n"
        "        ask(b'{\"cmd\":\"seat\",\"seat\":\"Y\",\"kind\":\"medium\"}')\n"
        "        ask(b'{\"cmd\":\"seat\",\"seat\":\"Y\",\"kind\":\"remote\"}')\n"
        "ask(b'{\"cmd\":\"act\",\"seat\":\"R\",\"action\":\"resign\"}')\n"
        "print('DATA', bytes(sim.data.from_board).hex())\n")
    mp_data = data_sent_under_both(micropython, code, drive)
    replies = [json.loads(line) for line in mp_data.decode().split("\n") if line]
    assert replies[-3]["line"] == "resign R" and replies[-1] == {"cmd": "act", "re": "ok"}
    acts = [r for r in replies if r.get("cmd") == "act"]
    errors = [r["error"] for r in replies if "error" in r]
    assert len(acts) > 20 and any(r.get("line", "").startswith("Y") for r in replies)
    assert any(r.get("line") == "kind Y medium" for r in replies)
    assert any(r.get("line") == "kind Y human" for r in replies)
    # before the first roll a seat changes hands too (recorded, as in play)
    assert [r.get("line") for r in replies if r.get("line", "").startswith("kind")][:2] == ["kind Y hard",
                                                                                          "kind Y human"]
    assert errors[:5] == ['"seat" is a seat playing (R, Y), not "G"',
                          "seat needs \"kind\": one of remote, human, easy, medium, hard, expert",
                          "not Y's turn (it is R's)", "R must roll first", "R must roll first"]
    assert any(e.startswith("R1 h5-c is not a legal move now (legal: ") for e in errors)
    assert any(e.startswith("\"" + "\\u00e9" * 20) and "..." in e for e in errors)     # (quoted and cut)
    assert any("lights" in r for r in replies)
    for line in mp_data.decode().split("\n")[:-1]:        # each line exactly CPython's json.dumps
        assert line == json.dumps(json.loads(line), sort_keys=True, separators=(",", ":"))


def test_a_memory_error_of_a_computer_seat_hands_it_down_under_micropython(micropython, tmp_path):
    """A Hard seat whose choice asks for more memory than there is (MicroPython's own
    MemoryError): the board does not stop; the seat goes to Medium (ludo.ai's own, loaded
    after the error), with the console line, and the game goes on (out_of_memory.py)."""
    drive, app = _app_on_a_drive(tmp_path)
    code = app + STEPS + (
        "import ludoboard.players as P\n"
        "class NoRoom:\n"
        "    def choose(self, game):\n"
        "        return bytearray(1 << 30)\n"       # far more than the heap: MemoryError
        "class AI:\n"
        "    Hard = NoRoom\n"
        "P._ai = AI\n"
        "def press():\n"
        "    g = app.game\n"
        "    mine = g.turn == 0\n"
        "    sim.press(0 if mine and g.needs_roll() else 1 if mine and app.selected < 0 else 2, 80)\n"
        "    steps(30)\n"
        "sim.data.send(b'{\"cmd\":\"new\",\"preset\":\"classic\",\"players\":2,\"seed\":2,\"kinds\":{\"Y\":\"hard\"}}\\n')\n"
        "steps(60)\n"
        "k = 0\n"
        "while app.game.kinds['Y'] == 'hard' and k < 600:\n"
        "    press()\n"
        "    k += 1\n"
        "print('KIND', app.game.kinds['Y'])\n"
        "n = app.game.transcript_length\n"
        "for k in range(150):\n"
        "    press()\n"
        "print('MORE', app.game.transcript_length - n)\n"
        "print('KIND2', app.game.kinds['Y'])\n")
    out = micropython.run_fresh(code, paths=[STUBS, str(drive)], timeout=300)
    got = _printed(out)
    assert got["KIND"] == "medium" and got["KIND2"] == "medium"
    assert "board: no memory for hard's code or its choice: seat Y played by medium now" in out
    assert int(got["MORE"]) > 40, "the game goes on, Medium playing Y"
