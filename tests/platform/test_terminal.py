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
    """A newcomer at the virtual board: `?` (or h) toggles a page of what the lights say in
    place of the board, and a key that is no button says which keys are."""
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
    screen.words = ["Red's turn: roll."]
    screen.draw()
    assert "terminal too small for the board: make it at least 71 x 17 (now 60 x 15)" in out.text
    assert "Red's turn: roll." in out.text and "r  roll" not in out.text
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


VISIBLE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def visible(line):
    return VISIBLE.sub("", line)


def busy_screen(**kw):
    screen = terminal.Screen(PLACES, out=LastWrite(), **kw)
    screen.words = ["Pass: no token could use that roll. Green (Medium computer)'s turn: it rolls by "
                    "itself. \u00b7 27 s left", "roll: roll for it now"]
    screen.info = ["data channel (ludo-host log):", "/dev/pts/12", "saved game:",
                   "/home/someone/.local/share/ludo-board/nvm.bin", "", "fix-ups skipped: no wooden tokens"]
    screen.hint = "key 'x' does nothing: r s Enter b (capitals: long presses), ? help, q quit"
    for i in range(10):
        screen.add_console("line %d of what the firmware printed\n" % i)
    return screen


def test_the_screen_fits_80_by_24_with_the_status_in_words_and_the_help():
    screen = busy_screen(skip_fixups=True)
    lines = screen.lines(80, 24)
    assert len(lines) <= 24 and all(len(visible(x)) < 80 for x in lines)
    assert "r  roll" in lines[0] and visible(lines[layout.SIZE - 1]).rstrip().endswith("no wooden tokens")
    assert re.search(r"   \.\.\.[a-z/.]*/ludo-board/nvm.bin$", visible(lines[12]))  # a long path keeps its end
    text = "\n".join(visible(x) for x in lines)
    assert "Pass: no token could use that roll." in lines[layout.SIZE] and "27 s left" in text
    assert "roll: roll for it now" in text and "does nothing" in text
    assert "line 9 of what the firmware printed" in text
    screen.toggle_help()
    page = screen.lines(80, 24)
    assert len(page) <= 24 and all(len(x) < 80 for x in page)
    assert page[0] == terminal.HELP[0] and terminal.HELP[-1] in page
    assert terminal.SKIPPED_FIXUPS in page                      # this board skips the fix-ups
    assert "roll: roll for it now" in page and not any("\x1b[48" in x for x in page)
    assert terminal.SKIPPED_FIXUPS not in busy_screen().help_lines()


def test_the_terminal_draws_the_pictures_colours_whatever_the_brightness():
    """At the default brightness (30 %) the LEDs' own colours were murky on a screen; the
    terminal draws the frame the app drew, brightened as docs/lights.md's pictures are
    (picture.frame_image: terminal.boost), and LUDO_BRIGHTNESS stays what the LEDs emit."""
    from ludo_host.virtual import VirtualBoard
    from ludo_host.virtual.engine import default_pixel_map
    shown = {}
    leds = {}
    for brightness in (30, 100):
        with VirtualBoard(settings={"LUDO_BRIGHTNESS": brightness}) as vb:
            got = []
            vb.on_show = got.append
            vb.send('{"cmd":"new","preset":"classic","players":4,"seed":5}')
            vb.wait(300)
            vb.press("roll")
            vb.wait(300)
            assert got and got[-1] == bytes(vb.app.frame)
            shown[brightness] = got[-1]
            leds[brightness] = vb.frames[-1][1]
    assert leds[30] != leds[100] and shown[30] == shown[100]
    pixel_map = default_pixel_map()
    cells = terminal.cell_colours(shown[30], pixel_map)
    i = pixel_map.index("t8")                                   # a safe square (classic's star)
    assert cells[layout.cell("t8")] == terminal.boost(tuple(shown[30][3 * i:3 * i + 3]))
    safe, plain = max(cells[layout.cell("t8")]), max(cells[layout.cell("t9")])
    assert safe >= plain * 3 // 2, (safe, plain)                # it shows on the painted board
    murky = terminal.cell_colours(leds[30], pixel_map)          # (what was drawn before)
    assert max(murky[layout.cell("t8")]) < safe


