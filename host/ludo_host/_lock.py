"""One process per board, per save: an OS lock (`flock`) on a lock file.

The lock is the kernel's and belongs to the open file: when its process ends,
however it ends (Ctrl-C, kill -9, a crash), the lock goes with it, so nothing
is ever left stuck.  The lock file also holds the holder's process id, for the
message that names who has it.  Lock files live in LOCK_DIR, one per thing
locked, named after its real path (so two names of one device are one lock).
Without `fcntl` (Windows) nothing is locked.
"""
import hashlib
import os
import re

try:
    import fcntl
except ImportError:         # Windows: no flock
    fcntl = None

from . import ports


class LockHeld(Exception):
    """Another process holds the lock; `pid` is its process id, or None when unknown."""

    def __init__(self, path, pid):
        Exception.__init__(self, path, pid)
        self.path = path
        self.pid = pid

    def holder(self, what):
        """'another WHAT (pid 123)', or 'another WHAT' when the pid is unknown."""
        return "another %s%s" % (what, " (pid %d)" % self.pid if self.pid else "")


def lock_file(thing):
    """The lock file of a path (a device, a save file): its real path made a file name."""
    real = os.path.realpath(thing)
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", real).strip("-")[-80:]
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return os.path.join(ports.LOCK_DIR, "%s-%s.lock" % (name, digest))


class PathLock:
    """An exclusive lock on a path, taken with `acquire()` (raises LockHeld) and given
    back with `release()` or when the process ends."""

    def __init__(self, thing):
        self.thing = thing
        self.path = lock_file(thing)
        self._fd = None

    @property
    def held(self):
        return self._fd is not None

    def acquire(self):
        if self._fd is not None or fcntl is None:
            return
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pid = _read_pid(fd)
            os.close(fd)
            raise LockHeld(self.path, pid)
        fcntl.fcntl(fd, fcntl.F_SETFD, fcntl.FD_CLOEXEC)    # a child process does not keep it
        os.ftruncate(fd, 0)
        os.write(fd, b"%d\n" % os.getpid())
        self._fd = fd

    def release(self):
        """Give the lock back (the file stays: removing it would race with a new holder)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.ftruncate(fd, 0)
            except OSError:
                pass
            os.close(fd)


def _read_pid(fd):
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").split()
        return int(text[0]) if text else None
    except (OSError, ValueError):
        return None
