"""The terminal drawing: each place's pixel colour at its grid cell; the keys."""
import os
import re

from ludo_host import layout
from ludo_host.virtual import terminal
from ludo_host.virtual.picture import ansi_cells, frame_image

PLACES = layout.all_places()


def distinct_frame():
    """A frame where every pixel has its own colour (no channel 0, so every pixel is lit)."""
    frame = bytearray()
    for i in range(len(PLACES)):
        frame += bytes((1 + i, 200 - i, 50 + (i * 7) % 200))
    return bytes(frame)


def screen_grid(lines):
    """Parse the ANSI lines back into {(row, col): (r, g, b)} for 2-character cells."""
    grid = {}
    for row, line in enumerate(lines[:layout.SIZE]):
        cells = ansi_cells(line)[0]
        for col in range(len(cells) // 2):
            a, b = cells[2 * col], cells[2 * col + 1]
            if a[0] == " " and b[0] == " " and a[2] == b[2]:
                grid[(row, col)] = a[2]
    return grid


def test_each_place_is_drawn_in_its_pixel_colour_at_its_cell():
    pixel_map = list(reversed(PLACES))            # any wiring order: the map decides
    frame = distinct_frame()
    grid = screen_grid(terminal.render_lines(frame, pixel_map, use_boost=False))
    for index, place in enumerate(pixel_map):
        pos = terminal.die_cell(place) if place[0] == "d" else layout.cell(place)
        assert grid[pos] == tuple(frame[3 * index:3 * index + 3]), place


def test_lit_colour_escape_is_24_bit_and_dark_pixels_show_the_paint():
    frame = bytearray(3 * len(PLACES))
    frame[0:3] = b"\xff\x00\x00"                   # t0 red
    lines = terminal.render_lines(bytes(frame), PLACES)
    row, col = layout.cell("t0")
    assert "\x1b[48;2;255;0;0m" in lines[row]
    grid = screen_grid(lines)
    assert grid[(row, col)] == (255, 0, 0)
    t1 = layout.cell("t1")
    assert grid[t1] != (0, 0, 0) and max(grid[t1]) < 100       # dim paint, not black, not lit
    yard = layout.cell("yG1")
    assert grid[yard][1] > grid[yard][0]                       # Green's yard is greenish
    assert len(set(grid[layout.cell(p)] for p in ("t1", "t2"))) == 2   # neighbouring squares differ


def test_boost_keeps_dim_leds_visible():
    assert terminal.boost((255, 0, 76)) == (255, 0, 148)          # 30 % looks about 58 %
    assert terminal.boost((0, 0, 0)) == (0, 0, 0)


def test_screen_redraws_only_when_something_changed():
    class Out:
        def __init__(self):
            self.writes = []

        def write(self, text):
            self.writes.append(text)

        def flush(self):
            pass

    out = Out()
    screen = terminal.Screen(PLACES, out=out)
    frame = bytes(3 * len(PLACES))
    screen.show(frame)
    screen.show(frame)
    assert len(out.writes) == 1
    screen.show(b"\x10" + frame[1:])
    assert len(out.writes) == 2
    assert "\x1b[H" in out.writes[0] and not re.search(r"\x1b\[2J", out.writes[0])


def test_keys_map_to_buttons_and_long_presses():
    kb = terminal.Keyboard(fd=-1)
    kb.pending = b"rs \rbRSCB\x7fq\x1bb\x1b[A"
    assert kb._decode() == [("roll", False), ("select", False), ("select", False), ("confirm", False),
                            ("back", False), ("roll", True), ("select", True), ("confirm", True),
                            ("back", True), ("back", False), "quit", ("back", True)]
    assert kb.pending == b""


class LastWrite:
    """Stands in for the terminal: keeps the last screen written."""
    text = ""

    def write(self, text):
        self.text = text

    def flush(self):
        pass


def test_question_mark_shows_what_the_lights_say_and_other_keys_get_a_hint():
    """A newcomer at the virtual board: `?` (or h) toggles a legend of the lights under the
    board, and a key that is no button says which keys are."""
    kb = terminal.Keyboard(fd=-1)
    kb.pending = b"?hx"
    assert kb._decode() == ["help", "help", ("unknown", "x")]

    out = LastWrite()
    screen = terminal.Screen(PLACES, out=out, size=lambda: os.terminal_size((160, 60)))
    screen.draw()
    assert "?  what the lights say" in out.text and "docs/lights.md" not in out.text
    screen.toggle_help()
    assert "docs/lights.md" in out.text and "that seat's turn: press roll" in out.text
    screen.key_does_nothing("x")
    assert "key 'x' does nothing: r s Enter b" in out.text
    screen.toggle_help()
    assert "docs/lights.md" not in out.text and "does nothing" not in out.text


def test_a_terminal_too_small_for_the_board_says_how_big_it_must_be():
    out = LastWrite()
    size = [os.terminal_size((60, 15))]
    screen = terminal.Screen(PLACES, out=out, size=lambda: size[0])
    screen.status = ["data channel: /dev/pts/9"]
    screen.draw()
    assert "terminal too small for the board: make it at least 71 x 17 (now 60 x 15)" in out.text
    assert "data channel: /dev/pts/9" in out.text and "roll" not in out.text
    size[0] = os.terminal_size((71, 17))
    screen.draw()
    assert "too small" not in out.text and "r  roll" in out.text


def test_picture_puts_a_disc_of_the_pixel_colour_at_each_place():
    frame = distinct_frame()
    cell = 20
    image = frame_image(frame, PLACES, cell=cell)
    for index, place in enumerate(PLACES):
        row, col = terminal.die_cell(place) if place[0] == "d" else layout.cell(place)
        centre = image.getpixel((col * cell + cell // 2, row * cell + cell // 2))
        assert centre == terminal.boost(tuple(frame[3 * index:3 * index + 3])), place
