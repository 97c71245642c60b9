"""Fixtures for the board-platform tests: a small test firmware on the real hw.py, and MicroPython."""
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, "host")
FIRMWARE = os.path.join(ROOT, "firmware")
STUBS = os.path.join(HOST, "ludo_host", "virtual", "stubs")
TEST_FW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fw")
RUNNER = os.path.join(ROOT, "tests", "mp", "runner.mjs")
if HOST not in sys.path:
    sys.path.insert(0, HOST)
if FIRMWARE not in sys.path:
    sys.path.append(FIRMWARE)      # last: firmware/code.py must not shadow the standard `code` module


def make_test_firmware(dest):
    """firmware/hw.py and ludoboard/power.py with a tiny code.py: the platform without the app."""
    dest = str(dest)
    shutil.copytree(TEST_FW, dest, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(FIRMWARE, "hw.py"), dest)
    os.makedirs(os.path.join(dest, "ludoboard"))
    open(os.path.join(dest, "ludoboard", "__init__.py"), "w").close()
    shutil.copy(os.path.join(FIRMWARE, "ludoboard", "power.py"), os.path.join(dest, "ludoboard"))
    return dest


@pytest.fixture
def test_fw(tmp_path):
    return make_test_firmware(tmp_path / "fw")


class MicroPython:
    """tests/mp/runner.mjs (a real MicroPython in Node): run(code, mounts) -> stdout, raising on error."""

    def __init__(self):
        self.proc = subprocess.Popen(["node", RUNNER, "--mount", STUBS], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=ROOT)

    def run(self, code, mounts=(), reset=True):
        request = {"code": code, "reset": reset, "mounts": [str(m) for m in mounts]}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if reply.get("error"):
            raise AssertionError("MicroPython: %s\n%s" % (reply["error"].get("traceback"), reply.get("stdout")))
        return reply["stdout"]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(10)


@pytest.fixture(scope="session")
def micropython_stubs():
    """A MicroPython interpreter whose sys.path starts with the stand-in modules."""
    if shutil.which("node") is None or not os.path.exists(RUNNER):
        pytest.skip("node or tests/mp/runner.mjs missing")
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "@micropython")):
        pytest.skip("npm install first: node_modules/@micropython missing")
    mp = MicroPython()
    yield mp
    mp.close()
