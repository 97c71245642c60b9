"""The neopixel library for `ludo-host deploy`: circup, else Adafruit's neopixel.py from
this computer, else the exact file to copy."""
import importlib.util
import os
import shutil
import subprocess
import sys

from .drive import atomic_write

CIRCUP_TIMEOUT_S = 180
PIP_TIMEOUT_S = 300
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


def circup_command():
    """How to run circup here ([its path]: on PATH, or beside this Python, as pip puts it
    in a venv that is not activated), or None."""
    found = shutil.which("circup") or beside_python("circup")
    return [found] if found else None


def beside_python(name):
    """A program pip installed beside this Python (its bin folder), or None."""
    path = os.path.join(os.path.dirname(sys.executable), name)
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def install_circup(say):
    """Install circup (PyPI) into this Python with pip, when the library needs it; its
    command, or None (no pip, no network: the caller explains what to copy by hand)."""
    say("installing circup (pip install circup): it fetches the neopixel library for the board")
    try:
        done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "circup"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=PIP_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as exc:
        say("could not install circup (%s)" % exc)
        return None
    if done.returncode != 0:
        lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
        say("could not install circup (%s)" % (lines[-1].strip() if lines else "pip exit %d" % done.returncode))
        return None
    importlib.invalidate_caches()
    return circup_command()


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
    circup = circup_command()
    local = local_neopixel()
    if dry_run:
        if circup:
            say("would run circup --path %s install %s" % (drive, LIBRARY))
        elif local:
            say("would write lib/neopixel.py (new, from %s)" % local)
        else:
            say("would install circup (pip install circup), then run circup --path %s install %s"
                % (drive, LIBRARY))
        return None
    why = "circup is not installed and pip could not install it (pip install circup)"
    if circup is None and local is None:
        circup = install_circup(say)
    if circup:
        say("running circup --path %s install %s" % (drive, LIBRARY))
        try:
            done = subprocess.run(circup + ["--path", drive, "install", LIBRARY], stdin=subprocess.DEVNULL,
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
