"""Fixtures for the board-platform tests: a small test firmware on the real hw.py, and MicroPython."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from platform_helpers import ROOT, STUBS, make_test_firmware  # noqa: F401


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
