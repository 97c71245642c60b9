"""`ludo-host replay`: the terminal drawing (--to N, interactive keys) and the HTML page file."""
import os
import pathlib
import pty
import re
import select
import subprocess
import time

import ludo
import pytest

from conftest import cli_command, cli_env
from ludo_host import layout
from ludo_host.replay.steps import Replay
from ludo_host.replay import KEYS_HELP


def steps_of(text):
    return Replay(ludo.Record.parse(text)).steps


def grid_from_plain(out):
    """{(row, col): two-character cell text} from the plain drawing."""
    lines = out.splitlines()
    assert lines[0].startswith("+---")
    cells = {}
    for r in range(layout.SIZE):
        row = lines[1 + r]
        for c in range(layout.SIZE):
            cells[(r, c)] = row[1 + 3 * c:3 + 3 * c]
    return cells


@pytest.mark.parametrize("n", [0, 1, 57, -1])
def test_to_n_prints_the_position_after_move_n(cli, record_file, finished_game_text, n):
    steps = steps_of(finished_game_text)
    out = cli("replay", record_file, "--to", n, "--color", "never")
    assert out.returncode == 0, out.stderr
    k = n if n >= 0 else len(steps) - 1
    assert "move %d of %d" % (k, len(steps) - 1) in out.stdout
    cells = grid_from_plain(out.stdout)
    by_cell = {}
    for token, place in steps[k]["places"].items():
        if place:
            by_cell.setdefault(layout.cell(place), []).append(token)
    for cell, tokens in by_cell.items():
        tokens.sort()
        assert cells[cell] == tokens[0], (cell, tokens, cells[cell])
    # and no token drawn anywhere else
    drawn = {cell for cell, text in cells.items() if re.fullmatch(r"[RGYB][1-4]", text)}
    assert drawn == set(by_cell)


def test_colour_drawing_is_the_virtual_boards(cli, record_file):
    out = cli("replay", record_file, "--to", 20, "--color", "always")
    assert out.returncode == 0
    assert "\x1b[48;2;" in out.stdout           # 24-bit backgrounds, like the virtual board
    assert re.search(r"\x1b\[1;38;2;0;0;0m[RGYB][1-4]", out.stdout)


def test_to_outside_the_game_is_a_clear_error(cli, record_file):
    out = cli("replay", record_file, "--to", 100000)
    assert out.returncode == 2 and "outside" in out.stderr and "Traceback" not in out.stderr


def test_unreadable_file_is_one_error(cli, tmp_path):
    bad = tmp_path / "bad.ludo"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    out = cli("replay", bad)
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_whole_file_problem_reads_as_verify_says_it(cli, tmp_path):
    path = tmp_path / "nonexist.ludo"
    out = cli("replay", path)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    said = cli("verify", path).stdout.splitlines()
    assert len(said) == 1 and said[0].startswith("%s: " % path), said      # no line number: no ":0"
    assert out.stderr == "ludo-host replay: %s\n" % said[0]


def test_a_folder_given_to_replay_is_one_line(cli, tmp_path):
    """replay steps through one game: a folder is refused in one line (verify, analyse and
    stats take a folder's records)."""
    out = cli("replay", tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == "ludo-host replay: %s: is a folder, not a record file\n" % tmp_path


def test_interactive_keys_step_forward_back_and_jump(record_file, finished_game_text):
    last = len(steps_of(finished_game_text)) - 1
    pid, fd = pty.fork()
    if pid == 0:                                     # the child: ludo-host replay on a terminal
        env = cli_env()
        env["TERM"] = "xterm"
        cmd = cli_command("replay", record_file)
        os.execvpe(cmd[0], cmd, env)
    seen = b""

    def screen_until(pattern, timeout=20):
        nonlocal seen
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if re.search(pattern, seen.rsplit(b"\x1b[H\x1b[2J", 1)[-1]):
                return True
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
        return False

    try:
        assert screen_until(rb"move 0 of %d" % last)
        # the key lines are on the screen, one under the other
        first, second = (re.escape(line.encode()) for line in KEYS_HELP.splitlines())
        assert screen_until(first + rb"(\x1b\[K)?\r?\n" + second)
        for keys, want in ((b"n", 1), (b"\x1b[C", 2), (b"\x1b[C", 3), (b"p", 2), (b"\x1b[D", 1),
                           (b" ", 2), (b"\x1b[6~", 12), (b"\x1b[6~", 22), (b"\x1b[5~", 12),
                           (b"g25\r", 25), (b"\x1b[F", last), (b"\x1b[H", 0)):
            os.write(fd, keys)
            assert screen_until(rb"move %d of %d" % (want, last)), (keys, seen[-400:])
        os.write(fd, b"q")
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    finally:
        try:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)


