"""Stand-in for CircuitPython's `supervisor`: ticks_ms from the board sim's clock."""
import _board_sim


def ticks_ms():
    return _board_sim.sim.ticks()


class _Runtime:
    @property
    def serial_connected(self):
        return True

    @property
    def usb_connected(self):
        return True

    @property
    def serial_bytes_available(self):
        return 0


runtime = _Runtime()


def reload():
    raise _board_sim.Reset("supervisor.reload()")
