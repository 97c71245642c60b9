"""Fixtures for the host tool's tests (ludo-host ports/log/replay/verify/stats)."""
import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import games  # noqa: E402
from ludo_host import ports  # noqa: E402

# A home of the tests' own: a virtual board the user has running publishes its data
# port under ~/.local/share/ludo-board, and `ludo-host` would find it there.
TEST_HOME = tempfile.mkdtemp(prefix="ludo-test-home-")


@pytest.fixture(autouse=True)
def _no_running_virtual_board(monkeypatch):
    monkeypatch.setattr(ports, "VIRTUAL_LINK", os.path.join(TEST_HOME, "data-port"))
    monkeypatch.setattr(ports, "LOCK_DIR", os.path.join(TEST_HOME, ".local", "share", "ludo-board", "locks"))


def cli_env():
    """The environment for running `ludo-host` as a user would (installed, or from the tree)."""
    env = dict(os.environ)
    paths = [str(ROOT / "host"), str(ROOT / "firmware")]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    env["PYTHONUNBUFFERED"] = "1"
    env["HOME"] = TEST_HOME
    env.pop("NO_COLOR", None)
    return env


def cli_command(*args):
    return [sys.executable, "-m", "ludo_host.cli"] + [str(a) for a in args]


def run_cli(*args, timeout=120, **kw):
    """Run `ludo-host ARGS` in a subprocess; returns CompletedProcess (text)."""
    return subprocess.run(cli_command(*args), env=cli_env(), capture_output=True, text=True,
                          timeout=timeout, **kw)


@pytest.fixture
def cli():
    return run_cli


class LoggerProcess:
    """`ludo-host log` running in the background, stderr to a file."""

    def __init__(self, port, directory, errfile, status_every=1.0):
        self.errfile = pathlib.Path(errfile)
        self._err = open(self.errfile, "w")
        self.proc = subprocess.Popen(
            cli_command("log", "--port", port, "--dir", directory, "--status-every", status_every),
            env=cli_env(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._err)

    def stderr(self):
        return self.errfile.read_text()

    def interrupt(self, timeout=10):
        """Ctrl-C, as a user would; returns the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout)
        finally:
            self._err.close()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._err.close()


@pytest.fixture
def start_logger(tmp_path):
    started = []

    def start(port, directory, name="logger", **kw):
        lp = LoggerProcess(port, directory, tmp_path / ("%s-%d.err" % (name, len(started))), **kw)
        started.append(lp)
        return lp

    yield start
    for lp in started:
        lp.kill()


def wait_until(predicate, timeout=30.0, interval=0.02, poll=None):
    """Wait for predicate() to be true; `poll()` is called between tries (e.g. to let a
    lock-step board run).  Returns the last value of predicate()."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > end:
            return value
        if poll is not None:
            poll()
        else:
            time.sleep(interval)


def read_text(path):
    try:
        with open(path, "rb") as fh:
            return fh.read().decode("utf-8")
    except FileNotFoundError:
        return ""


@pytest.fixture(scope="session")
def finished_game_text():
    """A finished two-player classic game with take-backs and a hand-over to the computer."""
    return games.record_text(seed=11, players=2, undo_every=23, hand_over=(30, "Y", "hard"))


@pytest.fixture
def record_file(tmp_path, finished_game_text):
    path = tmp_path / "game.ludo"
    path.write_text(finished_game_text)
    return path


class Clock:
    """A clock in seconds that the test moves on (`clock.now += 45`): the seat links' rules
    without sleeping."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


IN_CI = os.environ.get("CI", "") not in ("", "0", "false")


def need_chromium():
    """Debian's Chromium's path (test.sh installs it); without it a browser test is skipped
    here, and fails in CI, which must run the browser tests."""
    from cdp import find_chromium
    path = find_chromium()
    if not path:
        if IN_CI:
            pytest.fail("chromium is not installed, but CI must run the browser tests (test.sh installs it)")
        pytest.skip("chromium is not installed (test.sh installs Debian's chromium)")
    return path


@pytest.fixture(scope="module")
def chromium():
    """Debian's Chromium driven by Playwright (never Playwright's own download), one per
    test module (tests open pages or contexts of their own in it)."""
    path = need_chromium()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()
