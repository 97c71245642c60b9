"""Stand-in for CircuitPython's `keypad`: Keys, Event, EventQueue. The board sim injects the events."""
import _board_sim


class Event:
    def __init__(self, key_number=0, pressed=True, timestamp=None):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = timestamp

    @property
    def released(self):
        return not self.pressed

    def __eq__(self, other):
        return isinstance(other, Event) and self.key_number == other.key_number \
            and self.pressed == other.pressed

    def __hash__(self):
        return self.key_number * 2 + (1 if self.pressed else 0)

    def __repr__(self):
        return "<Event: key_number %d %s>" % (self.key_number, "pressed" if self.pressed else "released")


class EventQueue:
    def __init__(self, max_events):
        self._max = max_events
        self._keys = []          # key*2 + pressed
        self._stamps = []
        self.overflowed = False

    def _push(self, key, pressed, stamp):
        if len(self._keys) >= self._max:
            self.overflowed = True
            return
        self._keys.append(key * 2 + (1 if pressed else 0))
        self._stamps.append(stamp)

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def get_into(self, event):
        if not self._keys:
            _board_sim.sim.idle()        # nothing to read: the virtual world moves on
            if not self._keys:
                return False
        code = self._keys.pop(0)
        event.key_number = code >> 1
        event.pressed = bool(code & 1)
        event.timestamp = self._stamps.pop(0)
        return True

    def clear(self):
        self._keys = []
        self._stamps = []
        self.overflowed = False

    def __len__(self):
        return len(self._keys)

    def __bool__(self):
        return bool(self._keys)


class Keys:
    def __init__(self, pins, *, value_when_pressed, pull=True, interval=0.020, max_events=64,
                 debounce_threshold=1):
        if value_when_pressed not in (True, False):
            raise TypeError("value_when_pressed must be a bool")
        self.key_count = len(pins)
        self.pins = tuple(pins)
        self.value_when_pressed = value_when_pressed
        self.events = EventQueue(max_events)
        _board_sim.sim.keys.append(self)

    def reset(self):
        self.events.clear()

    def deinit(self):
        sim_keys = _board_sim.sim.keys
        if self in sim_keys:
            sim_keys.remove(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.deinit()
