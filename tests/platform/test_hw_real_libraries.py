"""hw.py against the real libraries: Adafruit's neopixel under Blinka's OS-agnostic board, and mypy
with circuitpython-stubs for the Raspberry Pi Pico."""
import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from platform_helpers import FIRMWARE

BLINKA_ENV = {"BLINKA_FORCEBOARD": "OS_AGNOSTIC_BOARD", "BLINKA_FORCECHIP": "OS_AGNOSTIC"}

PIXEL_PATH = textwrap.dedent("""
    import json
    import neopixel                       # Adafruit's library from PyPI, on Blinka
    sent = []
    real_write = neopixel.neopixel_write
    def capture(pin, buf):
        sent.append(list(buf))
        real_write(pin, buf)
    neopixel.neopixel_write = capture
    import hw
    settings = hw.load_settings()
    h = hw.Hardware(settings)
    frame = bytearray([255, 0, 0,  0, 255, 0,  0, 0, 255,  10, 20, 30])
    h.show(frame)
    h.show(bytearray(b"\\xff" * 12))
    print(json.dumps({
        "library": neopixel.NeoPixel.__module__, "type": type(h._pixels).__name__,
        "sent": sent, "settings": settings, "key": h.poll_key(),
        "read": h.read_data(bytearray(8)), "wrote": h.write_data(b"x"),
        "host": h.host_connected, "nvm": h.nvm is None, "ticks": isinstance(h.ticks_ms(), int),
        "diff": hw.ticks_diff(5, (1 << 29) - 5)}))
""")


def run_blinka(env_extra):
    pytest.importorskip("adafruit_blinka")
    env = dict(os.environ, **BLINKA_ENV, **env_extra)
    env["PYTHONPATH"] = FIRMWARE
    env.pop("PYTHONSTARTUP", None)
    done = subprocess.run([sys.executable, "-c", PIXEL_PATH], env=env, capture_output=True, text=True,
                          timeout=120, cwd=FIRMWARE)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_pixel_path_runs_on_the_real_neopixel_library_under_blinka():
    got = run_blinka({"LUDO_PIXEL_PIN": "NEOPIXEL", "LUDO_PIXEL_COUNT": "4", "LUDO_BRIGHTNESS": "50",
                      "LUDO_CURRENT_BUDGET_MA": "5000", "LUDO_BUTTON_PINS": "", "LUDO_PIXEL_ORDER": "GRB"})
    assert got["library"] == "neopixel" and got["type"] == "NeoPixel"
    assert got["settings"]["LUDO_PIXEL_COUNT"] == 4 and got["settings"]["LUDO_BRIGHTNESS"] == 50
    assert len(got["sent"]) == 2                         # one write per show(): auto_write is off
    half = 255 * 128 >> 8
    # GRB on the wire, brightness 50 % applied by hw.py in integers
    assert got["sent"][0] == [0, half, 0,  half, 0, 0,  0, 0, half,  20 * 128 >> 8, 10 * 128 >> 8, 30 * 128 >> 8]
    assert got["sent"][1] == [half] * 12                 # 4 white pixels at 50 %: ~34 mA, within budget
    # what Blinka lacks degrades to "absent"; ticks still wrap at 2**29
    assert got["key"] == -1 and got["read"] == 0 and got["wrote"] == 0 and got["host"] is False
    assert got["nvm"] is True and got["ticks"] is True and got["diff"] == 10


def test_budget_holds_on_the_real_library():
    got = run_blinka({"LUDO_PIXEL_PIN": "NEOPIXEL", "LUDO_PIXEL_COUNT": "4", "LUDO_BRIGHTNESS": "100",
                      "LUDO_CURRENT_BUDGET_MA": "64", "LUDO_BUTTON_PINS": "", "LUDO_PIXEL_ORDER": "RGB"})
    white = got["sent"][1]
    # 4 mA idle + 60 mA of colour: a channel sum of at most 60 * 255 // 20 = 765
    assert sum(white) <= 765 and sum(white) >= 700 and len(set(white)) == 1


