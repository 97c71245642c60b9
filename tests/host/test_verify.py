"""`ludo-host verify`: sound games pass; altered rolls, swapped moves, wrong seeds and
hostile files are reported as FILE:LINE: problem, never as a traceback."""
import json
import re
import subprocess
import sys

import pytest

from conftest import cli_env
from ludo_host.records.verify import verify_file

PROBLEM = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<msg>.+)$")


def lines_of(text):
    return text.split("\n")[:-1]


def write(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return path


def test_sound_game_exits_zero(cli, record_file):
    out = cli("verify", record_file)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("%s: ok (" % record_file)


def test_a_game_closed_without_its_seed_says_its_rolls_went_unchecked(cli, tmp_path, finished_game_text):
    """A file the logger closed as abandoned has no seed: an altered roll cannot be caught,
    so verify says how many rolls it could not check instead of a plain ok."""
    lines = lines_of(finished_game_text)[:12]
    rolls = sum(1 for x in lines[1:] if re.fullmatch(r"roll \d", x))
    lines.append('{"result":"*","seed":null,"termination":"abandoned"}')
    path = write(tmp_path, "abandoned.ludo", lines)
    out = cli("verify", path)
    assert out.returncode == 0, out.stdout
    assert out.stdout.splitlines()[1] == (
        "%s: warning: nothing about this game's dice is proven: the footer reveals no seed, so its %d roll%s, "
        "and the players, kinds and options it began with, could have been changed unseen"
        % (path, rolls, "" if rolls == 1 else "s")), out.stdout
    assert rolls >= 1


def test_a_footer_whose_termination_the_game_does_not_give_is_caught(cli, tmp_path, finished_game_text):
    """The footer's termination is checked as its result is: a game played to its end is
    'finished', not 'resigned'."""
    lines = lines_of(finished_game_text)
    foot = json.loads(lines[-1])
    assert foot["termination"] == "finished"
    lines[-1] = json.dumps(dict(foot, termination="resigned"), sort_keys=True, separators=(",", ":"))
    path = write(tmp_path, "term.ludo", lines)
    out = cli("verify", path)
    assert out.returncode == 1
    assert out.stdout.splitlines()[0] == (
        "%s:%d: footer says termination 'resigned', the game gives 'finished'" % (path, len(lines)))


def test_single_altered_roll_is_caught(cli, tmp_path, finished_game_text):
    lines = lines_of(finished_game_text)
    i = next(k for k in range(40, len(lines)) if re.fullmatch(r"roll \d", lines[k]))
    v = int(lines[i][5])
    lines[i] = "roll %d" % (v % 6 + 1)
    path = write(tmp_path, "roll.ludo", lines)
    out = cli("verify", path)
    assert out.returncode == 1
    first = out.stdout.splitlines()[0]
    assert first == "%s:%d: roll %d, but the seed gives roll %d" % (path, i + 1, v % 6 + 1, v), out.stdout
    assert "Traceback" not in out.stderr


def test_swapped_moves_are_caught(cli, tmp_path, finished_game_text):
    lines = lines_of(finished_game_text)
    moves = [k for k in range(30, len(lines)) if re.match(r"[RGYB][1-4] ", lines[k])]
    a = moves[0]
    b = next(k for k in moves[1:] if lines[k][0] != lines[a][0])   # the other player's move
    lines[a], lines[b] = lines[b], lines[a]
    path = write(tmp_path, "swap.ludo", lines)
    out = cli("verify", path)
    assert out.returncode == 1
    first = PROBLEM.match(out.stdout.splitlines()[0])
    assert first and int(first.group("line")) == a + 1, out.stdout
    assert "illegal" in first.group("msg") or "not" in first.group("msg")


def test_wrong_seed_is_caught(cli, tmp_path, finished_game_text):
    lines = lines_of(finished_game_text)
    foot = json.loads(lines[-1])
    foot["seed"] = str(int(foot["seed"]) + 1)
    lines[-1] = json.dumps(foot, sort_keys=True, separators=(",", ":"))
    path = write(tmp_path, "seed.ludo", lines)
    out = cli("verify", path)
    assert out.returncode == 1
    assert "%s:%d: seed %s does not match the commitment" % (path, len(lines), foot["seed"]) in out.stdout


def test_several_files_one_line_per_problem(cli, tmp_path, record_file, finished_game_text):
    trunc = tmp_path / "cut.ludo"
    trunc.write_text(finished_game_text[:len(finished_game_text) // 2])
    binary = tmp_path / "bin.ludo"
    binary.write_bytes(bytes(range(256)) * 50)
    missing = tmp_path / "missing.ludo"
    out = cli("verify", "-q", record_file, trunc, binary, missing)
    assert out.returncode == 1
    got = out.stdout.splitlines()
    assert not any(line.startswith(str(record_file)) for line in got)
    assert any(line.startswith("%s:" % trunc) and "cut short" in line for line in got)
    assert any(line.startswith("%s:" % trunc) and "no footer" in line for line in got)
    bin_lines = [line for line in got if line.startswith(str(binary))]
    assert len(bin_lines) == 1 and bin_lines[0].startswith("%s:1: " % binary), bin_lines
    assert bin_lines[0].endswith("(a binary file?)")
    assert "%s: cannot open: No such file or directory" % missing in got
    assert "Traceback" not in out.stderr


def test_a_folder_is_checked_record_by_record_as_analyse_and_stats_take_it(cli, tmp_path, finished_game_text):
    """`ludo-host stats games` and `analyse games` take a folder; `verify games` said only
    "games: is a folder, not a record file". Now it checks each record file in it (*.ludo,
    *.txt, *.record, sorted), one line each, and an empty folder is one line on stderr."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "a.ludo").write_text(finished_game_text)
    (games / "b.ludo").write_text(finished_game_text[:len(finished_game_text) // 2])
    (games / "notes.md").write_text("not a record")
    out = cli("verify", games)
    assert out.returncode == 1
    got = out.stdout.splitlines()
    assert got[0].startswith("%s: ok (" % (games / "a.ludo"))
    assert all(line.startswith(str(games / "b.ludo") + ":") for line in got[1:]) and len(got) > 1
    assert "notes.md" not in out.stdout and out.stderr.strip() == "1 of 2 files sound"
    empty = tmp_path / "empty"
    empty.mkdir()
    out = cli("verify", empty)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.strip() == "ludo-host verify: no record files (*.ludo, *.txt, *.record) in %s" % empty


@pytest.mark.parametrize("content,expect", [
    (b"", "empty file"),
    (b"\n" * 10, "no record header: the text holds only blank lines and comments"),
    (b"[" * 200000 + b"\n", "line longer than"),
    (b'{"format":"ludo-record/1","a":' + b"[" * 1900 + b"]" * 1900 + b"}\n", "header"),
    (b"x" * 5000 + b"\n", "line longer than"),
    (b"roll 6\n" * 3, "not a ludo record header"),
    (b"\x00\x01\x02abc\n", "control character"),
], ids=["empty", "blank-lines", "huge-line", "deep-json", "long-line", "no-header", "binary"])
def test_hostile_files_get_one_clear_error(tmp_path, content, expect):
    path = tmp_path / "h.ludo"
    path.write_bytes(content)
    problems, _ = verify_file(str(path))
    assert problems and expect in problems[0][1], problems


def test_gigantic_file_is_read_in_bounded_memory(tmp_path, finished_game_text):
    # A real header, 150 000 plausible lines, then 4 GiB more (a sparse hole, no disk used):
    # `ludo-host verify` stops at the line cap, in little memory (the process's peak RSS).
    path = tmp_path / "huge.ludo"
    header = lines_of(finished_game_text)[0]
    with open(path, "w") as fh:
        fh.write(header + "\n" + "roll 6\n" * 150000)
        fh.truncate(fh.tell() + (4 << 30))
    # The child reports its own peak (VmHWM, which starts afresh at exec): a forked child's
    # ru_maxrss would also count the pages it shared with this (large) pytest process.
    probe = ("import sys\nfrom ludo_host.cli import main\n"
             "rc = main(sys.argv[1:])\n"
             "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1]\n"
             "sys.stderr.write('peak %s\\n' % hwm)\nsys.exit(rc)\n")
    proc = subprocess.run([sys.executable, "-c", probe, "verify", str(path)], env=cli_env(),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stdout == "%s:100001: more than 100000 lines: not read further\n" % path
    assert proc.stderr.startswith("peak ") and proc.stderr.count("\n") == 1, proc.stderr
    peak_kb = int(proc.stderr.split()[1])
    assert peak_kb < 150 * 1024, "peak RSS %d kB" % peak_kb


def test_sparse_gigantic_file_without_newlines(tmp_path):
    path = tmp_path / "zeros.ludo"
    with open(path, "wb") as fh:
        fh.truncate(2 << 30)               # 2 GiB of zeros, no disk used
    problems, _ = verify_file(str(path))
    assert problems == [(1, "line longer than 16384 bytes")]
