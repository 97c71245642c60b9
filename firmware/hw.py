# The board's hardware: the one module that touches CircuitPython-only APIs.
# Everything else in firmware/ is plain Python that also runs on a PC. On a PC
# (the virtual board, Blinka) the modules a platform lacks are simply absent:
# no buttons, no data port, no NVM, no watchdog, and ticks from `time`.
#
#     settings = load_settings()      # LUDO_* from settings.toml
#     hw = Hardware(settings)
#     hw.show(frame)                  # bytearray(3 * hw.pixel_count), R,G,B full scale
#     hw.poll_key()                   # -1, or key * 2 + pressed (0 roll, 1 select, 2 confirm, 3 back)
import gc
import os

import board
import neopixel

from ludoboard import const, scene

_TICKS_MASK = const((1 << 29) - 1)     # supervisor.ticks_ms() wraps at 2**29
_TICKS_HALF = const(1 << 28)
_WATCHDOG_S = const(8)                 # RP2040 caps the watchdog at 8.388 s

try:
    import keypad
except ImportError:  # SAMD21 builds; Blinka without a GPIO chip
    keypad = None  # type: ignore[assignment]
try:
    import usb_cdc
except ImportError:  # Blinka
    usb_cdc = None  # type: ignore[assignment]
try:
    import microcontroller
except ImportError:
    microcontroller = None  # type: ignore[assignment]
try:
    from watchdog import WatchDogMode
except ImportError:
    WatchDogMode = None  # type: ignore[assignment,misc]
try:
    from supervisor import ticks_ms as _ticks_ms
except ImportError:  # Blinka on a PC: the same 2**29 wrap from the monotonic clock
    import time

    def _ticks_ms() -> int:
        return (time.monotonic_ns() // 1000000) & _TICKS_MASK

try:
    from typing import TYPE_CHECKING, Any, Dict, Optional, Union  # noqa: F401  (type checking only)
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]  # no typing module on the board
if TYPE_CHECKING:
    import nvm as _nvm_types
    import watchdog as _watchdog_types


