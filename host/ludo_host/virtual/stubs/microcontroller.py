"""Stand-in for CircuitPython's `microcontroller`: nvm, watchdog, reset()."""
import _board_sim
import watchdog as _watchdog

nvm = _board_sim.sim.nvm
MAX_TIMEOUT_S = 8.388        # the RP2040's limit


class Pin:
    pass


class WatchDogTimer:
    def __init__(self):
        self._timeout = 0
        self._mode = None

    @property
    def timeout(self):
        return self._timeout

    @timeout.setter
    def timeout(self, value):
        if value <= 0 or value > MAX_TIMEOUT_S:
            raise ValueError("timeout must be <= %s" % MAX_TIMEOUT_S)
        self._timeout = value
        if self._mode is not None:
            self._arm()

    @property
    def mode(self):
        return self._mode

    @mode.setter
    def mode(self, value):
        if value is not _watchdog.WatchDogMode.RESET and value is not _watchdog.WatchDogMode.RAW \
                and value is not None:
            raise TypeError("mode must be a WatchDogMode")
        if value is not None and not self._timeout:
            raise ValueError("set timeout first")
        self._mode = value
        if value is None:
            _board_sim.sim.watchdog_ms = 0
        else:
            self._arm()

    def _arm(self):
        sim = _board_sim.sim
        sim.watchdog_ms = int(self._timeout * 1000)
        sim.watchdog_fed = sim.now_ms

    def feed(self):
        if self._mode is None:
            raise ValueError("WatchDogTimer is not initialized")
        _board_sim.sim.watchdog_fed = _board_sim.sim.now_ms

    def deinit(self):
        self.mode = None


watchdog = WatchDogTimer()


class _Processor:
    frequency = 125000000
    temperature = 27.0
    uid = b"\x4c\x55\x44\x4f\x00\x00\x00\x01"
    voltage = 3.3


cpu = _Processor()


def reset():
    raise _board_sim.Reset("microcontroller.reset()")


def on_next_reset(run_mode):
    pass


def delay_us(delay):
    pass


def disable_interrupts():
    pass


def enable_interrupts():
    pass