def documented_keys():
    """The keys in docs/host.md's table for the terminal replay, as the key line names them."""
    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "host.md").read_text()
    section = text.split("## `ludo-host replay FILE`", 1)[1].split("| key | |", 1)[1].split("\n\n", 1)[0]
    names = {"right arrow": "->", "left arrow": "<-"}
    keys = []
    for row in section.splitlines()[2:]:
        first = row.split("|")[1]
        for part in re.split(r"[,/]", first):
            part = part.strip().strip("`")
            if part in names:
                keys.append(names[part])
            else:
                keys.extend(w.strip("`") for w in part.split() if not w.isdigit())
    return keys


def test_key_line_shows_every_documented_key():
    keys = documented_keys()
    assert {"->", "<-", "n", "p", "space", "g", "Enter", "Home", "End", "PageUp", "PageDown", "q"} <= set(keys)
    shown = re.split(r"[\s,/:]+", KEYS_HELP)
    missing = [k for k in keys if k not in shown]
    assert not missing, (missing, KEYS_HELP)
    assert all(len(line) <= 80 for line in KEYS_HELP.splitlines()), KEYS_HELP   # an 80-column terminal


def test_html_page_is_self_contained(cli, tmp_path, record_file, finished_game_text):
    out_file = tmp_path / "replay.html"
    out = cli("replay", record_file, "--html", out_file)
    assert out.returncode == 0, out.stderr
    page = out_file.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    # No network: nothing is fetched (the only URL is the SVG namespace).
    urls = set(re.findall(r"(?:https?:)?//[\w.-]+[^\s\"'<>)]*", page))
    assert urls <= {"http://www.w3.org/2000/svg"}, urls
    assert not re.search(r"<(script|link|img)[^>]+(src|href)=", page)
    assert page.count("<script") == 2


def test_html_page_escapes_what_the_file_says(tmp_path, cli, finished_game_text):
    import json
    lines = finished_game_text.split("\n")
    head = json.loads(lines[0])
    head["start"] = "</script><script>alert(1)</script>"
    lines[0] = json.dumps(head, sort_keys=True, separators=(",", ":"))
    path = tmp_path / "evil.ludo"
    path.write_text("\n".join(lines))
    out_file = tmp_path / "evil.html"
    assert cli("replay", path, "--html", out_file).returncode == 0
    page = out_file.read_text()
    assert "alert(1)" in page and "<script>alert" not in page and "</script><script>" not in page


