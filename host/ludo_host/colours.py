"""The board's look on a screen, one for the virtual board in the terminal, the terminal
replay, docs/lights.md's pictures and the live page: the board's paint, how dim the
places that are not lit show, an LED's value brightened for a screen (`boost`), and the
colour of each grid cell for a frame of the strip (`cell_colours`)."""
from . import layout

DIE_ORIGIN = (6, 17)          # grid (row, col) of the die's top-left pip (a panel around it)
# The painted board (full colours) and how much of them shows where no pixel is lit.
PAINT = {"R": (200, 40, 40), "G": (40, 160, 70), "Y": (225, 195, 40), "B": (40, 100, 210),
         "track": (225, 225, 215), "centre": (120, 120, 120), "die": (200, 200, 200)}
TRACK_DIM = 18                # percent, a track square (darker: a dim light on it must show)
PLACE_DIM = 26                # percent, another place that has a pixel
GROUND_DIM = 9                # percent, painted ground without a pixel
DIE_FACE_DIM = 32             # the die's face, and its dark pips
DIE_PIP_DIM = 10
ENTRY_SQUARES = {0: "R", 13: "G", 26: "Y", 39: "B"}


def _scale(rgb, percent):
    return tuple(v * percent // 100 for v in rgb)


def boost(rgb):
    """LED value -> screen colour: a dim LED still looks bright (gamma 1/2.2)."""
    return tuple(0 if v <= 0 else int(round(255 * (v / 255.0) ** 0.45)) for v in rgb)


def _painted(row, col, place):
    """The board's paint at a cell, dimmed: where nothing is lit."""
    region = layout.region(row, col)
    if place is not None and place[0] == "t":
        colour = PAINT[ENTRY_SQUARES[int(place[1:])]] if int(place[1:]) in ENTRY_SQUARES else PAINT["track"]
        shade = TRACK_DIM - 4 * ((row + col) % 2)      # checker: neighbouring squares stay apart
        return _scale(colour, shade)
    if region.startswith("yard"):
        if place:
            return _scale(PAINT[region[4]], PLACE_DIM + 10)
        r0, c0 = layout.YARD_ORIGIN[region[4]]
        if r0 + 1 <= row <= r0 + 4 and c0 + 1 <= col <= c0 + 4:
            return _scale(PAINT["track"], GROUND_DIM)       # the yard's white middle
        return _scale(PAINT[region[4]], PLACE_DIM)
    if region.startswith("home"):
        return _scale(PAINT[region[4]], PLACE_DIM)
    if place is not None and place[0] == "c":
        return _scale(PAINT[place[1]], PLACE_DIM)
    if region == "centre":
        return _scale(PAINT["centre"], GROUND_DIM)
    return _scale(PAINT["track"], GROUND_DIM)


def die_cell(place):
    """Grid (row, col) of a die pixel drawn beside the board."""
    dr, dc = layout.DIE_CELLS[int(place[1:]) - 1]
    return (DIE_ORIGIN[0] + dr, DIE_ORIGIN[1] + dc)


def cell_colours(frame, pixel_map, use_boost=True):
    """{(row, col): (r, g, b)} for the board and the die beside it, from a frame in strip order."""
    places = {}
    for index, place in enumerate(pixel_map):
        if 3 * index + 2 < len(frame):
            places[place] = tuple(frame[3 * index:3 * index + 3])
    cells = {}
    for row in range(layout.SIZE):
        for col in range(layout.SIZE):
            cells[(row, col)] = _painted(row, col, None)
    for place in layout.all_places():
        pos = die_cell(place) if place[0] == "d" else layout.cell(place)
        rgb = places.get(place, (0, 0, 0))
        if any(rgb):
            cells[pos] = boost(rgb) if use_boost else rgb
        elif place[0] == "d":
            cells[pos] = _scale(PAINT["die"], DIE_PIP_DIM)
        else:
            cells[pos] = _painted(pos[0], pos[1], place)
    # the die's panel: around and between its pips
    r0, c0 = DIE_ORIGIN
    for dr in range(-1, 4):
        for dc in range(-1, 4):
            cells.setdefault((r0 + dr, c0 + dc), _scale(PAINT["die"], DIE_FACE_DIM))
    return cells
