"""`ludo-host template`: a printable placement template for the board, as SVG.

Drawn to scale in millimetres: the 15 x 15 grid of the board, a circle where
each pixel sits (its index along the strip and its place, from the pixel
map), the strip's route from pixel to pixel (dashed where a jumper wire joins
two pixels that are not neighbours, with the wire's length), the die beside
the board and the four buttons.  Print it at 100 % (check the 100 mm scale
bar), lay it on the board and mark or drill through the circles.
"""
import math
import os
import sys

from .. import layout
from . import pixelmap

DEFAULT_BOARD_MM = 400.0            # a common 40 cm board: squares of 26.7 mm
MIN_SQUARE_MM, MAX_SQUARE_MM = 10.0, 80.0
MARGIN = 10.0                        # mm around everything
HEADER = 22.0                        # mm for the title lines
FOOTER = 24.0                        # mm for the scale bar
BUTTON_MM = 12.0                     # a 12 mm tactile switch cap
BUTTONS = (("ROLL", "GP10"), ("SELECT", "GP11"), ("CONFIRM", "GP12"), ("BACK", "GP13"))
ENTRY_SQUARES = {0: "R", 13: "G", 26: "Y", 39: "B"}
JUMPER_FROM = 1.5                    # in squares: longer hops between pixels need a jumper wire

TINT = {"R": "#f6c1bf", "G": "#bfe3c0", "Y": "#fbe9a6", "B": "#bdd5f5"}
STRONG = {"R": "#d32f2f", "G": "#2e7d32", "Y": "#f9a825", "B": "#1565c0"}
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"


class Geometry:
    """Where things sit on the page, in mm, for a given square size."""

    def __init__(self, square_mm):
        self.sq = float(square_mm)
        self.board_x = MARGIN
        self.board_y = MARGIN + HEADER
        self.board = 15 * self.sq
        self.gap = max(10.0, 0.5 * self.sq)
        self.panel_w = max(3.0 * self.sq, 62.0)
        self.panel_x = self.board_x + self.board + self.gap
        self.width = self.panel_x + self.panel_w + MARGIN
        self.height = self.board_y + self.board + FOOTER + MARGIN
        self.die_pitch = 0.6 * self.sq

    def cell_centre(self, row, col):
        return (self.board_x + (col + 0.5) * self.sq, self.board_y + (row + 0.5) * self.sq)

    def die_centre(self):
        """The die's middle pip: beside the board, level with the middle row."""
        return (self.panel_x + 0.5 * self.sq + self.die_pitch, self.board_y + 7.5 * self.sq)

    def place(self, place):
        """(x, y) in mm of the pixel that lights ``place``."""
        cell = layout.cell(place)
        if cell is not None:
            return self.cell_centre(*cell)
        dr, dc = layout.DIE_CELLS[layout.DIE_PLACES.index(place)]
        x0, y0 = self.die_centre()
        return (x0 + (dc - 1) * self.die_pitch, y0 + (dr - 1) * self.die_pitch)

    def buttons(self):
        """[(label, pin, x, y)] centres of the four buttons, below the die."""
        x = self.panel_x + 0.5 * self.sq
        step = max(1.25 * self.sq, BUTTON_MM + 8)
        y0 = self.board_y + self.board - 0.5 * self.sq - 3 * step
        return [(label, pin, x, y0 + i * step) for i, (label, pin) in enumerate(BUTTONS)]


def hops(places, geo):
    """[(pixel index, next lit pixel index, length mm)] along the strip (null pixels are skipped)."""
    lit = [i for i, p in enumerate(places) if p is not None]
    out = []
    for i, j in zip(lit, lit[1:]):
        (x1, y1), (x2, y2) = geo.place(places[i]), geo.place(places[j])
        out.append((i, j, math.hypot(x2 - x1, y2 - y1)))
    return out


def jumpers(places, geo):
    """The hops longer than JUMPER_FROM squares: they need a jumper wire."""
    return [h for h in hops(places, geo) if h[2] > JUMPER_FROM * geo.sq]


def _n(v):
    """A number for SVG: at most 2 decimals, no trailing zeros."""
    s = "%.2f" % v
    return s.rstrip("0").rstrip(".") if "." in s else s


