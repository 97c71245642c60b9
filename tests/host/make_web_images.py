"""Regenerate docs/img/web.png and docs/img/web-phone.png: `ludo-host web`'s live page in
headless Chromium, desktop and phone width, following a game on the virtual board; and the
seat links' pictures (Playwright, a phone by touch): the table's page with a seat link and
its QR code (web-host.png), a seat page on its turn at desktop and phone width
(web-seat.png, web-seat-phone.png), a token picked on the board (web-seat-pick.png),
Resign asking once more (web-seat-resign.png), the table's page counting down while a
friend is away (web-host-away.png), a stack of three tokens (web-stack.png).

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
    print("wrote docs/img/web.png, web-phone.png, web-host.png, web-seat.png, web-seat-phone.png, "
          "web-seat-pick.png, web-seat-resign.png, web-host-away.png and web-stack.png")


PHONE = {"viewport": {"width": 390, "height": 1100}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1, "bypass_csp": True}


def seat_pictures(board, svc, out_dir):
    """The table's page once it made a room for Yellow (Red: the computer), Yellow's seat page
    (a phone, by touch) when it has two tokens to choose from: a token picked on the board,
    Resign asking once more; the table's page counting down while Yellow is away."""
    from playwright.sync_api import sync_playwright
    board.send('{"cmd":"new","players":2,"preset":"classic","seed":%d,"kinds":{"R":"medium"}}' % SEAT_SEED)
    time.sleep(1.5)
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        host = chromium.new_page(viewport={"width": 1180, "height": 900}, bypass_csp=True)
        host.goto(svc.host_url)
        time.sleep(1.0)
        host.click("[data-action=room]")
        time.sleep(1.0)
        link = host.eval_on_selector("#play-seats a", "a => a.href")
        host.screenshot(path=str(out_dir / "web-host.png"))
        phone_context = chromium.new_context(**PHONE)
        phone = phone_context.new_page()
        phone.goto(link)
        time.sleep(1.0)
        phone.tap("[data-action=join]")
        time.sleep(1.0)
        for _ in range(400):            # Yellow plays until it has two tokens to choose from
            choices = (phone.evaluate("ludoLive.panel") or {}).get("choices")
            if choices and len({m["token"] for m in choices.get("moves") or ()}) > 1:
                break
            if choices:
                phone.tap("#play-buttons button")
            snap = svc.live.view or {}
            if snap.get("kind") not in (None, "human") and snap.get("rolls") and snap.get("selected"):
                board.press("confirm")  # (the table moves the computer's token as lit)
            time.sleep(0.5)
        time.sleep(0.5)
        desk = chromium.new_page(viewport={"width": 1180, "height": 820}, bypass_csp=True)
        desk.goto(link)
        time.sleep(1.5)
        desk.screenshot(path=str(out_dir / "web-seat.png"))
        desk.close()
        phone.screenshot(path=str(out_dir / "web-seat-phone.png"))
        first = phone.evaluate("ludoLive.panel.choices.moves[0]")
        x, y = phone.evaluate("""place => {
            var c = ludoLive.draw.centre(place), m = document.getElementById('board').getScreenCTM();
            return [m.a * c[0] + m.e, m.d * c[1] + m.f]; }""", first["from_place"])
        phone.touchscreen.tap(x, y)     # a token picked on the board: its places light
        time.sleep(0.4)
        phone.screenshot(path=str(out_dir / "web-seat-pick.png"), clip={"x": 0, "y": 0, "width": 390, "height": 560})
        phone.tap("#play-quit [data-action=resign]")
        time.sleep(0.4)
        phone.screenshot(path=str(out_dir / "web-seat-resign.png"), clip={"x": 0, "y": 300, "width": 390, "height": 800})
        phone.tap("#play-confirm-no")
        phone_context.close()           # Yellow's phone is gone: the table's page counts down
        time.sleep(3.5)
        host.screenshot(path=str(out_dir / "web-host-away.png"), clip={"x": 620, "y": 0, "width": 560, "height": 480})
        stack_picture(chromium, out_dir)
        chromium.close()


def stack_picture(chromium, out_dir):
    """A stack of three tokens on one square, on the HTML replay at phone width (the live
    page draws it the same way)."""
    import ludo
    from ludo_host.replay.page import render_page
    from ludo_host.replay.steps import Replay
    from test_stack_browser import stack_of_three_on_the_edge
    text, step, place = stack_of_three_on_the_edge()
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "stack.html"
        path.write_text(render_page(Replay(ludo.Record.parse(text)), "stack"), encoding="utf-8")
        page = chromium.new_page(viewport={"width": 390, "height": 700}, device_scale_factor=2)
        page.goto(path.as_uri() + "#step=%d" % step)
        time.sleep(0.5)
        page.screenshot(path=str(out_dir / "web-stack.png"), clip={"x": 0, "y": 0, "width": 390, "height": 380})
        page.close()


if __name__ == "__main__":
    main()
