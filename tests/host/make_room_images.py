"""Regenerate docs/img/web-room.png and docs/img/web-seat-left.png: the table's page with a
room of seat links (names, New link, a seat left to the computer, the 127.0.0.1 notice)
and a friend's phone after Leave (Join again), on the virtual board, in Debian's Chromium
driven by Playwright.

    python tests/host/make_room_images.py
"""
import json
import pathlib
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path[:0] = [str(HERE), str(ROOT / "host"), str(ROOT / "firmware")]

from playwright.sync_api import sync_playwright  # noqa: E402
from ludo_host.virtual import VirtualBoard  # noqa: E402
from ludo_host.web import WebService, attach_virtual_board  # noqa: E402


def main():
    out_dir = ROOT / "docs" / "img"
    with tempfile.TemporaryDirectory() as tmp:
        board = VirtualBoard(data_port="pty", realtime=True, settings={"LUDO_SKIP_FIXUPS": 1})
        board.start()
        svc = WebService(tmp, board.data_port_path, status_stream=open(pathlib.Path(tmp) / "status.txt", "w"))
        attach_virtual_board(svc.live, board)
        try:
            svc.start()
            time.sleep(1)
            board.send(json.dumps({"cmd": "new", "players": 4, "preset": "classic", "seed": 5}))
            time.sleep(1.5)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
                host = browser.new_page(viewport={"width": 1180, "height": 1000})
                host.goto(svc.host_url)
                host.wait_for_function("() => ludoLive.panel && ludoLive.panel.playing")
                host.get_by_role("button", name="Play a friend (send a link)").click()
                host.wait_for_function("() => ludoLive.panel.room")
                links = {row.get_attribute("data-seat"): row.locator("a").get_attribute("href")
                         for row in host.locator("#play-seats .seat-link").all() if row.locator("a").count()}
                friends = {}
                for seat, name in (("G", "Ben"), ("Y", "Cleo")):
                    page = friends[seat] = browser.new_page(viewport={"width": 390, "height": 900})
                    page.goto(links[seat])
                    page.wait_for_function("() => ludoLive.panel && ludoLive.panel.state === 'open'")
                    page.get_by_placeholder("Your name (optional)").fill(name)
                    page.get_by_role("button", name="Join").click()
                    page.wait_for_function("() => ludoLive.panel.state === 'remote'")
                box = host.locator("input.seat-name[data-seat=R]")
                box.fill("Anna")
                box.press("Enter")
                box.blur()
                host.wait_for_function("() => ludoLive.panel.seats[0].player === 'Anna'")
                yellow = friends["Y"]
                yellow.get_by_role("button", name="Leave").first.click()
                yes = yellow.locator("#play-confirm-yes")
                if yes.count():
                    yes.wait_for(state="visible")
                    time.sleep(0.5)
                    yes.click()
                yellow.wait_for_function("() => ludoLive.panel.join")
                time.sleep(1.0)
                host.screenshot(path=str(out_dir / "web-room.png"))
                yellow.screenshot(path=str(out_dir / "web-seat-left.png"))
                browser.close()
        finally:
            svc.stop()
            board.close()
    print("wrote docs/img/web-room.png and web-seat-left.png")


if __name__ == "__main__":
    main()