class Tmux:
    """A terminal of a given size (tmux, on a server of its own) running one command."""

    def __init__(self, command, env, columns=80, rows=24):
        import shutil
        import subprocess
        if shutil.which("tmux") is None:
            if os.environ.get("CI", "") not in ("", "0", "false"):
                pytest.fail("tmux is not installed (bash test.sh installs it)")
            pytest.skip("tmux is not installed (bash test.sh installs it)")
        self.run = subprocess.run
        self.socket = "ludo-test-%d" % os.getpid()
        self.tmux("new-session", "-d", "-x", str(columns), "-y", str(rows), "-s", "board",
                  "env " + " ".join("%s=%s" % kv for kv in env.items()) + " " + command + "; sleep 30")

    def tmux(self, *args):
        return self.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, check=True).stdout

    def keys(self, *keys):
        self.tmux("send-keys", "-t", "board", *keys)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "board").rstrip("\n").split("\n")

    def wait_for(self, text, timeout=60):
        """The screen once a line of it has `text` (a regular expression)."""
        import time
        deadline = time.time() + timeout
        while time.time() < deadline:
            lines = self.screen()
            if any(re.search(text, line) for line in lines):
                return lines
            time.sleep(0.2)
        raise AssertionError("%r never showed; the screen:\n%s" % (text, "\n".join(self.screen())))

    def close(self):
        self.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def test_the_virtual_board_in_an_80x24_terminal_as_a_person_sees_it(tmp_path):
    """`ludo-host board` in an 80 x 24 terminal: the board, the keys, the status in words
    and where things are all fit; the status follows the game; `?` shows what the lights
    say and fits too; fix-ups are skipped and it says so; q quits and keeps the game."""
    import sys
    from platform_helpers import HOST
    env = {"PYTHONPATH": HOST, "HOME": str(tmp_path), "TERM": "xterm-256color"}
    term = Tmux("%s -m ludo_host.cli board --virtual --fresh --nvm %s" % (sys.executable, tmp_path / "nvm.bin"),
                env)
    try:
        lines = term.wait_for("Set-up menu, page 1, preset: classic")
        assert len(lines) <= 24 and all(len(x) <= 80 for x in lines)
        assert "r  roll" in lines[0] and "?  what the lights say" in lines[5]
        assert lines[layout.SIZE].startswith("Set-up menu, page 1")        # right under the board
        assert "fix-ups skipped: no wooden tokens" in "\n".join(lines)
        term.keys("C-m")
        term.wait_for("Set-up menu, page 2, players: 4 players")
        term.keys("r")                                                     # start the game
        term.wait_for("Red's turn: roll.")
        term.keys("r")
        lines = term.wait_for("Red rolled|Pass: no token could use the [1-6]")    # (a pass goes by itself)
        assert lines[layout.SIZE + 1]                                      # what the buttons do now
        assert lines[layout.SIZE].startswith("Just now: Red rolled ")     # what happened (happened.py)
        term.keys("?")
        lines = term.wait_for(re.escape(terminal.HELP[-1]))
        assert lines[0] == terminal.HELP[0]
        assert "".join(lines[lines.index(terminal.HELP[-1]) + 1:]).strip()     # the status, under the help
        assert terminal.SKIPPED_FIXUPS in lines
        assert len(lines) <= 24 and all(len(x) <= 80 for x in lines)
        term.keys("?")
        term.wait_for("r  roll")
        term.keys("q")
        term.wait_for("run again to resume")
    finally:
        term.close()


