"""Regenerate the pictures and figures of docs/analysis.md and docs/host.md that come from
the win-chance model (ludo.winchance): run again whenever its weights change.

    python tests/host/make_analysis_images.py [--replay-only]

- docs/img/analysis-example.png and the summary printed: `ludo-host analyse` of
  docs/examples/analysis-game.ludo (a game of a random mover, Easy, Medium and Hard);
- docs/img/replay-analysis.png: its HTML replay in headless Chromium, at the worst
  move of the game's last fifth;
- docs/img/stats-skill.png and the totals printed: 24 classic games of the four
  players, their seats rotated, each seat named by its player (`ludo-host analyse DIR`
  and `ludo-host stats DIR --skill --png`).
"""
import os
import pathlib
import random
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(ROOT / "host"), str(ROOT / "firmware"), str(ROOT / "bench")]

import ludo  # noqa: E402

from cdp import Browser  # noqa: E402
from train_winchance import computer  # noqa: E402

EXAMPLE = ROOT / "docs" / "examples" / "analysis-game.ludo"
IMG = ROOT / "docs" / "img"
PLAYERS = ("random", "easy", "medium", "hard")
GAMES = 24


def host(*args):
    """`ludo-host ARGS`' output (printed too, but for --json's)."""
    out = subprocess.run([sys.executable, "-m", "ludo_host.cli"] + [str(a) for a in args],
                         capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path[:3]))).stdout
    if "--json" not in args:
        print("$ ludo-host " + " ".join(str(a) for a in args))
        print(out)
    return out


def play(i):
    """Game i of the four players, seats rotated by i, named by their players."""
    rng = random.Random(1000 + i)
    g = ludo.Game("classic", players=4, seed=rng.getrandbits(40), start="2026-12-05T10:%02d:00Z" % i)
    kinds = {seat: PLAYERS[(k + i) % 4] for k, seat in enumerate("RGYB")}
    who = {}
    for k, seat in enumerate("RGYB"):
        if kinds[seat] != "random":
            g.set_kind(k, kinds[seat])
        who[k] = computer(kinds[seat], rng.getrandbits(20))
    while g.outcome() is None:
        if g.needs_roll():
            g.roll()
        else:
            g.push(who[g.turn].choose(g))
    return g.record(transcript=True, names=kinds)


def replay_picture():
    import json
    actions = json.loads(host("analyse", EXAMPLE, "--json"))["games"][0]["actions"]
    late = len(actions) * 4 // 5
    step = 1 + max(range(late, len(actions)), key=lambda k: actions[k].get("error") or 0)
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "replay.html")
        host("replay", EXAMPLE, "--html", page)
        with Browser(width=1180, height=900) as b:
            b.open(pathlib.Path(page).as_uri() + "#step=%d" % step)
            b.screenshot(str(IMG / "replay-analysis.png"))
    print("wrote docs/img/replay-analysis.png (step %d)" % step)


def main(only_replay=False):
    if only_replay:
        return replay_picture()
    host("analyse", EXAMPLE, "--png", IMG / "analysis-example.png")
    replay_picture()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(GAMES):
            rec = play(i)
            with open(os.path.join(tmp, "game-%02d.ludo" % i), "w") as fh:
                fh.write(str(rec))
        host("analyse", tmp)
        host("stats", tmp, "--skill", "--png", os.path.join(tmp, "stats.png"))
        os.replace(os.path.join(tmp, "stats-skill.png"), IMG / "stats-skill.png")
    print("wrote docs/img/analysis-example.png, replay-analysis.png, stats-skill.png")


if __name__ == "__main__":
    main(only_replay="--replay-only" in sys.argv)
