# Which pixel of the strip sits at which place, loaded from LUDO_PIXEL_MAP, and
# the map check that walks the strip (LUDO_MAP_CHECK = 1).
#
# The file (SPEC §4): {"format": "ludo-pixelmap/1", "pixels": ["t0", "t1", ...]},
# list index = pixel index.  A missing or broken file never stops the board: it
# falls back to the built-in order (DEFAULT_ROUTE, the shipped map) and reports
# why in `error`, which the app shows as a visible error pattern.
import json

from . import scene
from .buttons import ticks_diff
from .names import SEATS

FORMAT = "ludo-pixelmap/1"
UNMAPPED = -1
# The strip route of the shipped hardware/pixelmap.json after t0..t51 (a test
# keeps the two equal), used when the map file is missing or broken.
DEFAULT_ROUTE = ("yR4 yR3 yR1 yR2 hR1 hR2 hR3 hR4 hR5 cR cG hG5 hG4 hG3 hG2 hG1 "
                 "yG3 yG1 yG2 yG4 hY1 hY2 hY3 hY4 hY5 cY cB hB5 hB4 hB3 hB2 hB1 "
                 "yY3 yY1 yY2 yY4 d1 d2 d3 d4 d5 d6 d7 yB2 yB4 yB3 yB1")



def _number(text, low, high):
    if not text or len(text) > 2:
        return -1
    for ch in text:
        if ch < "0" or ch > "9":
            return -1
    n = int(text)
    if n < low or n > high or (len(text) == 2 and text[0] == "0"):
        return -1
    return n


def place_id(name):
    """Id of a place name; NONE for None (off the board); ValueError if unknown."""
    if name is None:
        return scene.NONE
    pid = -1
    if isinstance(name, str) and name:
        kind = name[0]
        seat = SEATS.find(name[1:2]) if len(name) > 1 else -1
        if kind == "t":
            n = _number(name[1:], 0, 51)
            pid = n if n >= 0 else -1
        elif kind == "h" and seat >= 0:
            n = _number(name[2:], 1, 5)
            pid = 52 + seat * 5 + n - 1 if n > 0 else -1
        elif kind == "y" and seat >= 0:
            n = _number(name[2:], 1, 4)
            pid = 72 + seat * 4 + n - 1 if n > 0 else -1
        elif kind == "c" and seat >= 0 and len(name) == 2:
            pid = 88 + seat
        elif kind == "d":
            n = _number(name[1:], 1, 7)
            pid = 92 + n - 1 if n > 0 else -1
    if pid < 0:
        raise ValueError("unknown place %r" % (name,))
    return pid


def place_name(pid):
    """The name of place id pid (t0, hR1, yB4, cG, d7)."""
    if pid < 52:
        return "t%d" % pid
    if pid < 72:
        return "h%s%d" % (SEATS[(pid - 52) // 5], (pid - 52) % 5 + 1)
    if pid < 88:
        return "y%s%d" % (SEATS[(pid - 72) // 4], (pid - 72) % 4 + 1)
    if pid < 92:
        return "c" + SEATS[pid - 88]
    return "d%d" % (pid - 92 + 1)


class PixelMap:
    # `pixel[place_id]` -> pixel index (or UNMAPPED); `error` is None or one line.

    def __init__(self, pixel_count):
        self.pixel_count = pixel_count
        self.pixel = [UNMAPPED] * scene.COUNT
        self.error = None
        self.use_default()

    def use_default(self):
        """The shipped strip's order."""
        order = ["t%d" % i for i in range(52)] + DEFAULT_ROUTE.split(" ")
        for index in range(len(order)):
            self.pixel[place_id(order[index])] = index if index < self.pixel_count else UNMAPPED

    def load_file(self, path):
        """Load a map file; on any problem keep the default order and set `error`."""
        try:
            with open(path) as f:
                text = f.read()
        except OSError:
            self.error = "pixel map %s: file not found; using the built-in order" % path
            return False
        return self.load_text(text, path)

    def load_text(self, text, path="pixel map"):
        """Load a map from its text (as load_file)."""
        problem = self._parse(text)
        if problem is None:
            self.error = None
            return True
        self.use_default()
        self.error = "%s: %s; using the built-in order" % (path, problem)
        return False

    def _parse(self, text):
        try:
            data = json.loads(text)
        except ValueError:
            return "not JSON"
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return "not a %s file" % FORMAT
        names = data.get("pixels")
        if not isinstance(names, list):
            return "\"pixels\" is not a list"
        if len(names) > self.pixel_count:
            return "%d places but LUDO_PIXEL_COUNT is %d" % (len(names), self.pixel_count)
        table = [UNMAPPED] * scene.COUNT
        for index in range(len(names)):
            name = names[index]
            if name is None:
                continue        # a pixel that lights no place
            try:
                pid = place_id(name) if isinstance(name, str) else None
            except ValueError:
                pid = None
            if pid is None or pid == scene.NONE:
                return "pixel %d: unknown place %r" % (index, name)
            if table[pid] != UNMAPPED:
                return "place %s appears twice (pixels %d and %d)" % (name, table[pid], index)
            table[pid] = index
        for pid in range(scene.COUNT):
            if table[pid] == UNMAPPED:
                return "place %s has no pixel" % place_name(pid)
        for pid in range(scene.COUNT):
            self.pixel[pid] = table[pid]
        return None


class MapCheck:
    # The map check's mode: the pixels light one by one in strip order, 0.3 s each;
    # at the end (or at any button) the board goes on to mode `then`.

    def enter(self, app):
        """The walk begins at pixel 0."""
        self.index = 0
        self.at = app.hw.ticks_ms()
        self.then = 0               # names.MENU, unless startup.py says otherwise

    def leave(self, app):
        """The walk ended."""
        pass

    def press(self, app, button, long):
        """Any button ends the walk."""
        self.index = app.hw.pixel_count
        app.dirty = True

    def paint(self, app, scene):
        """(The walk lights the strip itself: walk.)"""
        pass

    def walk(self, app, now):
        """The next pixel, when its time has come (the app's draw, each pass)."""
        if ticks_diff(now, self.at) < 300 and not app.dirty:
            return
        app.dirty = False
        self.at = now
        frame = app.frame
        for i in range(len(frame)):
            frame[i] = 0
        if self.index >= app.hw.pixel_count:
            app.switch(self.then)
            return
        i = self.index * 3
        frame[i] = frame[i + 1] = frame[i + 2] = 255
        self.index += 1
        app.hw.show(frame)