def test_the_escape_key_alone_is_not_half_of_a_long_press():
    """Escape pressed, then `b` a moment later: a short back and a hint for Escape, not the
    long back (Alt+b, which a terminal sends as Escape and b in one write) that opens the
    pause menu."""
    master, slave = os.openpty()
    try:
        kb = terminal.Keyboard(fd=slave)
        kb.open()                           # as the board does: keys as they are typed
        os.write(master, b"\x1b")
        got = kb.read(0.2)
        got += kb.read(0.2)                 # nothing more came: it was the Escape key
        os.write(master, b"b")
        got += kb.read(0.2)
        os.write(master, b"\x1bb")          # Alt+b: one write
        got += kb.read(0.2)
        assert got == [("unknown", "Esc"), ("back", False), ("back", True)], got
    finally:
        os.close(master)
        os.close(slave)


def test_the_help_says_a_refusal_as_the_board_shows_it():
    """docs/lights.md: a refusal blinks all seven die pixels white (no seat's colour, no
    roll's face); `?` says the same, not a red flash (red is the cross of a lost roll)."""
    import pathlib
    lights = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "lights.md").read_text()
    assert "| white blinking on all seven die pixels | a refusal" in lights
    help_text = "\n".join(terminal.HELP)
    assert "the die's 7 pips blink white   that press means nothing now" in help_text
    assert "red flash" not in help_text and "a red cross on the die         a lost roll" in help_text


def test_in_the_set_up_menu_the_help_explains_the_option_and_the_game_a_roll_starts():
    from ludo_host.virtual.snapshot import empty
    screen = terminal.Screen(PLACES, out=LastWrite())
    snap = dict(empty(), mode="menu", menu={"page": 4, "name": "options", "item": "entry_on_1", "value": False},
                setup={"preset": "classic", "players": "RGYB", "kinds": {"G": "hard"}, "dice": "hand",
                       "options": {"entry_on_1": True}})
    screen.set_snapshot(snap)
    screen.toggle_help()
    page = [visible(x) for x in screen.lines(80, 24)]
    text = " ".join(x.strip() for x in page)
    assert page[0] == terminal.MENU_HELP and len(page) <= 24 and all(len(x) < 80 for x in page)
    assert ("This option: Out on a 1: A 1 as well as a 6 brings a token out of the yard; only a 6 rolls "
            "again.") in text
    assert ("Roll starts: Classic, 4 players: Red a person, Green the Hard computer, Yellow a person, Blue a "
            "person. A real die, counted in by hand. House rules: A 1 also brings a token out.") in text
    screen.set_snapshot(dict(snap, mode="play"))
    assert screen.lines(80, 24)[0] == terminal.HELP[0]


def test_a_larger_terminal_gets_a_larger_board_with_the_tokens_named():
    """80 x 24 stays as it was (a cell: 2 characters, 1 row, no names); 120 x 40 gets cells
    twice the size with each token's name on its cell (a stack: a name a row, "+n" for the
    rest), as the terminal replay writes them."""
    tokens = {"R1": "t13", "R2": "yR2", "R3": "yR3", "R4": "yR4", "Y1": "t20", "Y2": "t20", "Y3": "t20",
              "Y4": "yY4"}
    small = busy_screen(skip_fixups=True)
    before = small.lines(80, 24)
    small.set_snapshot({"mode": "play", "tokens": tokens})
    assert small.lines(80, 24) == before and board_rows(before) == layout.SIZE
    assert not any(re.search(r"R1|Y1", visible(x)[:42]) for x in before)
    assert terminal.board_scale(80, 24, 5) == 1 and terminal.board_scale(120, 40, 5) == 2

    big = small.lines(120, 40)
    assert len(big) <= 40 and all(len(visible(x)) < 120 for x in big)
    assert board_rows(big) == 2 * layout.SIZE
    row, col = layout.cell("t13")
    assert visible(big[2 * row])[4 * col:4 * col + 4] == " R1 "
    row, col = layout.cell("t20")
    assert [visible(big[2 * row + k])[4 * col:4 * col + 4] for k in (0, 1)] == [" Y1 ", " +2 "]
    text = "\n".join(visible(x) for x in big)
    assert "fix-ups skipped: no wooden" in text and "Pass: no token could use that roll." in text
    assert "line 9 of what the firmware printed" in text                    # the console, under it


