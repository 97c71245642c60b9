"""Which pixel of the strip sits at which place, loaded from LUDO_PIXEL_MAP.

The file (SPEC §4): {"format": "ludo-pixelmap/1", "pixels": ["t0", "t1", ...]},
list index = pixel index.  A missing or broken file never stops the board: it
falls back to the built-in order (places.NAMES along the strip) and reports
why in `error`, which the app shows as a visible error pattern.
"""
import json

from . import places

FORMAT = "ludo-pixelmap/1"
UNMAPPED = -1
# The strip route of the shipped hardware/pixelmap.json after t0..t51 (a test
# keeps the two equal), used when the map file is missing or broken.
DEFAULT_ROUTE = ("yR4 yR3 yR1 yR2 hR1 hR2 hR3 hR4 hR5 cR cG hG5 hG4 hG3 hG2 hG1 "
                 "yG3 yG1 yG2 yG4 hY1 hY2 hY3 hY4 hY5 cY cB hB5 hB4 hB3 hB2 hB1 "
                 "yY3 yY1 yY2 yY4 d1 d2 d3 d4 d5 d6 d7 yB2 yB4 yB3 yB1")


class PixelMap:
    """`pixel[place_id]` -> pixel index (or UNMAPPED); `error` is None or one line."""

    def __init__(self, pixel_count):
        self.pixel_count = pixel_count
        self.pixel = [UNMAPPED] * places.COUNT
        self.error = None
        self.use_default()

    def use_default(self):
        order = ["t%d" % i for i in range(52)] + DEFAULT_ROUTE.split(" ")
        for index in range(len(order)):
            self.pixel[places.place_id(order[index])] = index if index < self.pixel_count else UNMAPPED

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
        table = [UNMAPPED] * places.COUNT
        for index in range(len(names)):
            name = names[index]
            if name is None:
                continue        # a pixel that lights no place
            try:
                pid = places.place_id(name) if isinstance(name, str) else None
            except ValueError:
                pid = None
            if pid is None or pid == places.NONE:
                return "pixel %d: unknown place %r" % (index, name)
            if table[pid] != UNMAPPED:
                return "place %s appears twice (pixels %d and %d)" % (name, table[pid], index)
            table[pid] = index
        for pid in range(places.COUNT):
            if table[pid] == UNMAPPED:
                return "place %s has no pixel" % places.place_name(pid)
        for pid in range(places.COUNT):
            self.pixel[pid] = table[pid]
        return None