def _text(x, y, size, text, anchor="middle", weight="normal", fill="#000"):
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return ('<text x="%s" y="%s" font-size="%s" text-anchor="%s" font-weight="%s" fill="%s">%s</text>'
            % (_n(x), _n(y), _n(size), anchor, weight, fill, text))


def _board(geo):
    """The painted board: squares, yards, home columns, entry squares, centre triangles."""
    out = ['<g id="board" stroke="#777" stroke-width="0.3">']
    entry = {layout.TRACK_CELLS[i]: s for i, s in ENTRY_SQUARES.items()}
    sq = geo.sq
    for s, (r0, c0) in sorted(layout.YARD_ORIGIN.items()):
        x, y = geo.board_x + c0 * sq, geo.board_y + r0 * sq
        out.append('<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>'
                   % (_n(x), _n(y), _n(6 * sq), _n(6 * sq), TINT[s]))
        out.append('<rect x="%s" y="%s" width="%s" height="%s" fill="#fff" stroke="%s" stroke-width="0.6"/>'
                   % (_n(x + 0.6 * sq), _n(y + 0.6 * sq), _n(4.8 * sq), _n(4.8 * sq), STRONG[s]))
    for row in range(15):
        for col in range(15):
            region = layout.region(row, col)
            if region.startswith("yard") or region == "centre":
                continue
            fill = "#fff"
            if region.startswith("home"):
                fill = TINT[region[4]]
            elif (row, col) in entry:
                fill = TINT[entry[(row, col)]]
            out.append('<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>'
                       % (_n(geo.board_x + col * sq), _n(geo.board_y + row * sq), _n(sq), _n(sq), fill))
    # Centre: four triangles meeting in the middle; Red's at the bottom (cR is row 8).
    x0, y0, x1, y1 = geo.board_x + 6 * sq, geo.board_y + 6 * sq, geo.board_x + 9 * sq, geo.board_y + 9 * sq
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    corners = {"R": ((x0, y1), (x1, y1)), "G": ((x0, y0), (x0, y1)),
               "Y": ((x0, y0), (x1, y0)), "B": ((x1, y0), (x1, y1))}
    for s in layout.COLOURS:
        (ax, ay), (bx, by) = corners[s]
        out.append('<polygon points="%s,%s %s,%s %s,%s" fill="%s"/>'
                   % (_n(ax), _n(ay), _n(bx), _n(by), _n(cx), _n(cy), TINT[s]))
    out.append('<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#000" stroke-width="0.6"/>'
               % (_n(geo.board_x), _n(geo.board_y), _n(geo.board), _n(geo.board)))
    out.append("</g>")
    return out


def _route(places, geo):
    """The strip's path: solid between neighbouring pixels, dashed with a length for jumpers."""
    out = ['<g id="route" fill="none" stroke="#555" stroke-width="%s">' % _n(max(0.4, geo.sq * 0.025))]
    long_hops = {i: (j, d) for i, j, d in jumpers(places, geo)}
    for i, j, _ in hops(places, geo):
        (x1, y1), (x2, y2) = geo.place(places[i]), geo.place(places[j])
        dash = ' stroke-dasharray="%s,%s" stroke="#c62828"' % (_n(geo.sq * 0.12), _n(geo.sq * 0.08)) \
            if i in long_hops else ""
        out.append('<line x1="%s" y1="%s" x2="%s" y2="%s" marker-end="url(#arrow)"%s/>'
                   % (_n(x1), _n(y1), _n(x2), _n(y2), dash))
    out.append("</g>")
    out.append('<g id="jumpers" font-family="%s">' % FONT)
    centres = [geo.place(p) for p in places if p is not None]
    for i, (j, d) in sorted(long_hops.items()):
        (x1, y1), (x2, y2) = geo.place(places[i]), geo.place(places[j])
        mx, my = _label_spot(x1, y1, x2, y2, centres)
        size = geo.sq * 0.16
        label = "%d mm" % round(d)
        w = size * 0.62 * len(label)
        out.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#fff" stroke="#c62828" '
                   'stroke-width="0.25"/>' % (_n(mx - w / 2), _n(my - size * 0.75), _n(w), _n(size * 1.1),
                                              _n(size * 0.2)))
        out.append(_text(mx, my + size * 0.1, size, label, fill="#c62828"))
    out.append("</g>")
    return out