def board_rows(lines):
    """How many of the screen's lines draw the board (they start with a colour)."""
    return sum(1 for x in lines if x.startswith("\x1b[48;2;"))


def presses(term, keys):
    """Keys one at a time, as a person presses them (a press is held 80 ms on the board)."""
    import time
    for key in keys:
        term.keys(key)
        time.sleep(0.3)


def wait_for_words(term, text, timeout=60):
    """The screen once its words, lines joined (a long line wraps), match `text`."""
    import time
    deadline = time.time() + timeout
    while time.time() < deadline:
        lines = term.screen()
        joined = " ".join(line.strip() for line in lines)
        if re.search(text, joined):
            return lines
        time.sleep(0.2)
    raise AssertionError("%r never showed; the screen:\n%s" % (text, "\n".join(term.screen())))


def test_a_game_of_computers_plays_through_on_the_virtual_board(tmp_path):
    """In the terminal (fix-ups skipped: no wooden tokens) two computer seats play a game to
    its end with nobody at the keys, each move going on by itself; the set-up menu says the
    options in plain words and the game before it starts.  The next game, with a real die,
    says what the computer seat needs: its die counted by hand."""
    import sys
    from platform_helpers import HOST
    env = {"PYTHONPATH": HOST, "HOME": str(tmp_path), "TERM": "xterm-256color"}
    term = Tmux("%s -m ludo_host.cli board --virtual --fresh --nvm %s --set LUDO_COMPUTER_PAUSE_MS=150"
                % (sys.executable, tmp_path / "nvm.bin"), env)
    try:
        term.wait_for("Set-up menu, page 1, preset: classic")
        term.keys("C-m")
        term.wait_for("page 2, players: 4 players")
        term.keys("s")
        term.wait_for("page 2, players: 2 players")
        term.keys("C-m")
        term.wait_for("page 3, computer seats: Red is played by a person")
        term.keys("s")
        term.wait_for("Red is played by the Easy computer")
        presses(term, ["C-m", "s"])
        term.wait_for("Yellow is played by the Easy computer")
        term.keys("C-m")
        term.wait_for("page 4, options: Safe stars: Stars are safe")
        presses(term, ["C-m"] * 8)
        term.wait_for("options: Tokens home to win: All 4 tokens home to win")
        presses(term, ["s"] * 3)
        term.wait_for("options: Tokens home to win: 1 token home wins")
        term.keys("C-m")
        wait_for_words(term, re.escape("page 5, dice: the board's own dice. This game: Classic, 2 players: Red the "
                                       "Easy computer, Yellow the Easy computer. The board's own dice. House rules: "
                                       "1 token home wins."))
        term.keys("r")                                          # start; then hands off
        wait_for_words(term, r"(Red|Yellow) \(Easy computer\) rolled [1-6]: its move is lit; it plays it "
                             r"by itself\.", timeout=60)
        lines = wait_for_words(term, "Game over: (Red|Yellow) won.", timeout=240)
        assert len(lines) <= 24 and all(len(x) <= 80 for x in lines)

        term.keys("r")                                          # the set-up menu, as it was
        term.wait_for("Set-up menu, page 1, preset: classic")
        presses(term, ["C-m"] * (1 + 1 + 2 + 9))                 # to the dice page
        term.wait_for("page 5, dice: the board's own dice")
        term.keys("s")
        wait_for_words(term, "This game: Classic, 2 players: Red the Easy computer, Yellow the Easy computer. "
                             "A real die, counted in by hand.")
        term.keys("r")
        lines = wait_for_words(term, re.escape("Red (Easy computer)'s turn: count the die for Red: roll once "
                                               "per pip, then confirm."))
        assert "by itself" not in " ".join(lines)
        presses(term, ["r"] * 3)
        wait_for_words(term, re.escape("the die counted for Red: 3."))
        term.keys("C-m")
        wait_for_words(term, r"Pass: no token could use the 3\.|Yellow \(Easy computer\)'s turn: count the die")
        term.keys("q")
        term.wait_for("run again to resume")
    finally:
        term.close()


