"""Where every place of the board sits on the classic 15 x 15 Ludo grid.

Shared by the terminal drawing, the HTML replay, the placement template and
the pixel-map check, so all of them agree with the rules core's numbering:
track square 0 is Red's entry square, squares run clockwise, Red's yard is
bottom-left, Green's top-left, Yellow's top-right, Blue's bottom-right.

Coordinates are (row, col), row 0 at the top.  The die display is not on the
grid; it is drawn beside the board (see ``DIE_CELLS``).
"""

COLOURS = "RGYB"
SIZE = 15


def _perimeter():
    """The 52 track cells, clockwise, starting at the left arm's top-left cell."""
    cells = [(6, c) for c in range(0, 6)]              # left arm, top row, rightwards
    cells += [(r, 6) for r in range(5, -1, -1)]        # top arm, left column, upwards
    cells += [(0, 7)]
    cells += [(r, 8) for r in range(0, 6)]             # top arm, right column, downwards
    cells += [(6, c) for c in range(9, 15)]            # right arm, top row, rightwards
    cells += [(7, 14)]
    cells += [(8, c) for c in range(14, 8, -1)]        # right arm, bottom row, leftwards
    cells += [(r, 8) for r in range(9, 15)]            # bottom arm, right column, downwards
    cells += [(14, 7)]
    cells += [(r, 6) for r in range(14, 8, -1)]        # bottom arm, left column, upwards
    cells += [(8, c) for c in range(5, -1, -1)]        # left arm, bottom row, leftwards
    cells += [(7, 0)]
    return cells


_PERIM = _perimeter()
_START = _PERIM.index((13, 6))                           # Red's entry square, next to Red's yard
TRACK_CELLS = tuple(_PERIM[(_START + i) % 52] for i in range(52))

# Home columns run from the arm's outer middle cell towards the centre.
HOME_CELLS = {
    "R": tuple((r, 7) for r in (13, 12, 11, 10, 9)),
    "G": tuple((7, c) for c in (1, 2, 3, 4, 5)),
    "Y": tuple((r, 7) for r in (1, 2, 3, 4, 5)),
    "B": tuple((7, c) for c in (13, 12, 11, 10, 9)),
}
CENTRE_CELLS = {"R": (8, 7), "G": (7, 6), "Y": (6, 7), "B": (7, 8)}
YARD_ORIGIN = {"R": (9, 0), "G": (0, 0), "Y": (0, 9), "B": (9, 9)}
YARD_CELLS = {
    s: tuple((r0 + dr, c0 + dc) for dr, dc in ((1, 1), (1, 4), (4, 1), (4, 4)))
    for s, (r0, c0) in YARD_ORIGIN.items()
}
# A 7-pixel die beside the board: the usual pip layout on a 3 x 3 grid,
# given as (row, col) offsets; d4 is the middle pip.
DIE_CELLS = ((0, 0), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 2))
DIE_PLACES = tuple("d%d" % (i + 1) for i in range(7))


def all_places():
    """Every board place, in a fixed order (track, home columns, yards, centre, die)."""
    places = ["t%d" % i for i in range(52)]
    places += ["h%s%d" % (s, k) for s in COLOURS for k in range(1, 6)]
    places += ["y%s%d" % (s, k) for s in COLOURS for k in range(1, 5)]
    places += ["c%s" % s for s in COLOURS]
    places += list(DIE_PLACES)
    return places


def cell(place):
    """(row, col) of a board place on the 15 x 15 grid; None for die pixels."""
    kind = place[0]
    if kind == "t":
        return TRACK_CELLS[int(place[1:])]
    if kind == "h":
        return HOME_CELLS[place[1]][int(place[2:]) - 1]
    if kind == "y":
        return YARD_CELLS[place[1]][int(place[2:]) - 1]
    if kind == "c":
        return CENTRE_CELLS[place[1]]
    if kind == "d":
        return None
    raise ValueError("unknown place %r" % place)


def region(row, col):
    """What the painted board shows at a grid cell: a yard colour, 'track', 'centre' or 'home'."""
    for s, (r0, c0) in YARD_ORIGIN.items():
        if r0 <= row < r0 + 6 and c0 <= col < c0 + 6:
            return "yard" + s
    if 6 <= row <= 8 and 6 <= col <= 8:
        return "centre"
    for s, cells in HOME_CELLS.items():
        if (row, col) in cells:
            return "home" + s
    return "track"