def _label_spot(x1, y1, x2, y2, centres):
    """A point on the segment for its length label, as far as possible from every pixel."""
    best = None
    for t in (0.5, 0.4, 0.6, 0.3, 0.7):
        x, y = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
        clearance = min(math.hypot(x - cx, y - cy) for cx, cy in centres)
        if best is None or clearance > best[0] + 1e-6:
            best = (clearance, x, y)
    return best[1], best[2]


def _pixels(places, geo):
    r = geo.sq * 0.21
    out = ['<g id="pixels" font-family="%s">' % FONT]
    lit = [(i, p) for i, p in enumerate(places) if p is not None]
    for i, place in lit:
        x, y = geo.place(place)
        die = place.startswith("d")
        rr = min(r, geo.die_pitch * 0.42) if die else r
        out.append('<circle cx="%s" cy="%s" r="%s" fill="#fff" stroke="#000" stroke-width="0.35"/>'
                   % (_n(x), _n(y), _n(rr)))
        out.append(_text(x, y + rr * 0.36, rr * 1.0, str(i), weight="bold"))
        if not die:
            out.append(_text(x, y + r + geo.sq * 0.14, geo.sq * 0.12, place, fill="#333"))
    first, last = geo.place(lit[0][1]), geo.place(lit[-1][1])
    size = geo.sq * 0.14
    out.append(_text(first[0] - geo.sq * 0.55, first[1] + geo.sq * 0.1, size, "DATA IN", "end", "bold", "#c62828"))
    out.append(_text(last[0], last[1] - r - geo.sq * 0.1, size, "strip ends", "middle", "bold", "#c62828"))
    out.append("</g>")
    return out


def _panel(geo):
    out = ['<g id="panel" font-family="%s">' % FONT]
    x0, y0 = geo.die_centre()
    half = geo.die_pitch * 1.55
    out.append('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="none" stroke="#000" '
               'stroke-width="0.35" stroke-dasharray="2,1.5"/>' % (_n(x0 - half), _n(y0 - half), _n(2 * half),
                                                                 _n(2 * half), _n(geo.die_pitch * 0.3)))
    out.append(_text(x0, y0 - half - 2, max(3.0, geo.sq * 0.15), "DIE (7 pixels)", weight="bold"))
    size = max(3.0, geo.sq * 0.15)
    for label, pin, x, y in geo.buttons():
        out.append('<circle cx="%s" cy="%s" r="%s" fill="#eee" stroke="#000" stroke-width="0.5"/>'
                   % (_n(x), _n(y), _n(BUTTON_MM / 2)))
        out.append('<path d="M %s %s h %s M %s %s v %s" stroke="#000" stroke-width="0.25"/>'
                   % (_n(x - 2), _n(y), _n(4), _n(x), _n(y - 2), _n(4)))
        out.append(_text(x + BUTTON_MM / 2 + 2.5, y - 0.4, size, label, "start", "bold"))
        out.append(_text(x + BUTTON_MM / 2 + 2.5, y + size * 0.95, size * 0.8, "%s to GND" % pin, "start"))
    out.append(_text(geo.panel_x, geo.buttons()[0][3] - BUTTON_MM / 2 - size * 1.2, size,
                     "BUTTONS (12 mm)", "start", "bold"))
    out.append("</g>")
    return out


def _header_footer(places, geo, map_name):
    out = ['<g id="text" font-family="%s">' % FONT]
    lines = ("square %.1f mm, board %.0f mm, %d pixels (map: %s). Print at 100 %%: the bar below must measure "
             "100 mm." % (geo.sq, geo.board, len(places), map_name),
             "Circle = pixel centre (bold number = pixel index along the strip, small text = place). "
             "Arrows follow the strip; red dashes = jumper wire, with its length.")
    room = geo.width - 2 * MARGIN             # shrink the lines to fit a small page (about 0.56 em a character)
    size = min(4.2, room / (0.56 * max(len(t) for t in lines)))
    title = "Ludo board: pixel and button placement template"
    out.append(_text(MARGIN, MARGIN + 6, min(7.0, room / (0.62 * len(title))), title, "start", "bold"))
    out.append(_text(MARGIN, MARGIN + 12.5, size, lines[0], "start"))
    out.append(_text(MARGIN, MARGIN + 18, size, lines[1], "start"))
    y = geo.board_y + geo.board + 10
    out.append('<rect x="%s" y="%s" width="100" height="2.5" fill="#000"/>' % (_n(MARGIN), _n(y)))
    for k in range(11):
        out.append('<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#000" stroke-width="0.3"/>'
                   % (_n(MARGIN + 10 * k), _n(y - 2), _n(MARGIN + 10 * k), _n(y + 2.5)))
    out.append(_text(MARGIN + 104, y + 2.5, 4.2, "100 mm", "start"))
    out.append("</g>")
    return out


