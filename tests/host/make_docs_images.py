"""Regenerate docs/img/replay.png (the HTML replay in headless Chromium) and
docs/img/replay-terminal.png (the terminal replay, drawn with the virtual board's picture tool).

    python tests/host/make_docs_images.py
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


if __name__ == "__main__":
    main()
