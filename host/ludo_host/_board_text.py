"""The board drawn in a terminal: the 15 x 15 grid of layout.py, tokens on it.

Each grid cell is three characters wide.  Yards, home columns, entry squares
and the centre are painted in their colour (ANSI background), tokens are
their name in bold ("R1"); a cell holding more than one token shows the first
and a "+" ("R1+"), and the stack is spelled out below the board.
"""
from . import layout

ENTRY_SQUARE = {"R": 0, "G": 13, "Y": 26, "B": 39}

# ANSI 256-colour backgrounds: strong for the home column / entry, pale for yards.
_STRONG = {"R": 160, "G": 28, "Y": 178, "B": 27}
_PALE = {"R": 224, "G": 194, "Y": 229, "B": 153}
_TRACK_BG = 255
_CENTRE_BG = 250
_TOKEN_FG = {"R": 88, "G": 22, "Y": 94, "B": 18}
_RESET = "\x1b[0m"

_ENTRY_CELLS = {layout.TRACK_CELLS[sq]: s for s, sq in ENTRY_SQUARE.items()}


def _cell_paint(row, col):
    """(background colour index, plain-text filler) of an empty cell."""
    region = layout.region(row, col)
    if (row, col) in _ENTRY_CELLS:
        s = _ENTRY_CELLS[(row, col)]
        return _STRONG[s], " %s " % s.lower()
    if region.startswith("yard"):
        return _PALE[region[4]], "   "
    if region.startswith("home"):
        return _STRONG[region[4]], " %s " % region[4].lower()
    if region == "centre":
        for s, cell in layout.CENTRE_CELLS.items():
            if cell == (row, col):
                return _STRONG[s], " %s " % s.lower()
        return _CENTRE_BG, "###"
    return _TRACK_BG, " . "


def tokens_by_cell(places):
    """{(row, col): [token names]} from {token name: place or None}."""
    cells = {}
    for name in sorted(places):
        place = places[name]
        if place is None:
            continue
        cells.setdefault(layout.cell(place), []).append(name)
    return cells


def render(places, color=True, side=()):
    """The board as text lines joined by newlines.

    places: {token name ("R1"): place name ("t12", "yR1", "hG3", "cB") or None}.
    side: lines of text printed to the right of the board, top-aligned.
    """
    cells = tokens_by_cell(places)
    lines = []
    border = "+" + "-" * (3 * layout.SIZE) + "+"
    lines.append(border)
    for row in range(layout.SIZE):
        out = ["|"]
        for col in range(layout.SIZE):
            bg, filler = _cell_paint(row, col)
            here = cells.get((row, col))
            if here:
                first = here[0]
                text = first + ("+" if len(here) > 1 else " ")
                if color:
                    out.append("\x1b[48;5;%d;38;5;%d;1m%s%s" % (bg, _TOKEN_FG[first[0]], text, _RESET))
                else:
                    out.append(text)
            else:
                if color:
                    out.append("\x1b[48;5;%d;38;5;244m%s%s" % (bg, filler, _RESET))
                else:
                    out.append(filler)
        out.append("|")
        lines.append("".join(out))
    lines.append(border)
    stacks = ["%s: %s" % (_cell_name(cell), " ".join(names))
              for cell, names in sorted(cells.items()) if len(names) > 1]
    if stacks:
        lines.append("stacks  " + "   ".join(stacks))
    side = list(side)
    for i, text in enumerate(side):
        if i < len(lines):
            lines[i] += "  " + text
        else:
            lines.append(" " * (3 * layout.SIZE + 4) + text)
    return "\n".join(lines)


_PLACE_AT = {}


def _cell_name(cell):
    if not _PLACE_AT:
        for place in layout.all_places():
            c = layout.cell(place)
            if c is not None:
                _PLACE_AT[c] = place
    return _PLACE_AT.get(cell, "%d,%d" % cell)


def die_face(value):
    """Three text lines of a die face (1..6), pips as 'o'."""
    pips = {1: (4,), 2: (0, 6), 3: (0, 3, 6), 4: (0, 2, 4, 6), 5: (0, 2, 3, 4, 6),
            6: (0, 1, 2, 4, 5, 6)}.get(value, ())
    # positions 0..6: top-left, mid-left, bottom-left, centre, top-right, mid-right, bottom-right
    grid = [[" "] * 3 for _ in range(3)]
    spots = ((0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (1, 2), (2, 2))
    for p in pips:
        r, c = spots[p]
        grid[r][c] = "o"
    return ["[%s]" % " ".join(row) for row in grid]
