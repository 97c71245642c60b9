"""`ludo-host` as a whole: what every sub-command shares."""
import os
import subprocess

import pytest

from conftest import cli_command, cli_env


def run_into_closed_pipe(*args):
    """Run `ludo-host ARGS` with stdout a pipe whose reader is already gone (`... | head`
    once head has exited): every write to it fails.  Returns (exit status, stderr)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(cli_command(*args), env=cli_env(), stdout=write_end,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(write_end)
    return proc.returncode, proc.stderr


@pytest.mark.parametrize("command", [
    ("replay", "{game}", "--to", "5"),
    ("replay", "{game}", "--to", "5", "--color", "always"),
    ("verify", "{game}", "{game}"),
    ("verify", "-q", "{missing}"),
    ("stats", "{folder}", "--json"),
    ("stats", "{folder}"),
    ("ports",),
], ids=lambda c: " ".join(c))
def test_output_to_a_closed_pipe_stops_quietly(tmp_path, record_file, command):
    names = {"game": record_file, "folder": record_file.parent, "missing": tmp_path / "nope.ludo"}
    status, err = run_into_closed_pipe(*[a.format(**names) for a in command])
    assert "Traceback" not in err and "BrokenPipeError" not in err and "Exception ignored" not in err, err
    assert status == 1, err


def test_output_to_a_pipe_that_is_read_is_untouched(cli, record_file):
    out = cli("verify", record_file, record_file)
    assert out.returncode == 0 and out.stdout.count(": ok (") == 2
