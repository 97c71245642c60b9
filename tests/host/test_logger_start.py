"""`ludo-host log` as it starts: one logger per board (a second is refused in one line, and a
killed logger leaves nothing stuck), a port that is not there is said at once, where the
records go (inside a git checkout: said so), and a game joined midway keeps the board's
start time, or says the board had none."""
import os
import shutil
import subprocess
from datetime import datetime, timezone

import pytest

from conftest import ROOT, cli_command, cli_env, read_text, run_cli, wait_until
from fakeboard import FakeBoard
from ludo_host.logger.setup import where_records_go


def file_lines(path):
    text = read_text(path)
    return text.split("\n")[:-1] if text else []


def test_a_second_logger_on_the_same_board_is_refused_in_one_line(tmp_path, start_logger):
    link = tmp_path / "board-port"
    board = FakeBoard(link, seed=3)
    board.plug()
    first = start_logger(link, tmp_path / "games", name="first")
    try:
        assert wait_until(lambda: board.received, 15), first.stderr()
        # The same board by another name (the device itself, not the link to it), another folder.
        device = os.path.realpath(link)
        second = start_logger(device, tmp_path / "other", name="second")
        assert second.proc.wait(30) == 1
        assert second.stderr() == (
            "ludo-host log: %s is being logged by another `ludo-host log` (pid %d): one logger per "
            "board; stop that one first\n" % (device, first.proc.pid))
        assert not any((tmp_path / "other").iterdir())
        # The first logs on, alone: its file is the board's record.
        gid = board.new_game("classic", players=2)
        for _ in range(30):
            board.play_turn()
        path = tmp_path / "games" / ("%s.ludo" % gid)
        assert wait_until(lambda: read_text(path) == board.record_text(), 20), first.stderr()
        # Killed outright (no clean-up at all), it leaves no lock behind.
        first.proc.kill()
        first.proc.wait()
        third = start_logger(link, tmp_path / "games", name="third")
        for _ in range(10):
            board.play_turn()
        assert wait_until(lambda: read_text(path) == board.record_text(), 20), third.stderr()
        assert third.interrupt() == 0
        assert "being logged" not in third.stderr()
    finally:
        board.close()


def test_a_second_logger_with_another_home_is_refused_too(tmp_path, start_logger):
    """The lock file lives in the user's home; a logger of another user (or HOME) on the same
    board meets the device's own lock, and does not read beside the first (both lost bytes)."""
    link = tmp_path / "board-port"
    board = FakeBoard(link, seed=5)
    board.plug()
    first = start_logger(link, tmp_path / "games", name="first")
    try:
        assert wait_until(lambda: board.received, 15), first.stderr()
        device = os.path.realpath(link)
        env = dict(cli_env(), HOME=str(tmp_path / "another-home"))
        second = subprocess.run(cli_command("log", "--port", device, "--dir", tmp_path / "other"), env=env,
                                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
        assert second.returncode == 1
        assert second.stderr == ("ludo-host log: %s is held by another program (a `ludo-host log` of another "
                                 "user or HOME?): one logger per board; stop that one first\n" % device)
        assert not (tmp_path / "other").exists() or not any((tmp_path / "other").iterdir())
        gid = board.new_game("classic", players=2)
        for _ in range(20):
            board.play_turn()
        path = tmp_path / "games" / ("%s.ludo" % gid)
        assert wait_until(lambda: read_text(path) == board.record_text(), 20), first.stderr()
        assert "malformed" not in first.stderr()
    finally:
        board.close()


def test_a_port_that_is_not_there_is_said_at_once(cli, tmp_path):
    done = cli("log", "--port", "/dev/nosuch", "--dir", tmp_path / "games", timeout=30)
    assert done.returncode == 2
    assert done.stderr == ("ludo-host log: no such device: /dev/nosuch (is the board plugged in? "
                           "`ludo-host ports` lists the serial ports)\n")
    plain = tmp_path / "notes.txt"
    plain.write_text("hello\n")
    done = cli("log", "--port", plain, "--dir", tmp_path / "games", timeout=30)
    assert done.returncode == 2
    assert done.stderr == "ludo-host log: %s is not a serial device (`ludo-host ports` lists the serial ports)\n" % plain
    assert not (tmp_path / "games").exists()


def test_a_records_folder_that_is_a_file_is_said_so(cli, tmp_path):
    taken = tmp_path / "games"
    taken.write_text("not a folder\n")
    done = cli("log", "--dir", taken, timeout=30)
    assert done.returncode == 2
    assert done.stderr == "ludo-host log: %s is not a folder: give --dir a folder for the records\n" % taken
    assert taken.read_text() == "not a folder\n"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_records_inside_a_git_checkout_are_said_so(tmp_path):
    outside = tmp_path / "plain"
    outside.mkdir()
    assert where_records_go(outside / "games") == "records go to %s" % (outside / "games")
    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    games = repo / "games"
    games.mkdir()
    said = where_records_go(games)
    assert said == ("records go to %s, inside the git checkout %s (git will list them as new files; "
                    "--dir for another folder)" % (games, repo))
    (repo / ".gitignore").write_text("/games/\n")
    assert "(ignored by git;" in where_records_go(games)


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="needs git and a git checkout")
def test_this_checkout_ignores_the_loggers_default_folder():
    """`bash run.sh` in this checkout, then `ludo-host log`: the records land in ./games."""
    assert "(ignored by git;" in where_records_go(ROOT / "games")


def test_the_logger_says_where_the_records_go(tmp_path, start_logger):
    link = tmp_path / "board-port"
    board = FakeBoard(link, seed=4)
    board.plug()
    logger = start_logger(link, tmp_path / "games")
    try:
        assert wait_until(lambda: "records go to %s" % (tmp_path / "games") in logger.stderr(), 15), \
            logger.stderr()
    finally:
        board.close()


def test_a_game_joined_midway_keeps_the_boards_start_or_says_it_had_none(tmp_path, start_logger):
    link = tmp_path / "board-port"
    board = FakeBoard(link, seed=6, clock=None)     # no PC has told it the time yet
    board.plug()
    early = board.new_game("classic", players=2)
    for _ in range(12):
        board.play_turn()
    logger = start_logger(link, tmp_path / "games")
    try:
        path = tmp_path / "games" / ("%s.ludo" % early)
        assert wait_until(lambda: file_lines(path) == board.lines, 20), logger.stderr()
        assert '"start":null' in file_lines(path)[0]
        assert wait_until(lambda: ('game %s began before the board knew the time (no logger had set its '
                                   'clock): its header has "start": null' % early) in logger.stderr(), 10)
        # The logger set the clock as it connected: the next game's header has the time.
        later = board.new_game("classic", players=2)
        path = tmp_path / "games" / ("%s.ludo" % later)
        assert wait_until(lambda: file_lines(path)[:1] == board.lines[:1], 20), logger.stderr()
        start = board.game.record(transcript=True).header["start"]
        began = datetime.strptime(start, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        assert abs((datetime.now(timezone.utc) - began).total_seconds()) < 120
        assert logger.stderr().count("began before the board knew the time") == 1
    finally:
        board.close()
