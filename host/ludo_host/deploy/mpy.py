"""`ludo-host deploy --mpy-cross PATH`: precompile the firmware's modules with CircuitPython's mpy-cross.

The compiler is tried on a one-line module first, and refused unless the file it
writes is what the board's CircuitPython loads. What CircuitPython checks, from its
sources (py/persistentcode.c, mp_raw_code_load): the file starts with the byte 'C'
(MicroPython's start with 'M', refused with "MicroPython .mpy file; use CircuitPython
mpy-cross"), then MPY_VERSION (else "incompatible .mpy file"). MPY_VERSION is 6 in
CircuitPython 9 and 10 (py/persistentcode.h; 9.0 took MicroPython 1.21's format, which
is why the 8.x library bundle does not load on 9) and 5 in 7 and 8 (the 'C' came in
with 7.0, adafruit/circuitpython#4713).
"""
import os
import subprocess
import tempfile

from .drive import DeployError

MPY_VERSION = {9: 6, 10: 6}          # CircuitPython major version -> the .mpy version it loads
OLDER_MPY = {5: "CircuitPython 7 or 8", 3: "CircuitPython 4 to 6"}
NOT_COMPILED = ("code.py", "boot.py")  # CircuitPython runs only these names, as .py
DOWNLOAD = "https://adafruit-circuit-python.s3.amazonaws.com/index.html?prefix=bin/mpy-cross/"
TIMEOUT_S = 60
# -O3 as the board's own compile (code.py sets opt_level(3)); -s names the module in tracebacks.
FLAGS = ("-O3",)


def is_module(rel):
    """True for a firmware file that is compiled: every .py but code.py and boot.py."""
    return rel.endswith(".py") and rel not in NOT_COMPILED


def _run(compiler, args):
    try:
        return subprocess.run([compiler] + list(args), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise DeployError("%s did not finish within %d s; nothing was copied" % (compiler, TIMEOUT_S))
    except OSError as exc:
        raise DeployError("cannot run %s (%s); nothing was copied" % (compiler, exc.strerror or exc))


def _last_line(done):
    lines = done.stdout.decode("utf-8", "replace").strip().splitlines()
    return lines[-1].strip() if lines else "exit status %d" % done.returncode


def _compile(compiler, rel, source, folder):
    src = os.path.join(folder, "src.py")
    out = os.path.join(folder, "out.mpy")
    with open(src, "wb") as f:
        f.write(source)
    if os.path.exists(out):
        os.remove(out)
    done = _run(compiler, list(FLAGS) + ["-s", rel, "-o", out, src])
    if done.returncode != 0 or not os.path.isfile(out):
        raise DeployError("%s could not compile %s: %s; nothing was copied" % (compiler, rel, _last_line(done)))
    with open(out, "rb") as f:
        return f.read()


def check_compiler(compiler, version, version_text, folder):
    """DeployError (one line) unless `compiler` writes the .mpy format of CircuitPython `version`."""
    want = MPY_VERSION.get(version[0])
    if want is None:
        raise DeployError("deploy does not know which .mpy format CircuitPython %s loads: deploy without "
                          "--mpy-cross (plain .py files); nothing was copied" % version_text)
    header = _compile(compiler, "probe.py", b"x = 1\n", folder)[:2]
    if header[:1] == b"C" and header[1:2] == bytes([want]):
        return
    told = _run(compiler, ["--version"])
    said = _last_line(told) if told.returncode == 0 else "no --version"
    if header[:1] == b"M":
        found = "MicroPython's .mpy format (it starts with 'M'), which CircuitPython refuses"
    elif header[:1] == b"C" and len(header) == 2:
        found = "CircuitPython .mpy version %d (%s)" % (header[1], OLDER_MPY.get(header[1], "not %d.x" % version[0]))
    else:
        found = "no .mpy file (it starts with %r)" % header
    raise DeployError("%s (%s) writes %s; CircuitPython %s on the board loads version %d: use the mpy-cross "
                      "of CircuitPython %d.x (%s), or deploy without --mpy-cross; nothing was copied"
                      % (compiler, said, found, version_text, want, version[0], DOWNLOAD))


def compile_firmware(compiler, files, version, version_text):
    """`files` ({rel: bytes}) with every module compiled: 'ludo/game.py' becomes 'ludo/game.mpy'."""
    with tempfile.TemporaryDirectory(prefix="ludo-mpy-") as folder:
        check_compiler(compiler, version, version_text, folder)
        out = {}
        for rel, data in files.items():
            if is_module(rel):
                out[rel[:-3] + ".mpy"] = _compile(compiler, rel, data, folder)
            else:
                out[rel] = data
        return out
