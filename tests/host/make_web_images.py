"""Regenerate docs/img/web.png and docs/img/web-phone.png: `ludo-host web`'s live page in
headless Chromium, desktop and phone width, following a game on the virtual board; and the
seat links' pictures: the table's page with a seat link and its QR code (web-host.png), a
seat page on its turn at desktop and phone width (web-seat.png, web-seat-phone.png).

    python tests/host/make_web_images.py
"""
import pathlib
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(ROOT / "host"), str(ROOT / "firmware")]

from cdp import Browser  # noqa: E402
from ludo_host.virtual import VirtualBoard  # noqa: E402
from ludo_host.web import WebService, attach_virtual_board  # noqa: E402

SEED = 21
TURNS = 27
SEAT_SEED = 11


def main():
    out_dir = ROOT / "docs" / "img"
    with tempfile.TemporaryDirectory() as tmp:
        board = VirtualBoard(data_port="pty", realtime=True, settings={"LUDO_SKIP_FIXUPS": 1})  # (as ludo-host web's)
        board.start()
        svc = WebService(tmp, board.data_port_path, status_stream=open(pathlib.Path(tmp) / "status.txt", "w"))
        attach_virtual_board(svc.live, board)
        try:
            svc.start()
            time.sleep(1)
            board.send('{"cmd":"new","players":4,"preset":"classic","seed":%d,"kinds":{"G":"medium"}}' % SEED)
            time.sleep(1)
            for _ in range(TURNS):
                board.press("roll")
                time.sleep(0.7)
                board.press("select")
                time.sleep(0.2)
                board.press("confirm")
                time.sleep(0.5)
            time.sleep(1.6)                 # (a pass's signal shows 1.3 s: presses wait for it)
            board.press("roll")
            time.sleep(1.0)
            with Browser(width=1180, height=760) as b:
                b.open(svc.url)
                time.sleep(1.5)
                b.screenshot(str(out_dir / "web.png"))
            with Browser(width=390, height=1280) as b:
                b.open(svc.url)
                time.sleep(1.5)
                b.screenshot(str(out_dir / "web-phone.png"))
            seat_pictures(board, svc, out_dir)
        finally:
            svc.stop()
            board.close()
    print("wrote docs/img/web.png, web-phone.png, web-host.png, web-seat.png and web-seat-phone.png")


def seat_pictures(board, svc, out_dir):
    """The table's page once it made a room for Yellow (Red: the computer), and Yellow's seat
    page when it has moves to choose from."""
    board.send('{"cmd":"new","players":2,"preset":"classic","seed":%d,"kinds":{"R":"medium"}}' % SEAT_SEED)
    time.sleep(1.5)
    with Browser(width=1180, height=900) as host:
        host.open(svc.host_url)
        time.sleep(1.0)
        host.eval("document.querySelector('[data-action=room]').click()")
        time.sleep(1.0)
        link = host.eval("document.querySelector('#play-seats a').href")
        host.screenshot(str(out_dir / "web-host.png"))
        with Browser(width=390, height=1100) as phone, Browser(width=1180, height=820) as desk:
            phone.open(link)
            time.sleep(1.0)
            phone.eval("document.querySelector('[data-action=join]').click()")
            time.sleep(1.0)
            for _ in range(400):            # Yellow plays until it has two tokens to choose from
                view = phone.eval("ludoLive.panel") or {}
                choices = view.get("choices")
                if choices and len(choices.get("moves") or ()) > 1:
                    break
                if choices:
                    phone.eval("document.querySelector('#play-buttons button').click()")
                snap = svc.live.view or {}
                if snap.get("kind") not in (None, "human") and snap.get("rolls") and snap.get("selected"):
                    board.press("confirm")  # (the table moves the computer's token as lit)
                time.sleep(0.5)
            desk.open(link)
            time.sleep(1.5)
            desk.screenshot(str(out_dir / "web-seat.png"))
            phone.screenshot(str(out_dir / "web-seat-phone.png"))


if __name__ == "__main__":
    main()
