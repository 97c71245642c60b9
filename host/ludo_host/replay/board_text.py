"""The board drawn in a terminal for the replay.

In colour it is the virtual board's own look (`colours.cell_colours`:
the painted 15 x 15 board, two characters a cell, 24-bit colours, the die's
seven pixels beside the board): each token lights its place in its seat's
colour, as the LEDs would, and its name ("R1") is written on it; a place
holding more than one token shows the first name and a "+", and the stack
is spelled out below the board.

Without colour (a pipe, NO_COLOR, --color never) a plain-text drawing of the
same grid is used, three characters a cell.
"""
from .. import layout
from ..colours import cell_colours

ENTRY_SQUARE = {"R": 0, "G": 13, "Y": 26, "B": 39}
SEAT_RGB = {"R": (255, 30, 30), "G": (20, 210, 60), "Y": (255, 200, 0), "B": (40, 110, 255)}
# Which die pixels (d1..d7, see layout.DIE_CELLS) show each face.
DIE_PIPS = {1: (4,), 2: (1, 7), 3: (1, 4, 7), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7), 6: (1, 2, 3, 5, 6, 7)}
RESET = "\x1b[0m"

_ENTRY_CELLS = {layout.TRACK_CELLS[sq]: s for s, sq in ENTRY_SQUARE.items()}


def tokens_by_cell(places):
    """{(row, col): [token names]} from {token name: place or None}."""
    cells = {}
    for name in sorted(places):
        place = places[name]
        if place is None:
            continue
        cells.setdefault(layout.cell(place), []).append(name)
    return cells


def cell_labels(names, width=2, rows=1):
    """The text written on a cell holding tokens `names` (tokens_by_cell's list): `rows`
    lines of `width` characters.  One line of two: the first name, or its seat and "+" for
    a stack ("R+"); with room, a name a line, centred, the last line "+n" for the rest."""
    if rows < 2 or width < 3:
        label = names[0] if len(names) == 1 else names[0][0] + "+"
        return [label[:width].ljust(width)] + [" " * width] * (rows - 1)
    lines = list(names[:rows])
    if len(names) > rows:
        lines[-1] = "+%d" % (len(names) - rows + 1)
    lines += [""] * (rows - len(lines))
    return [line[:width].center(width) for line in lines]


def _stacks_line(cells, width):
    """The tokens that share a place, group by group as drawn (top to bottom), in lines of
    at most `width` characters: the board shows only the first of them and a "+"."""
    groups = [" ".join(tokens) for _, tokens in sorted(cells.items()) if len(tokens) > 1]
    if not groups:
        return []
    lines = ["stacked: " + groups[0]]
    for group in groups[1:]:
        if len(lines[-1]) + 3 + len(group) <= width:
            lines[-1] += " | " + group
        else:
            lines.append("         " + group)
    return lines


def _with_side(lines, side, pad):
    side = list(side)
    out = list(lines)
    for i, text in enumerate(side):
        if i < len(out):
            out[i] += "  " + text
        else:
            out.append(" " * pad + "  " + text)
    return "\n".join(out)


def render(places, color=True, side=(), die=None):
    """The board as text.  places: {token name: place name or None}; die: a face 1..6 or None;
    side: lines printed to the right of the board."""
    if color:
        return _render_colour(places, side, die)
    return _render_plain(places, side, die)


def _frame(places, die):
    """A frame as the board's LEDs would show the position: token places lit, the die's pips."""
    pixel_map = layout.all_places()
    index = {p: i for i, p in enumerate(pixel_map)}
    frame = bytearray(3 * len(pixel_map))
    for name in sorted(places, reverse=True):   # the first name of a stack sets the colour
        place = places[name]
        if place is not None:
            i = 3 * index[place]
            frame[i:i + 3] = bytes(SEAT_RGB[name[0]])
    for pip in DIE_PIPS.get(die, ()):
        i = 3 * index["d%d" % pip]
        frame[i:i + 3] = b"\xff\xff\xff"
    return frame, pixel_map


def _render_colour(places, side, die):
    frame, pixel_map = _frame(places, die)
    colours = cell_colours(frame, pixel_map)
    cells = tokens_by_cell(places)
    width = 1 + max(c for (_, c) in colours)
    lines = []
    for row in range(layout.SIZE):
        parts = []
        for col in range(width):
            rgb = colours.get((row, col))
            here = cells.get((row, col))
            if rgb is None:
                parts.append(RESET + "  ")
            elif here:
                label = cell_labels(here)[0]
                parts.append("\x1b[48;2;%d;%d;%dm\x1b[1;38;2;0;0;0m%s\x1b[22m" % (rgb + (label,)))
            else:
                parts.append("\x1b[48;2;%d;%d;%dm  " % rgb)
        parts.append(RESET)
        lines.append("".join(parts))
    lines += _stacks_line(cells, 2 * width)
    return _with_side(lines, side, 2 * width)


def _plain_cell(row, col):
    region = layout.region(row, col)
    if (row, col) in _ENTRY_CELLS:
        return " %s " % _ENTRY_CELLS[(row, col)].lower()
    if region.startswith("yard"):
        return "   "
    if region.startswith("home"):
        return " %s " % region[4].lower()
    if region == "centre":
        for s, cell in layout.CENTRE_CELLS.items():
            if cell == (row, col):
                return " %s " % s.lower()
        return "###"
    return " . "


def _render_plain(places, side, die):
    cells = tokens_by_cell(places)
    border = "+" + "-" * (3 * layout.SIZE) + "+"
    lines = [border]
    for row in range(layout.SIZE):
        out = ["|"]
        for col in range(layout.SIZE):
            here = cells.get((row, col))
            out.append(here[0] + ("+" if len(here) > 1 else " ") if here else _plain_cell(row, col))
        out.append("|")
        lines.append("".join(out))
    lines.append(border)
    lines += _stacks_line(cells, len(border))
    side = list(side)
    if die:
        side += [""] + die_face(die)
    return _with_side(lines, side, len(border))


def die_face(value):
    """Three text lines of a die face (1..6), pips as 'o', laid out like the board's die pixels."""
    grid = [[" "] * 3 for _ in range(3)]
    for pip in DIE_PIPS.get(value, ()):
        r, c = layout.DIE_CELLS[pip - 1]
        grid[r][c] = "o"
    return ["[%s]" % " ".join(row) for row in grid]
