"""The virtual board in a terminal, as a user runs it (`ludo-host board --virtual`, in a pty):
one board per save (a second is refused in one line, or runs on a save of its own and
says whose the stable data-port path is), a lock that a killed board does not leave
stuck, and a clock set from the PC, so a game's header says when it began."""
import fcntl
import json
import os
import pathlib
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from datetime import datetime, timezone

import serial

from platform_helpers import HOST, ROOT


class TerminalBoard:
    """`ludo-host board --virtual ARGS` on a pseudo-terminal of its own, its screen read
    (and kept) all the time so it never blocks on a full terminal."""

    def __init__(self, home, *args):
        env = dict(os.environ, PYTHONPATH=HOST, HOME=str(home), TERM="xterm")
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(ROOT)
            os.execvpe(sys.executable, [sys.executable, "-m", "ludo_host.cli", "board", "--virtual",
                                        *[str(a) for a in args]], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.screen = bytearray()
        self.status = None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        while True:
            try:
                if select.select([self.fd], [], [], 0.05)[0]:
                    data = os.read(self.fd, 65536)
                    if not data:
                        return
                    self.screen.extend(data)
            except OSError:
                return

    def text(self):
        return self.screen.decode("utf-8", "replace")

    def wait_for(self, words, timeout=60):
        end = time.monotonic() + timeout
        while words not in self.text() and time.monotonic() < end:
            time.sleep(0.05)
        return words in self.text()

    def exit_status(self, timeout=60):
        end = time.monotonic() + timeout
        while self.status is None and time.monotonic() < end:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = os.waitstatus_to_exitcode(status)
            else:
                time.sleep(0.05)
        if self.status is not None:
            self._reader.join(5)
        return self.status

    def quit(self):
        os.write(self.fd, b"q")
        return self.exit_status()

    def kill(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.exit_status()

    def close(self):
        self.kill()
        try:
            os.close(self.fd)
        except OSError:
            pass


def _link(home):
    return home / ".local" / "share" / "ludo-board" / "data-port"


def _read(path):
    try:
        return path.read_text().strip()
    except OSError:
        return None


def _wait_link(link, timeout=60):
    end = time.monotonic() + timeout
    while not link.is_symlink() and time.monotonic() < end:
        time.sleep(0.05)
    return link.is_symlink()


def test_a_second_virtual_board_on_the_same_save_is_refused_in_one_line(tmp_path):
    home = tmp_path / "home"
    save = tmp_path / "nvm.bin"
    first = TerminalBoard(home, "--fresh", "--nvm", save)
    boards = [first]
    try:
        link = _link(home)
        assert _wait_link(link), first.text()
        first_pty = os.readlink(link)

        second = TerminalBoard(home, "--nvm", save)
        boards.append(second)
        assert second.exit_status() == 2
        out = second.text().strip()
        assert out == ("ludo-host board: another virtual board (pid %d) is running on the save %s: "
                       "quit that one first, or give this one a save of its own with --nvm FILE"
                       % (first.pid, save)), out
        assert os.readlink(link) == first_pty           # the first board's port is left alone

        # On a save of its own it runs, on its own pty, and says the stable path is the first's.
        own = TerminalBoard(home, "--fresh", "--nvm", tmp_path / "own.bin")
        boards.append(own)
        assert own.wait_for("virtual board (pid %d) has" % first.pid), own.text()
        assert os.readlink(link) == first_pty
        assert own.quit() == 0
        assert os.readlink(link) == first_pty           # quitting did not take the first's path

        # A board killed outright leaves no lock behind: the save can be used again at once.
        first.kill()
        again = TerminalBoard(home, "--nvm", save)
        boards.append(again)
        assert again.wait_for("saved game:"), again.text()
        # The stable path is the new board's (its pid beside it): the killed board's stale
        # link is replaced. (Its pty may well have the number the killed board's had.)
        pid_file = pathlib.Path(str(link) + ".pid")
        end = time.monotonic() + 60
        while time.monotonic() < end and _read(pid_file) != "%d" % again.pid:
            time.sleep(0.05)
        assert _read(pid_file) == "%d" % again.pid and os.path.exists(os.readlink(link))
        assert again.quit() == 0
    finally:
        for board in boards:
            board.close()


def test_the_virtual_board_knows_the_time_without_a_logger(tmp_path):
    """A real board learns the time from a logger; the virtual one runs on a PC and is told
    it when it starts, so a game begun before any logger attached has a start time."""
    home = tmp_path / "home"
    board = TerminalBoard(home, "--fresh", "--nvm", tmp_path / "nvm.bin")
    try:
        link = _link(home)
        assert _wait_link(link), board.text()
        time.sleep(1.0)                 # the board's clock is set over its own port at boot
        with serial.Serial(str(link), 115200, timeout=0.2) as port:
            port.write(b'{"cmd":"new","players":2,"preset":"classic","seed":7}\n')
            got = b""
            end = time.monotonic() + 30
            while b'"ev":"start"' not in got and time.monotonic() < end:
                got += port.read(4096)
        start = [json.loads(line) for line in got.split(b"\n") if b'"ev":"start"' in line]
        assert start, got
        stamp = start[0]["header"]["start"]
        assert stamp is not None
        began = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        assert abs((datetime.now(timezone.utc) - began).total_seconds()) < 120
        assert board.quit() == 0
    finally:
        board.close()


def test_headless_runs_on_one_save_are_refused_too(tmp_path):
    """A headless run given the save a terminal board is running on would overwrite its game."""
    home = tmp_path / "home"
    save = tmp_path / "nvm.bin"
    board = TerminalBoard(home, "--fresh", "--nvm", save)
    try:
        assert _wait_link(_link(home)), board.text()
        script = tmp_path / "s.txt"
        script.write_text("roll\n")
        done = subprocess.run([sys.executable, "-m", "ludo_host.cli", "board", "--headless", "--script",
                               str(script), "--nvm", str(save)], cwd=ROOT, capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=HOST, HOME=str(home)), timeout=60)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert "another virtual board (pid %d) is running on the save" % board.pid in done.stderr
    finally:
        board.close()


def test_a_save_that_is_a_fifo_or_a_folder_is_refused_in_one_line(tmp_path):
    """`--nvm` naming a FIFO is refused at once (opening it would wait for a writer for
    ever, on a blank screen), and a folder is said to be one, in one line each."""
    fifo = tmp_path / "save.fifo"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    for save, kind in ((fifo, "a FIFO (named pipe)"), (folder, "a folder")):
        board = TerminalBoard(tmp_path / "home", "--nvm", save)
        try:
            assert board.exit_status(timeout=20) == 2, board.text()
            assert board.text().strip() == "ludo-host board: %s is %s, not a regular file" % (save, kind)
        finally:
            board.close()
        script = tmp_path / "s.txt"
        script.write_text("roll\n")
        done = subprocess.run([sys.executable, "-m", "ludo_host.cli", "board", "--headless", "--script",
                               str(script), "--nvm", str(save)], cwd=ROOT, capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=HOST, HOME=str(tmp_path / "home")), timeout=20)
        assert done.returncode == 2 and done.stderr == "ludo-host board: %s is %s, not a regular file\n" % (
            save, kind), done.stderr
