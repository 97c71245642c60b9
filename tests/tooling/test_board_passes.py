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
    assert any("ludoboard.savewrite" in row for row in rows)   # the new game's save is written
    assert lines[-1] == "largest sum: %d bytes" % max(sums)
