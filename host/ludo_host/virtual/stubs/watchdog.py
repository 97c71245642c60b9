"""Stand-in for CircuitPython's `watchdog`."""


class WatchDogMode:
    pass


WatchDogMode.RAW = WatchDogMode()
WatchDogMode.RESET = WatchDogMode()


class WatchDogTimeout(Exception):
    pass
