"""The pixel map: which board place each pixel of the strip lights.

The map is a JSON file (``hardware/pixelmap.json``, copied to the CIRCUITPY
drive as ``pixelmap.json``)::

    {"format": "ludo-pixelmap/1", "pixels": ["t0", "t1", ...]}

List index = pixel index along the strip; each entry is a place name from
docs/api.md (t0..t51, hR1..hB5, yR1..yB4, cR..cB, die d1..d7).  Every place of
the board must be lit by exactly one pixel.

``load`` reads a map and raises ``PixelMapError`` (one line) when the file is
not a map at all; ``check`` lists what is wrong with a map's contents.
"""
import json
import os

from .. import layout

FORMAT = "ludo-pixelmap/1"
DEFAULT_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))),
                            "hardware", "pixelmap.json")


class PixelMapError(ValueError):
    """A file that is not a readable pixel map."""


def loads(text, name="pixel map"):
    """The list of places of a pixel map given as JSON text."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise PixelMapError("%s: not valid JSON (%s)" % (name, exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PixelMapError('%s: not a pixel map (expected {"format": "%s", "pixels": [...]})' % (name, FORMAT))
    pixels = data.get("pixels")
    if not isinstance(pixels, list):
        raise PixelMapError('%s: "pixels" must be a list of place names' % name)
    return pixels


def load(path=DEFAULT_PATH):
    """The list of places of the pixel map file at ``path`` (index = pixel index)."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise PixelMapError("%s: cannot read (%s)" % (path, exc.strerror or exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise PixelMapError("%s: not UTF-8 text" % path) from None
    return loads(text, str(path))


def check(places):
    """Problems of a map, one line each: unknown places, places lit twice, places never lit.

    An empty list means every board place is lit by exactly one pixel.
    """
    known = set(layout.all_places())
    problems = []
    first_pixel = {}
    for i, place in enumerate(places):
        if place is None:
            continue
        if not isinstance(place, str):
            problems.append("pixel %d: %s is not a place name" % (i, json.dumps(place)))
        elif place not in known:
            problems.append("pixel %d: unknown place %r" % (i, place))
        elif place in first_pixel:
            problems.append("pixel %d: place %r is already lit by pixel %d" % (i, place, first_pixel[place]))
        else:
            first_pixel[place] = i
    for place in layout.all_places():
        if place not in first_pixel:
            problems.append("place %r is lit by no pixel" % place)
    return problems