def render(places, square_mm=DEFAULT_BOARD_MM / 15, map_name="pixelmap.json"):
    """The template as SVG text (mm units) for a checked pixel map."""
    geo = Geometry(square_mm)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%smm" height="%smm" viewBox="0 0 %s %s">'
           % (_n(geo.width), _n(geo.height), _n(geo.width), _n(geo.height)),
           "<title>Ludo board placement template</title>",
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="4" markerHeight="4" '
           'orient="auto"><path d="M0,1 L10,5 L0,9 z" fill="#555"/></marker></defs>',
           '<rect width="100%" height="100%" fill="#fff"/>']
    out += _board(geo)
    out += _route(places, geo)
    out += _pixels(places, geo)
    out += _panel(geo)
    out += _header_footer(places, geo, map_name)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def add_arguments(parser):
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--square-mm", type=float, help="side of one square in mm (default: a 40 cm board, 26.7 mm)")
    size.add_argument("--board-mm", type=float, help="side of the 15 x 15 playing area in mm (default 400)")
    parser.add_argument("--map", default=pixelmap.DEFAULT_PATH, help="pixel map (default: hardware/pixelmap.json)")
    parser.add_argument("-o", "--output", default="template.svg", help="SVG file to write ('-' for stdout)")
    parser.add_argument("--check", action="store_true",
                        help="only check the pixel map (every place once) and say its pixel count: write nothing")


def run(args):
    if args.square_mm is not None:
        square = args.square_mm
    else:
        square = (args.board_mm if args.board_mm is not None else DEFAULT_BOARD_MM) / 15.0
    if not MIN_SQUARE_MM <= square <= MAX_SQUARE_MM:     # (0 too: no default in its place)
        given = "" if args.board_mm is None else " (a %g mm board)" % args.board_mm
        print("ludo-host template: a square of %.1f mm%s is outside %g..%g mm" % (
            square, given, MIN_SQUARE_MM, MAX_SQUARE_MM), file=sys.stderr)
        return 2
    try:
        places = pixelmap.load(args.map)
    except pixelmap.PixelMapError as exc:
        print("ludo-host template: %s" % exc, file=sys.stderr)
        return 2
    problems = pixelmap.check(places)
    if problems:
        print("ludo-host template: %s: %s%s" % (args.map, problems[0],
                                                " (and %d more problems)" % (len(problems) - 1)
                                                if len(problems) > 1 else ""), file=sys.stderr)
        return 2
    if getattr(args, "check", False):
        print("%s: every place once, %d pixels: LUDO_PIXEL_COUNT = %d in settings.toml (nothing written)"
              % (args.map, len(places), len(places)))
        return 0
    svg = render(places, square, os.path.basename(args.map))
    if args.output == "-":
        sys.stdout.write(svg)
        return 0
    if os.path.isdir(args.output):
        print("ludo-host template: %s is a folder: give a file name, e.g. -o %s"
              % (args.output, os.path.join(args.output, "template.svg")), file=sys.stderr)
        return 2
    replaced = os.path.exists(args.output)
    try:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(svg)
    except OSError as exc:
        print("ludo-host template: cannot write %s: %s" % (args.output, exc.strerror or exc), file=sys.stderr)
        return 1
    geo = Geometry(square)
    print("wrote %s%s: square %.1f mm, page %.0f x %.0f mm" % (
        args.output, " (replacing the one there)" if replaced else "", square, geo.width, geo.height))
    print("%s: %d pixels: LUDO_PIXEL_COUNT = %d in settings.toml" % (args.map, len(places), len(places)))
    return 0