def test_a_games_start_says_what_it_is_under_the_words():
    """Until its first move the screen says the game (preset, who plays, dice, house rules);
    then only `?` does, where there is room."""
    from ludo_host.virtual.snapshot import empty
    screen = busy_screen()
    setup = {"preset": "classic", "players": "RY", "kinds": {"Y": "hard"}, "dice": "device",
             "options": {"stars": False}}
    screen.set_snapshot(dict(empty(), mode="play", setup=setup, remote="R"))
    text = " ".join(visible(x).strip() for x in screen.lines(80, 24))
    assert ("This game: Classic, 2 players: Red on a link, Yellow the Hard computer. The board's own dice. "
            "House rules: Stars are not safe: tokens on them can be captured.") in text
    screen.set_snapshot(dict(empty(), mode="play", setup=setup, moves_played=1))
    assert "This game:" not in " ".join(screen.lines(80, 24))
    screen.toggle_help()
    assert "This game: Classic" in " ".join(screen.lines(120, 40))
    page = screen.lines(80, 24)
    assert terminal.HELP[-1] in page and len(page) <= 24


def test_in_a_game_the_help_at_80_by_24_says_the_game_and_the_coachs_cyan():
    """docs/host.md: `?` says the game's summary while the game goes on; at 80 x 24 a
    4-player game with computers had no room for it (the help's set-up menu lines took it,
    which mean nothing in a game). The coach's hint lights cyan: the help says so too."""
    from ludo_host.virtual.snapshot import empty
    screen = terminal.Screen(PLACES, out=LastWrite())
    screen.skip_fixups = True
    setup = {"preset": "classic", "players": "RGYB", "kinds": {"G": "hard", "B": "expert"}, "dice": "device",
             "options": {}}
    screen.set_snapshot(dict(empty(), mode="play", setup=setup, moves_played=5))
    screen.set_words(["Just now: Red rolled 6.", "Red rolled 6: 2 moves.",
                      "select: pick a move (long: a hint) \u00b7 back: undo"])
    screen.toggle_help()
    page = [visible(x) for x in screen.lines(80, 24)]
    text = " ".join(x.strip() for x in page)
    assert len(page) <= 24 and all(len(x) < 80 for x in page) and terminal.HELP[-1] in page
    assert ("This game: Classic, 4 players: Red a person, Green the Hard computer, Yellow a person, "
            "Blue the Expert computer.") in text
    assert "  cyan                           the coach's hint; on the die: it is thinking" in page
    assert not any("\u2026" in x or "..." in x for x in page)           # no line cut short
    assert not any(x.startswith(terminal.MENU_LINES) for x in page)


def test_a_long_run_of_take_backs_leaves_the_buttons_line_on_an_80x24_screen():
    """Pressing back again and again lists ever more in "Took back: ..." (the whole run of
    take-backs): at 80 x 24 the lines under the board ran past the screen's last row, and the
    buttons' line (what to press now) was cut off. A long run is said in a few words."""
    from ludo_host.virtual.snapshot import empty
    from ludo_host.words import status_words
    played = []
    for n in range(12):
        seat = "RGYB"[n % 4]
        played += [[seat, "roll %d" % (1 + n % 6)], [seat, "%s1 %d-%d" % (seat, n, n + 3)]]
    snap = dict(empty(), mode="play", turn="G", rolls=[3], moves=2, undo=True, undone=played)
    said, buttons = status_words(snap)
    assert said.startswith("Took back 24 moves and rolls: back to before Red's roll 1."), said
    screen = terminal.Screen(PLACES, out=LastWrite(), skip_fixups=True)
    screen.set_words([said, buttons])
    screen.info = ["data channel (ludo-host log):", "/dev/pts/1", "saved game:",
                   "~/.local/share/ludo-board/nvm.bin", "", "fix-ups skipped: no wooden tokens"]
    lines = [visible(x).rstrip() for x in screen.lines(80, 24)]
    assert len(lines) <= 24 and buttons in lines, lines[layout.SIZE:]
    assert "Green rolled 3: 2 moves." in " ".join(x.strip() for x in lines)