def test_bad_pin_name_is_one_clear_error():
    pytest.importorskip("adafruit_blinka")
    env = dict(os.environ, **BLINKA_ENV, LUDO_PIXEL_PIN="GP99", PYTHONPATH=FIRMWARE)
    done = subprocess.run([sys.executable, "-c", "import hw; hw.Hardware(hw.load_settings())"], env=env,
                          capture_output=True, text=True, timeout=120, cwd=FIRMWARE)
    assert done.returncode != 0
    assert done.stderr.strip().splitlines()[-1] == (
        "ValueError: settings.toml: LUDO_PIXEL_PIN names 'GP99', which this board does not have")


def test_settings_are_parsed_as_strings_with_clear_messages():
    pytest.importorskip("adafruit_blinka")
    env = dict(os.environ, **BLINKA_ENV, PYTHONPATH=FIRMWARE, LUDO_BRIGHTNESS="bright",
               LUDO_CURRENT_BUDGET_MA=" 900 ", LUDO_PIXEL_COUNT="5000")
    code = "import hw, json; s = hw.load_settings(); print(json.dumps(s))"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120, cwd=FIRMWARE)
    out = done.stdout.strip().splitlines()
    settings = json.loads(out[-1])
    assert settings["LUDO_BRIGHTNESS"] == 30 and settings["LUDO_CURRENT_BUDGET_MA"] == 900
    assert settings["LUDO_PIXEL_COUNT"] == 1024 and settings["LUDO_PIXEL_PIN"] == "GP2"
    assert "settings.toml: LUDO_BRIGHTNESS = 'bright' is not a whole number; using 30" in out
    assert "settings.toml: LUDO_PIXEL_COUNT = 5000 is outside 1..1024; using 1024" in out


# ---- mypy with circuitpython-stubs for the Pico -------------------------------------------

def _mypy(path, tmp_path):
    pytest.importorskip("mypy")
    setboard = shutil.which("circuitpython_setboard")
    if setboard is None:
        pytest.skip("circuitpython-stubs is not installed")
    # picks the Pico's pins in the installed stubs (it rewrites board-stubs; fine in the venv)
    subprocess.run([setboard, "raspberry_pi_pico"], check=True, capture_output=True, timeout=120)
    env = dict(os.environ, MYPYPATH=FIRMWARE)
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-untyped-imports",
                           "--python-version", "3.11", "--cache-dir", str(tmp_path / "mypy-cache"),
                           "--no-error-summary", str(path)],
                          env=env, capture_output=True, text=True, timeout=300, cwd=str(tmp_path))


def test_mypy_checks_hw_against_circuitpython_stubs(tmp_path):
    done = _mypy(os.path.join(FIRMWARE, "hw.py"), tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # the check has teeth: a wrong keypad argument and a wrong usb_cdc type are caught
    with open(os.path.join(FIRMWARE, "hw.py")) as f:
        source = f.read()
    bad = tmp_path / "bad" / "hw.py"
    bad.parent.mkdir()
    bad.write_text(source.replace("pull=True)", "pul=True)").replace("self._data.timeout = 0", "self._data.timeout = '0'"))
    done = _mypy(bad, tmp_path)
    assert 'Unexpected keyword argument "pul" for "Keys"' in done.stdout
    assert 'variable has type "float | None"' in done.stdout


def test_default_pins_exist_on_the_pico():
    import sysconfig
    path = os.path.join(sysconfig.get_paths()["purelib"], "board_definitions", "raspberry_pi_pico",
                        "__init__.pyi")
    if not os.path.exists(path):
        pytest.skip("circuitpython-stubs board definitions not found")
    with open(path) as f:
        text = f.read()
    names = [_default("LUDO_PIXEL_PIN")] + _default("LUDO_BUTTON_PINS").split(",")
    assert names == ["GP2", "GP10", "GP11", "GP12", "GP13"]
    for name in names:
        assert "\n%s: microcontroller.Pin" % name in text, name


def _default(key):
    with open(os.path.join(FIRMWARE, "hw.py")) as f:
        for line in f:
            if line.strip().startswith('"%s":' % key):
                return line.split(":", 1)[1].strip().rstrip(",").strip('"')
    raise KeyError(key)
