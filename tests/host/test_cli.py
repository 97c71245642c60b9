"""`ludo-host` as a whole: what every sub-command shares."""
import os
import subprocess

import pytest

from conftest import ROOT, cli_command, cli_env


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


@pytest.mark.parametrize("command, usage", [
    (("log", "--bogus"), "usage: ludo-host log [-h] [--port PORT]"),
    (("stats", "{folder}", "--nope"), "usage: ludo-host stats [-h] [--png OUT]"),
    (("replay", "--color", "never", "--x", "{game}"), "usage: ludo-host replay [-h]"),
], ids=lambda c: " ".join(c) if isinstance(c, tuple) else "")
def test_a_bad_option_prints_the_sub_commands_usage(cli, record_file, command, usage):
    args = [a.format(game=record_file, folder=record_file.parent) for a in command]
    out = cli(*args)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith(usage), out.stderr
    bad = [a for a in args if a.startswith("--") and a not in ("--color",)]
    assert out.stderr.splitlines()[-1] == "ludo-host %s: error: unrecognized arguments: %s" % (args[0], bad[0])


def test_counts_of_one_are_singular(cli, tmp_path):
    """One game, one file, one action, one move: no "1 games"."""
    import ludo
    g = ludo.Game("classic", players=2, seed=5, start="2026-11-29T14:00:00Z")
    g.resign("R")
    folder = tmp_path / "one"
    folder.mkdir()
    game = folder / "one.ludo"
    game.write_text(str(g.record(transcript=True)))
    out = cli("verify", game, game)
    assert out.stdout.splitlines() == ["%s: ok (%s classic RY, 1 action, result Y)" % (game, g.game_id)] * 2
    assert out.stderr == "2 of 2 files sound\n"
    out = cli("stats", folder)
    lines = out.stdout.splitlines()
    assert lines[0] == "games: 1 of 1 file"
    assert lines[1].startswith("played: Sun 29 Nov 2026, ")                  # (when: this computer's time)
    assert lines[4].startswith("wins by seat, of 1 game with a winner: ")
    out = cli("replay", game, "--html", tmp_path / "one.html")
    assert out.stdout == "wrote %s (1 move)\n" % (tmp_path / "one.html")


def test_every_sub_command_has_a_row_in_the_host_page():
    """docs/host.md's table of commands is where a user looks for what `ludo-host` does."""
    from ludo_host.cli import COMMANDS
    page = (ROOT / "docs" / "host.md").read_text()
    missing = [name for name, _, _ in COMMANDS if "\n| `ludo-host %s" % name not in page]
    assert not missing, missing
