"""bench/core_speed.py runs: its loop plays whole games, and it prints its figures (or how
to get LUDOpy, which the test set-up does not install)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench"))

import core_speed  # noqa: E402


def test_the_loop_plays_whole_seeded_games_and_counts_their_actions():
    loop = core_speed.LudoLoop()
    loop.run(0.05)
    loop.run(0.05)                  # a second round goes on with the next seeds
    assert loop.games >= 2 and loop.time > 0.09
    assert 200 < loop.actions / loop.games < 3000


def test_the_bench_prints_its_figures():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "core_speed.py"), "--seconds", "0.3"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("ludo   (classic, 4 players, random legal play):")
    assert lines[1].startswith("LUDOpy not installed") or lines[2].startswith("ratio: ")
