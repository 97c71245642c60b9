"""Shared fixtures and settings for the whole suite.

- `micropython` (session): a real MicroPython interpreter (tests/mp/runner.mjs
  under Node). `.run(code, paths=None) -> stdout`, `.run_fresh(...)`,
  `.run_steps([...])`, `.retained_bytes(code, setup="")`; errors raise
  `mpharness.MicroPythonError` with MicroPython's traceback.
- `repo_root`: the repository's root as a pathlib.Path.
- Hypothesis: no deadlines (a busy 2-core machine is no timing reference);
  reproducible in CI; `LUDO_LONG=1` selects long runs (many more examples)
  and enables tests marked `@pytest.mark.long`. Let the profile choose
  `max_examples` rather than fixing it in a test, so LUDO_LONG reaches it.
"""
import os
import pathlib
import shutil
import sys

import pytest
from hypothesis import HealthCheck, settings

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "mp"))
import mpharness  # noqa: E402

LONG = os.environ.get("LUDO_LONG", "") not in ("", "0")
IN_CI = os.environ.get("CI", "") not in ("", "0", "false")

settings.register_profile(
    "ludo",
    deadline=None,
    print_blob=True,
    derandomize=IN_CI,
    database=None if IN_CI else settings.default.database,
)
settings.register_profile(
    "ludo-long",
    parent=settings.get_profile("ludo"),
    max_examples=2000,
    stateful_step_count=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ludo-long" if LONG else "ludo")


def pytest_report_header(config):
    return "ludo: %s hypothesis runs (LUDO_LONG=%s)" % ("long" if LONG else "default", "1" if LONG else "0")


def pytest_collection_modifyitems(config, items):
    if LONG:
        return
    skip = pytest.mark.skip(reason="long run: set LUDO_LONG=1")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def repo_root():
    return ROOT


@pytest.fixture(scope="session")
def micropython():
    if shutil.which("node") is None:
        if IN_CI:
            pytest.fail("node is not installed, but CI must run the MicroPython tests")
        pytest.skip("node is not installed: the MicroPython tests need Node.js")
    mp = mpharness.MicroPython()
    yield mp
    mp.close()