DEFAULTS = {
    "LUDO_PIXEL_PIN": "GP2",
    "LUDO_PIXEL_COUNT": 99,
    "LUDO_PIXEL_ORDER": "GRB",
    "LUDO_BRIGHTNESS": 30,
    "LUDO_CURRENT_BUDGET_MA": 500,
    "LUDO_BUTTON_PINS": "GP10,GP11,GP12,GP13",
    "LUDO_PIXEL_MAP": "pixelmap.json",
    "LUDO_MAP_CHECK": 0,
    "LUDO_LINE_NUMBERS": 0,     # read by code.py, before anything is compiled
    "LUDO_SKIP_FIXUPS": 0,      # 1: tokens put right by hand need no confirm (no wooden tokens)
    "LUDO_COMPUTER_PAUSE_MS": 1400,     # a computer seat's pause before it rolls (and moves)
}
def ticks_diff(a: int, b: int) -> int:
    """a - b in ms for two ticks_ms() values, right across the 2**29 wrap."""
    return ((a - b + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


def ticks_add(a: int, delta: int) -> int:
    """The ticks value delta ms after a."""
    return (a + delta) & _TICKS_MASK


def load_settings() -> "Dict[str, Any]":
    """The LUDO_* settings: strings, and ints where the default is an int (ludoboard/settings.py,
    loaded only for this: a bad value is reported on the console in one line and its default used).
    """
    from ludoboard import settings, transient
    transient("ludoboard.settings")      # (released by the app as its start-up goes on)
    return settings.load(DEFAULTS, getattr(os, "getenv", None))


def _pin(name: str, setting: str) -> "Any":
    pin = getattr(board, name.strip(), None)
    if pin is None:
        raise ValueError("settings.toml: %s names %r, which this board does not have" % (setting, name))
    return pin


class Hardware:
    # The strip, the buttons, the data port, NVM, watchdog and clock of the board.

    def __init__(self, settings: "Optional[Dict[str, Any]]" = None) -> None:
        if settings is None:
            settings = load_settings()
        for key in DEFAULTS:
            if key not in settings:
                settings[key] = DEFAULTS[key]
        self.settings = settings
        self.pixel_count = settings["LUDO_PIXEL_COUNT"]     # type: int
        self.brightness = settings["LUDO_BRIGHTNESS"]       # type: int  # percent
        self.budget_ma = settings["LUDO_CURRENT_BUDGET_MA"]  # type: int
        order = settings["LUDO_PIXEL_ORDER"].upper()
        if len(order) != 3 or sorted(order) != ["B", "G", "R"]:
            raise ValueError("settings.toml: LUDO_PIXEL_ORDER = %r is not an order of R, G, B" % order)
        # Brightness is applied here, in integers, so the library's must stay at 1.0.
        self._pixels = neopixel.NeoPixel(_pin(settings["LUDO_PIXEL_PIN"], "LUDO_PIXEL_PIN"),
                                         self.pixel_count, brightness=1.0, auto_write=False,
                                         pixel_order=order)
        self._out = bytearray(3 * self.pixel_count)
        self.scale = 256                  # the last frame's scale, out of 256 (scene.limit)

        self._keys = None  # type: Optional[keypad.Keys]
        self._events = None  # type: Optional[keypad.EventQueue]
        self._event = keypad.Event() if keypad is not None else None  # type: Optional[keypad.Event]
        names = [n for n in settings["LUDO_BUTTON_PINS"].split(",") if n.strip()]
        if names and keypad is not None:
            pins = [_pin(n, "LUDO_BUTTON_PINS") for n in names]
            self._keys = keypad.Keys(pins, value_when_pressed=False, pull=True)
            self._events = self._keys.events

        self._data = usb_cdc.data if usb_cdc is not None else None  # type: Optional[usb_cdc.Serial]
        if self._data is not None:
            self._data.timeout = 0
            self._data.write_timeout = 0

        self.nvm = getattr(microcontroller, "nvm", None)    # type: Optional[_nvm_types.ByteArray]

        self._watchdog = getattr(microcontroller, "watchdog", None)  # type: Optional[_watchdog_types.WatchDogTimer]
        if self._watchdog is not None and WatchDogMode is not None:
            self._watchdog.timeout = _WATCHDOG_S
            self._watchdog.mode = WatchDogMode.RESET
            self._watchdog.feed()
        else:
            self._watchdog = None

    def show(self, frame: bytearray) -> None:
        """Light the strip: frame is R,G,B per pixel, full scale; brightness and budget applied here."""
        out = self._out
        self.scale = scene.limit(frame, out, self.brightness, self.budget_ma)
        pixels = self._pixels
        j = 0
        for i in range(self.pixel_count):
            pixels[i] = (out[j] << 16) | (out[j + 1] << 8) | out[j + 2]
            j += 3
        pixels.show()

    def free_room(self) -> "Optional[int]":
        """Bytes free on the heap after a collection (None on a PC: room enough)."""
        mem_free = getattr(gc, "mem_free", None)
        if mem_free is None:
            return None
        gc.collect()
        room = mem_free()  # type: int
        return room

    def poll_key(self) -> int:
        """-1 if no button event, else key * 2 + (1 if pressed else 0)."""
        events = self._events
        if events is None:
            return -1
        event = self._event
        if event is not None and events.get_into(event):
            return event.key_number * 2 + (1 if event.pressed else 0)
        return -1

    def ticks_ms(self) -> int:
        """supervisor.ticks_ms(): milliseconds, wrapping at 2**29."""
        return _ticks_ms()

    def read_data(self, buf: bytearray) -> int:
        """Bytes from the PC's data port into buf, without waiting (0 when none)."""
        data = self._data
        if data is None or not data.in_waiting:
            return 0
        return int(data.readinto(buf) or 0)

    def write_data(self, b: "Union[bytes, bytearray, memoryview]") -> int:
        """Bytes sent on the data port without waiting (0 when no PC has it open)."""
        data = self._data
        if data is None or not data.connected:
            return 0
        return int(data.write(b) or 0)

    @property
    def host_connected(self) -> bool:
        """Whether a PC has the data channel open."""
        return self._data is not None and bool(self._data.connected)

    def feed(self) -> None:
        """Feed the watchdog (once a loop pass)."""
        if self._watchdog is not None:
            self._watchdog.feed()
