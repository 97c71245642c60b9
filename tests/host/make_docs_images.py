"""Regenerate docs/img/replay.png (the HTML replay in headless Chromium),
docs/img/replay-terminal.png (the terminal replay, drawn with the virtual board's picture tool),
and docs/img/virtual-board.png and virtual-board-large.png (`ludo-host board` in tmux at
80 x 24 and 120 x 40: four computers playing, the tokens named on the larger board).

    python tests/host/make_docs_images.py [--virtual-board-only]
"""
import os
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(ROOT / "host"), str(ROOT / "firmware")]

import ludo  # noqa: E402

import games  # noqa: E402
from cdp import Browser  # noqa: E402
from ludo_host.replay.page import render_page  # noqa: E402
from ludo_host.replay.steps import Replay  # noqa: E402

SEED = 4
STEP = None   # default: the first capture after move 250


def main():
    out_dir = ROOT / "docs" / "img"
    out_dir.mkdir(parents=True, exist_ok=True)
    g = games.play(SEED, players=4, kinds={"G": "hard", "B": "medium"})
    text = str(g.record(transcript=True))
    replay = Replay(ludo.Record.parse(text))
    step = STEP or next(k for k, st in enumerate(replay.steps) if k > 250 and st["captures"])
    with tempfile.TemporaryDirectory() as tmp:
        record = os.path.join(tmp, "%s.ludo" % replay.header["game"])
        with open(record, "w") as fh:
            fh.write(text)
        page = os.path.join(tmp, "replay.html")
        with open(page, "w") as fh:
            fh.write(render_page(replay, "Ludo replay: %s.ludo" % replay.header["game"]))
        with Browser(width=1180, height=700) as b:
            b.open(pathlib.Path(page).as_uri() + "#step=%d" % step)
            b.screenshot(str(out_dir / "replay.png"))
        ansi = subprocess.run([sys.executable, "-m", "ludo_host.cli", "replay", record, "--to", str(step),
                               "--color", "always"], capture_output=True, text=True, check=True,
                              env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path[:3]))).stdout
        from ludo_host.virtual.picture import ansi_image
        ansi_image(ansi).save(str(out_dir / "replay-terminal.png"))
    print("wrote docs/img/replay.png and docs/img/replay-terminal.png (step %d)" % step)


def virtual_board_images(out_dir=ROOT / "docs" / "img"):
    """`ludo-host board` in tmux, 80 x 24 and 120 x 40: four Easy computers set up by keys,
    captured once one has lit a move after the game's first (the summary gone)."""
    import shutil
    import time
    from ludo_host.virtual.picture import ansi_image
    if shutil.which("tmux") is None:
        raise SystemExit("tmux is needed for the virtual board's pictures")
    for name, (columns, rows) in (("virtual-board.png", (80, 24)), ("virtual-board-large.png", (120, 40))):
        with tempfile.TemporaryDirectory() as home:
            socket = "ludo-docs-%d-%d" % (os.getpid(), columns)

            def tmux(*args):
                return subprocess.run(["tmux", "-L", socket] + list(args), capture_output=True, text=True,
                                      check=True).stdout
            env = "env HOME=%s TERM=xterm-256color PYTHONPATH=%s" % (home, os.pathsep.join(sys.path[:3]))
            tmux("new-session", "-d", "-x", str(columns), "-y", str(rows), "-s", "b",
                 "%s %s -m ludo_host.cli board --virtual --fresh --set LUDO_COMPUTER_PAUSE_MS=400; sleep 60"
                 % (env, sys.executable))
            try:
                time.sleep(3)
                for key in ["C-m", "C-m"] + ["s", "C-m"] * 4 + ["r"]:     # four Easy computers, start
                    tmux("send-keys", "-t", "b", key)
                    time.sleep(0.4)
                deadline = time.time() + 120
                while time.time() < deadline:
                    screen = tmux("capture-pane", "-e", "-p", "-t", "b")
                    if "This game:" not in screen and "rolled" in screen and "lit" in screen:
                        break
                    time.sleep(0.3)
                ansi_image(screen, columns=columns).save(str(out_dir / name))
            finally:
                subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
    print("wrote docs/img/virtual-board.png and docs/img/virtual-board-large.png")


if __name__ == "__main__":
    if "--virtual-board-only" not in sys.argv:
        main()
    virtual_board_images()
