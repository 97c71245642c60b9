"""Fixtures for the board-platform tests: a small test firmware on the real hw.py, and MicroPython."""
import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOST = os.path.join(ROOT, "host")
FIRMWARE = os.path.join(ROOT, "firmware")
STUBS = os.path.join(HOST, "ludo_host", "virtual", "stubs")
TEST_FW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fw")
if HOST not in sys.path:
    sys.path.insert(0, HOST)
if FIRMWARE not in sys.path:
    sys.path.append(FIRMWARE)      # last: firmware/code.py must not shadow the standard `code` module


def make_test_firmware(dest):
    """firmware/hw.py and what it imports of ludoboard/ (power.py, settings.py, the package's
    __init__.py) with a tiny code.py: the platform without the app."""
    dest = str(dest)
    shutil.copytree(TEST_FW, dest, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(os.path.join(FIRMWARE, "hw.py"), dest)
    os.makedirs(os.path.join(dest, "ludoboard"))
    for name in ("__init__.py", "power.py", "settings.py"):
        shutil.copy(os.path.join(FIRMWARE, "ludoboard", name), os.path.join(dest, "ludoboard"))
    return dest


@pytest.fixture
def test_fw(tmp_path):
    return make_test_firmware(tmp_path / "fw")


class StubsMicroPython:
    """The suite's MicroPython harness (tests/mp/mpharness.py) with the stand-ins first on sys.path.

    run(code, mounts) -> stdout; each call starts a fresh interpreter (clean module state).
    """

    def __init__(self):
        import mpharness
        self.mp = mpharness.MicroPython(mounts=[STUBS])

    def run(self, code, mounts=()):
        return self.mp.run(code, paths=list(mounts) or None, reset=True)

    def close(self):
        self.mp.close()


@pytest.fixture(scope="session")
def micropython_stubs():
    """A MicroPython interpreter whose sys.path starts with the stand-in modules."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "mp"))
    import mpharness
    reason = mpharness.unavailable_reason()
    if reason:
        if os.environ.get("CI", "") not in ("", "0", "false"):
            pytest.fail(reason)
        pytest.skip(reason)
    mp = StubsMicroPython()
    yield mp
    mp.close()
