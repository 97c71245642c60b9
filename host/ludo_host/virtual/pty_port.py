"""The virtual board's data channel on a pseudo-terminal that pyserial can open.

The board side holds the master end; the slave's path is what a PC program
opens (`serial.Serial(path)`). Whether a PC has it open is seen from the master:
POLLHUP while no process holds the slave, which stands in for USB's DTR.
"""
import errno
import fcntl
import os
import select
import termios
import tty


class PtyPort:
    """Same interface as `_board_sim.MemoryPort`: available, read_into, write, connected."""

    def __init__(self):
        self.master, slave = os.openpty()
        tty.setraw(slave)
        attrs = termios.tcgetattr(slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.path = os.ttyname(slave)
        os.close(slave)                   # so that "a PC has it open" can be seen
        os.set_blocking(self.master, False)
        fcntl.fcntl(self.master, fcntl.F_SETFD, fcntl.FD_CLOEXEC)
        self._poll = select.poll()
        self._poll.register(self.master, select.POLLIN | select.POLLHUP)
        self._pending = bytearray()
        self.from_board = bytearray()     # a copy of everything the board wrote

    def connected(self):
        if self.master < 0:
            return False
        for _fd, mask in self._poll.poll(0):
            if mask & select.POLLHUP:
                return False
        return True

    def _fill(self):
        if self.master < 0:
            return
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError as exc:          # EAGAIN: nothing; EIO: no PC holds the slave
                if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EIO):
                    return
                raise
            if not chunk:
                return
            self._pending.extend(chunk)

    def available(self):
        if not self._pending:
            self._fill()
        return len(self._pending)

    def read_into(self, buf, nbytes):
        self.available()
        n = min(nbytes, len(self._pending))
        buf[:n] = self._pending[:n]
        del self._pending[:n]
        return n

    def write(self, data):
        if not self.connected():
            return 0
        try:
            n = os.write(self.master, data)
        except OSError as exc:
            if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EIO):
                return 0
            raise
        self.from_board.extend(data[:n])
        return n

    def send(self, data):
        """PC -> board without a serial port: queued as if it had arrived."""
        self._pending.extend(data)

    def close(self):
        if self.master >= 0:
            os.close(self.master)
            self.master = -1