def test_truncated_record_replays_up_to_the_cut(cli, tmp_path, finished_game_text):
    path = tmp_path / "cut.ludo"
    path.write_text(finished_game_text[:len(finished_game_text) // 3])
    out = cli("replay", path, "--to", -1, "--color", "never")
    assert out.returncode == 0
    assert "cut short" in out.stderr
    assert re.search(r"move \d+ of \d+", out.stdout)


def test_not_a_terminal_prints_the_last_position(record_file):
    out = subprocess.run(cli_command("replay", record_file), env=cli_env(), capture_output=True,
                         text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert out.returncode == 0 and "not a terminal" in out.stderr and "game over" in out.stdout


def test_an_undo_is_said_by_the_seat_whose_step_it_takes_back():
    """Red moves, the turn passes to Yellow, the move is taken back: the take-back is Red's,
    not that of Yellow, who was on turn when it was pressed."""
    import random
    rng = random.Random(7)
    g = ludo.Game("classic", players=2, seed=11)
    while True:
        if g.needs_roll():
            g.roll()
            continue
        mover = g.turn
        g.push(rng.choice(list(g.legal_moves)))
        if g.turn != mover and not g.last_move.is_pass:
            break
    g.pop()
    steps = steps_of(str(g.record(transcript=True)))
    assert steps[-1]["line"] == "undo"
    assert steps[-1]["actor"] == steps[-2]["actor"] == ludo.SEAT_LETTERS[mover]


def test_html_over_the_record_itself_is_refused(cli, tmp_path, finished_game_text):
    """`--html` naming the record (or a link to it) wrote the page over the game."""
    game = tmp_path / "game.ludo"
    game.write_text(finished_game_text)
    (tmp_path / "page.html").symlink_to(game)
    for out_name in (game, tmp_path / "page.html"):
        out = cli("replay", game, "--html", out_name)
        assert out.returncode == 2
        assert out.stderr == ("ludo-host replay: --html %s is the record itself: give the page another name "
                              "(nothing written)\n" % out_name)
        assert game.read_text() == finished_game_text


def test_a_resignation_says_who_won_and_who_resigned_with_the_players_names():
    """"Result: R (resigned)" read as if Red resigned: the words name both (issue 24), and the
    people where the record names them; the HTML replay's data carries the same words."""
    import ludo
    from ludo_host.replay.page import page_data
    from ludo_host.replay.steps import Replay
    from ludo_host.replay import side_text
    g = ludo.Game("strict", players=2, seed=3)
    g.roll()
    g.resign("Y")
    rec = g.record()
    replay = Replay(ludo.Record.parse(str(rec)))
    assert "game over: Red won: Yellow resigned" in side_text(replay, len(replay.steps) - 1)
    rec.header["names"], rec.footer["names"] = {"R": "Anna"}, {"Y": "Ben"}
    replay = Replay(ludo.Record.parse(str(rec)))
    side = side_text(replay, len(replay.steps) - 1)
    assert "Red: Anna, Yellow: Ben" in side and "game over: Anna (Red) won: Ben (Yellow) resigned" in side
    data = page_data(replay, "t")
    assert data["names"] == {"R": "Anna", "Y": "Ben"}
    assert data["footer_words"] == data["steps"][-1]["result_words"] == "Anna (Red) won: Ben (Yellow) resigned"


@pytest.mark.parametrize("color", [True, False])
def test_the_side_text_fits_an_80_column_terminal(color):
    """A 4-player game with computer seats has a summary longer than the room beside the
    board: at 80 columns it was written 60 wide, and the terminal wrapped it into the board's
    rows. Now each line beside the board ends by column 80, and the summary is all there."""
    from ludo_host.replay import board_text, side_column
    from ludo_host.setup_words import summary_lines
    g = ludo.Game("classic", players=4, seed=5)
    g.set_kind("G", "hard")
    g.set_kind("B", "expert")
    g.roll()
    replay = Replay(ludo.Record.parse(str(g.record())))
    for n in range(len(replay.steps)):
        text = board_text(replay, n, color, 80)
        plain = [re.sub("\x1b\\[[0-9;]*m", "", line) for line in text.splitlines()]
        assert all(len(line) <= 80 for line in plain), "\n".join(plain)
    beside = " ".join(line[side_column(color):] for line in plain)
    assert " ".join(" ".join(summary_lines(replay.header)).split()) in " ".join(beside.split())


@pytest.mark.parametrize("color", [True, False])
def test_tokens_sharing_a_place_are_named_in_words_a_player_reads(color):
    """The board shows a stack as its first token and a "+"; the line under it said which
    tokens by the layout's internal place name ("stacks  t26: B3 Y3"), which no player
    knows. Now it lists the groups as drawn, top to bottom, within the board's width."""
    from ludo_host.replay import board_text
    places = {"R3": "t14", "R4": "t14", "B3": "t26", "Y3": "t26", "G2": "t20", "G4": "t20",
              "B4": "t8", "G3": "t8", "G1": "t30", "G5": None}
    places.update({"B1": "t27", "B2": "t27", "Y1": "t40", "Y2": "t40", "R1": "hR2", "R2": "hR2"})
    from ludo_host.replay.board_text import render
    text = render(places, color=color)
    plain = [re.sub("\x1b\\[[0-9;]*m", "", line) for line in text.splitlines()]
    first = [i for i, line in enumerate(plain) if line.startswith("stacked: ")]
    assert first, plain
    under = plain[first[0]:]
    assert not any(re.search(r"\b[thyc][RGYB]?\d", line) for line in under), under
    width = max(len(line) for line in plain[:first[0]])
    assert all(len(line) <= width for line in under), under
    groups = [g.strip() for line in under for g in line[9:].split("|")]
    assert sorted(groups) == sorted(["R3 R4", "B3 Y3", "G2 G4", "B4 G3", "B1 B2", "Y1 Y2", "R1 R2"])
    assert "G1" not in " ".join(under)
