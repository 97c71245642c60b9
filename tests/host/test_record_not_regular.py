"""`verify` and `replay` refuse a FIFO or a device at once, in one line, through the one
helper that opens a record file (a FIFO opened for reading would wait for a writer forever)."""
import os

import pytest

from conftest import run_cli

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.ludo"
    os.mkfifo(path)
    return path


def test_verify_refuses_a_fifo_and_a_device_and_checks_the_rest(fifo, record_file):
    done = run_cli("verify", fifo, os.devnull, record_file, timeout=30)
    lines = done.stdout.splitlines()
    assert lines[0] == "%s: is a FIFO (named pipe), not a record file" % fifo
    assert lines[1] == "%s: is a device, not a record file" % os.devnull
    assert lines[2].startswith("%s: ok (" % record_file)
    assert done.returncode == 1 and "Traceback" not in done.stderr


def test_replay_refuses_a_fifo(fifo):
    done = run_cli("replay", fifo, "--to", "0", timeout=30)
    assert done.returncode == 1
    assert done.stderr == "ludo-host replay: %s: is a FIFO (named pipe), not a record file\n" % fifo
    assert done.stdout == ""
