# The buttons: key events into presses.
#
# keypad does the debouncing; a press is reported once: short on release, or
# long as soon as the key has been held 0.9 s (its release is then ignored).
# Times are wrap-safe tick differences.  Presses go to a callback
# `on_press(button, long)` (the app's, which asks the mode what they mean).
# The buttons' numbers and names are names.py's.
from . import const

_LONG_PRESS_MS = const(900)
_TICKS_PERIOD = const(1 << 29)
_HALF = const(1 << 28)


def ticks_diff(a, b):
    """a - b for supervisor.ticks_ms() values, wrap-safe (they wrap at 2**29)."""
    d = (a - b) & (_TICKS_PERIOD - 1)
    if d >= _HALF:
        d -= _TICKS_PERIOD
    return d


class Buttons:
    # The four buttons' state between key events.

    def __init__(self, on_press):
        self.on_press = on_press
        self.down_at = [0, 0, 0, 0]
        self.held = bytearray(4)       # 1 while down and not yet reported long

    def key_event(self, event, now):
        """event = key*2 + 1 for pressed, key*2 for released (hw.poll_key)."""
        key = event >> 1
        if key > 3:
            return
        if event & 1:
            self.down_at[key] = now
            self.held[key] = 1
        elif self.held[key]:
            self.held[key] = 0
            self.on_press(key, False)

    def tick(self, now):
        """Report a key held long enough as a long press."""
        for key in range(4):
            if self.held[key] and ticks_diff(now, self.down_at[key]) >= _LONG_PRESS_MS:
                self.held[key] = 0
                self.on_press(key, True)

    def reset(self):
        """Forget the keys held."""
        for key in range(4):
            self.held[key] = 0
