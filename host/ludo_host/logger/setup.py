"""What the logger checks before it opens a port or writes a file: that a port can be a
board's data channel (not somebody's terminal, not a missing device), and where the
records go (a folder inside a git checkout is said so)."""
import os
import stat
import subprocess

from .. import ports


def not_a_data_channel(device):
    """Why `device` must not be opened, or None.  A pseudo-terminal that echoes or reads
    by lines is somebody's terminal, not a board's data channel: a virtual board's
    freed pty soon goes to a new terminal, and the logger's commands would be typed
    into its shell (and pyserial's set-up would break that terminal)."""
    real = os.path.realpath(device)
    if not real.startswith("/dev/pts/"):
        return None
    import termios
    try:
        fd = os.open(real, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return None                 # opening it will fail and say why
    try:
        lflag = termios.tcgetattr(fd)[3]
    except termios.error:
        return None
    finally:
        os.close(fd)
    if lflag & (termios.ECHO | termios.ICANON) or _controlling_terminal(real):
        return "%s is a terminal, not a board's data channel (is the virtual board running?)" % device
    return None


def _controlling_terminal(path):
    """True when some process has the pty `path` as its controlling terminal (Linux: /proc).
    A shell waiting at its prompt has switched echo and line reading off (readline), but its
    terminal is its session's; a virtual board's data channel is nobody's."""
    try:
        rdev = os.stat(path).st_rdev
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return False
    for pid in pids:
        try:
            with open("/proc/%s/stat" % pid, "rb") as f:
                stat = f.read()
        except OSError:
            continue                # (gone, or not ours to read)
        fields = stat[stat.rfind(b")") + 2:].split()    # after "pid (comm) ": state ppid pgrp session tty_nr
        if len(fields) > 4 and int(fields[4]) == rdev:
            return True
    return False


def port_problem(port):
    """Why a `--port` given cannot be a board's data channel, or None.  A device that is
    not there now is refused (a typo would wait for ever), except the virtual board's
    stable path: that one comes when the virtual board starts."""
    if os.name != "posix":
        return None                 # COM3 and the like: no path to look at
    if not os.path.exists(port):
        if os.path.abspath(port) == os.path.abspath(ports.VIRTUAL_LINK):
            return None
        return "no such device: %s (is the board plugged in? `ludo-host ports` lists the serial ports)" % port
    if not stat.S_ISCHR(os.stat(port).st_mode):
        return "%s is not a serial device (`ludo-host ports` lists the serial ports)" % port
    return None


def git_checkout_of(directory):
    """The git checkout (work tree) a folder is in, or None."""
    path = os.path.abspath(directory)
    while True:
        if os.path.exists(os.path.join(path, ".git")):
            return path
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent


def where_records_go(directory):
    """A line saying where the records go, and whether git sees them there."""
    folder = os.path.abspath(directory)
    checkout = git_checkout_of(folder)
    if checkout is None:
        return "records go to %s" % folder
    try:
        ignored = subprocess.run(["git", "-C", checkout, "check-ignore", "-q", folder + os.sep],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ignored = False             # no git to ask
    return "records go to %s, inside the git checkout %s (%s; --dir for another folder)" % (
        folder, checkout, "ignored by git" if ignored else "git will list them as new files")
