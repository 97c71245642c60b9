"""Turns debounced key events (keypad does the debouncing) into presses.

A press is reported once: short on release, or long as soon as the key has
been held LONG_PRESS_MS (its release is then ignored).  Times are wrap-safe
tick differences.  Reports go to a callback `on_press(button, long)`.
"""

ROLL = 0
SELECT = 1
CONFIRM = 2
BACK = 3
NAMES = ("roll", "select", "confirm", "back")
LONG_PRESS_MS = 900
TICKS_PERIOD = 1 << 29
_HALF = TICKS_PERIOD // 2


def ticks_diff(a, b):
    """a - b for supervisor.ticks_ms() values, wrap-safe (they wrap at 2**29)."""
    d = (a - b) & (TICKS_PERIOD - 1)
    if d >= _HALF:
        d -= TICKS_PERIOD
    return d


class Buttons:
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
        for key in range(4):
            if self.held[key] and ticks_diff(now, self.down_at[key]) >= LONG_PRESS_MS:
                self.held[key] = 0
                self.on_press(key, True)

    def reset(self):
        for key in range(4):
            self.held[key] = 0
