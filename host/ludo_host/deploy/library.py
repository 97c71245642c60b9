"""The neopixel library for `ludo-host deploy`: circup, else Adafruit's neopixel.py from
this computer, else the exact file to copy."""
import importlib.util
import os
import shutil
import subprocess

from .drive import atomic_write

CIRCUP_TIMEOUT_S = 180
LIBRARY = "neopixel"


def local_neopixel():
    """Path of Adafruit's neopixel.py installed on this computer (PyPI adafruit-circuitpython-neopixel), or None."""
    try:
        spec = importlib.util.find_spec(LIBRARY)
    except (ImportError, ValueError):
        return None
    origin = getattr(spec, "origin", None) if spec else None
    if not origin or not origin.endswith(".py") or not os.path.isfile(origin):
        return None
    with open(origin, "rb") as f:
        source = f.read()
    return origin if b"adafruit_pixelbuf" in source and b"class NeoPixel" in source else None


def install_library(drive, version, dry_run, say):
    """Put the neopixel library in lib/: circup, else Adafruit's neopixel.py from this computer, else explain.

    Returns None when the library is there (or would be), else a one-line instruction."""
    for name in ("neopixel.mpy", "neopixel.py"):
        if os.path.isfile(os.path.join(drive, "lib", name)):
            say("unchanged lib/%s (the %s library is already installed)" % (name, LIBRARY))
            return None
    manual = ("copy neopixel.mpy from the lib/ folder of the Adafruit CircuitPython Bundle for CircuitPython "
              "%d.x (adafruit-circuitpython-bundle-%d.x-mpy-*.zip, circuitpython.org/libraries) into %s"
              % (version[0], version[0], os.path.join(drive, "lib", "")))
    circup = shutil.which("circup")
    local = local_neopixel()
    if dry_run:
        if circup:
            say("would run circup --path %s install %s" % (drive, LIBRARY))
        elif local:
            say("would write lib/neopixel.py (new, from %s)" % local)
        else:
            return "the %s library is not on the drive and circup is not installed: %s" % (LIBRARY, manual)
        return None
    why = "circup is not installed (pip install circup)"
    if circup:
        say("running circup --path %s install %s" % (drive, LIBRARY))
        try:
            done = subprocess.run([circup, "--path", drive, "install", LIBRARY], stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=CIRCUP_TIMEOUT_S)
            lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
            why = "circup could not install it (%s)" % (lines[-1].strip() if lines else "exit %d" % done.returncode)
        except (OSError, subprocess.TimeoutExpired) as exc:
            why = "circup could not run (%s)" % exc
        for name in ("neopixel.mpy", "neopixel.py"):
            if os.path.isfile(os.path.join(drive, "lib", name)):
                say("write lib/%s (new, installed by circup)" % name)
                return None
    if local:
        with open(local, "rb") as f:
            data = f.read()
        os.makedirs(os.path.join(drive, "lib"), exist_ok=True)
        atomic_write(os.path.join(drive, "lib", "neopixel.py"), data)
        say("write lib/neopixel.py (new, from %s; %s)" % (local, why))
        return None
    return "the %s library is not installed: %s; %s" % (LIBRARY, why, manual)
