"""bench/board_passes.py: a line per loop pass of the part, under the real MicroPython."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_beginning_pass_by_pass():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "board_passes.py"), "--part", "begin"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    rows = [line for line in lines if line.startswith("  pass ")]
    assert len(rows) == 20
    sums = [int(row.split(":")[2].split()[0]) for row in rows]
    assert all(s > 40000 for s in sums)         # the app's code is held in every pass
    assert any("ludoboard.newgame" in row for row in rows)     # the new game's job is loaded
    assert lines[-1] == "largest sum: %d bytes" % max(sums)


def test_what_is_held_and_its_names():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "board_passes.py"), "--part", "held"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = [line for line in out.stdout.splitlines() if " holds " in line]
    assert len(rows) == 4
    figures = []
    for row in rows:
        nums = [int(w.strip("():,")) for w in row.split("holds")[1].split() if w.strip("():,").isdigit()]
        held, names, count, game, rest = nums
        assert held == names + game + rest
        assert names > count * 8                 # a pool entry and the text of each name
        figures.append((held, names, game))
    menu, people, hard, expert = figures
    assert menu[2] == 0 and people[2] > 0       # the set-up menu has no game
    assert hard[0] > people[0] and hard[1] > people[1]   # the computer players' code and names
    assert expert[0] > people[0] and expert[1] > people[1]
