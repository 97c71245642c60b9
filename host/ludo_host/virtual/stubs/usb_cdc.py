"""Stand-in for CircuitPython's `usb_cdc`. `data` exists when boot.py enabled it; the board sim's port backs it."""
import _board_sim


class Serial:
    def __init__(self, port=None):
        self._port = port
        self.timeout = None
        self.write_timeout = None

    def _far(self):
        return self._port if self._port is not None else _board_sim.sim.data

    @property
    def connected(self):
        return bool(self._far().connected())

    @property
    def in_waiting(self):
        return self._far().available()

    @property
    def out_waiting(self):
        return 0

    def readinto(self, buf, nbytes=None):
        n = len(buf) if nbytes is None else min(nbytes, len(buf))
        return self._far().read_into(buf, n)

    def read(self, size=-1):
        far = self._far()
        n = far.available() if size is None or size < 0 else min(size, far.available())
        buf = bytearray(n)
        got = far.read_into(buf, n)
        return bytes(buf[:got])

    def readline(self, size=-1):
        far = self._far()
        line = bytearray()
        one = bytearray(1)
        while (size < 0 or len(line) < size) and far.read_into(one, 1):
            line.extend(one)
            if one[0] == 10:
                break
        return bytes(line)

    def readlines(self):
        return self.read().split(b"\n")

    def write(self, buf):
        if not self.connected:
            return 0
        return self._far().write(buf)

    def flush(self):
        pass

    def reset_input_buffer(self):
        far = self._far()
        n = far.available()
        if n:
            far.read_into(bytearray(n), n)

    def reset_output_buffer(self):
        pass


class _Console(Serial):
    """The REPL channel: output goes to the PC's stdout."""

    @property
    def connected(self):
        return True

    @property
    def in_waiting(self):
        return 0

    def readinto(self, buf, nbytes=None):
        return 0

    def read(self, size=-1):
        return b""

    def readline(self, size=-1):
        return b""

    def write(self, buf):
        print(bytes(buf).decode(), end="")
        return len(buf)


console = _Console()
data = Serial() if _board_sim.sim.data_enabled else None


def enable(console=True, data=False):
    if not _board_sim.sim.in_boot_py:
        raise RuntimeError("Cannot change USB devices now")
    _board_sim.sim.data_enabled = bool(data)
    return True


def disable():
    enable(console=False, data=False)
