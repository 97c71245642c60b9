"""Fixtures for the hardware tests: a folder standing in for the CIRCUITPY drive, a small firmware tree."""
import argparse
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.path.join(ROOT, "host") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "host"))
# firmware/ goes last: its code.py must never shadow the standard library's `code` module.
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.append(os.path.join(ROOT, "firmware"))

BOOT_OUT = ("Adafruit CircuitPython %s on 2024-11-20; Raspberry Pi Pico with rp2040\n"
            "Board ID:raspberry_pi_pico\nUID:E6614C311B5C6A2E\n")


def make_drive(path, version="9.2.1"):
    os.makedirs(path, exist_ok=True)
    if version is not None:
        with open(os.path.join(path, "boot_out.txt"), "w") as f:
            f.write(BOOT_OUT % version)
    return str(path)


@pytest.fixture
def drive(tmp_path):
    """An empty CIRCUITPY drive with CircuitPython 9.2.1."""
    return make_drive(tmp_path / "CIRCUITPY")


@pytest.fixture
def firmware(tmp_path):
    """A small firmware tree like firmware/: code.py, boot.py, hw.py, two packages, and junk to skip."""
    root = tmp_path / "firmware"
    files = {
        "code.py": "import ludoboard.app\nludoboard.app.main()\n",
        "boot.py": "import usb_cdc\nusb_cdc.enable(console=True, data=True)\n",
        "hw.py": "import board\n",
        "ludo/__init__.py": "from .game import Game\n",
        "ludo/game.py": "class Game:\n    pass\n",
        "ludoboard/__init__.py": "",
        "ludoboard/app.py": "def main():\n    pass\n",
        "ludo/__pycache__/game.cpython-311.pyc": "junk",
        ".DS_Store": "junk",
    }
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return str(root)


@pytest.fixture
def no_library_tools(monkeypatch, tmp_path_factory):
    """No circup (and none installed: no pip, no network), but Adafruit's neopixel.py on this
    computer (a stand-in file), which deploy copies: a deploy that succeeds.  A test of the
    library missing altogether sets `_library.local_neopixel` to give None (`no_library`).
    And no pause for a board's restart after the guard code.py."""
    import shutil
    from ludo_host import deploy
    from ludo_host.deploy import library as _library
    source = tmp_path_factory.mktemp("site-packages") / "neopixel.py"
    source.write_text("import adafruit_pixelbuf\nclass NeoPixel(adafruit_pixelbuf.PixelBuf):\n    pass\n")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(_library, "local_neopixel", lambda: str(source))
    monkeypatch.setattr(_library, "install_circup", lambda say: None)     # (no pip, no network)
    monkeypatch.setattr(_library, "beside_python", lambda name: None)     # (not this venv's circup)
    monkeypatch.setattr(deploy, "SETTLE_S", 0)      # no board to wait for


@pytest.fixture
def no_library(no_library_tools, monkeypatch):
    """Neither circup nor a neopixel.py on this computer: deploy can only say what to copy."""
    from ludo_host.deploy import library as _library
    monkeypatch.setattr(_library, "local_neopixel", lambda: None)


def snapshot(root):
    """{relative path: (bytes, mtime_ns)} of every file under root."""
    out = {}
    for folder, _, names in os.walk(root):
        for name in names:
            p = os.path.join(folder, name)
            with open(p, "rb") as f:
                out[os.path.relpath(p, root)] = (f.read(), os.stat(p).st_mtime_ns)
    return out


def run_deploy(*argv):
    """`ludo-host deploy ARGV...` in this process: its exit status."""
    from ludo_host import deploy
    parser = argparse.ArgumentParser()
    deploy.add_arguments(parser)
    return deploy.run(parser.parse_args(list(argv)))


def read(drive, rel):
    """The bytes of the file `rel` on the drive."""
    with open(os.path.join(drive, rel), "rb") as f:
        return f.read()
