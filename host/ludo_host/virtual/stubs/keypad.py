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
    """A fixed ring of events, like CircuitPython's: reading and writing allocate nothing."""

    def __init__(self, max_events):
        self._max = max_events
        self._codes = bytearray(max_events)      # key*2 + pressed
        self._stamps = [0] * max_events
        self._head = 0
        self._count = 0
        self.overflowed = False

    def _push(self, key, pressed, stamp):
        if self._count >= self._max:
            self.overflowed = True
            return
        slot = (self._head + self._count) % self._max
        self._codes[slot] = key * 2 + (1 if pressed else 0)
        self._stamps[slot] = stamp
        self._count += 1

    def get(self):
        event = Event()
        return event if self.get_into(event) else None

    def get_into(self, event):
        if not self._count:
            _board_sim.sim.idle()        # nothing to read: the virtual world moves on
            if not self._count:
                return False
        slot = self._head
        code = self._codes[slot]
        event.key_number = code >> 1
        event.pressed = (code & 1) == 1
        event.timestamp = self._stamps[slot]
        self._head = (slot + 1) % self._max
        self._count -= 1
        return True

    def clear(self):
        self._count = 0
        self.overflowed = False

    def __len__(self):
        return self._count

    def __bool__(self):
        return self._count > 0


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
