"""Stand-in for CircuitPython's `board` (a Raspberry Pi Pico's pins, plus NEOPIXEL)."""
import _board_sim


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board.%s" % self.name


board_id = "virtual_ludo_board"
_NAMES = ["GP%d" % i for i in range(29)] + ["LED", "NEOPIXEL", "A0", "A1", "A2", "VOLTAGE_MONITOR",
                                             "SMPS_MODE", "VBUS_SENSE"]
for _name in _NAMES:
    globals()[_name] = Pin(_name)
A0, A1, A2 = GP26, GP27, GP28          # noqa: F821 (made above)
SDA, SCL = GP4, GP5                    # noqa: F821
del _name
_board_sim.sim.pins = _NAMES
