"""`ludo-host web` on a board on a serial link: the real firmware's virtual board on a pty,
NOT shown in-process (no attach_virtual_board), so the page knows only what the board's
`status` replies say: the lit pixels (asked while a page is open), the set-up menu's page
and value, the signal and a strict deadline's time left."""
import asyncio
import json
import time

import aiohttp
import pytest

from cdp import Browser
from conftest import need_chromium, wait_until
from ludo_host.virtual import VirtualBoard
from ludo_host.virtual.snapshot import snapshot_of
from ludo_host.web import WebService
from ludo_host.web.live import lit_pixels
from ludo_host.words import status_words


@pytest.fixture
def usb_table(tmp_path):
    """The virtual board (real firmware, real clock) on a pty, and the web service logging
    its data channel as it would a board on USB; status replies are counted."""
    games = tmp_path / "games"
    games.mkdir()
    board = VirtualBoard(data_port="pty", realtime=True, settings={"LUDO_SKIP_FIXUPS": 1})
    board.start()
    svc = WebService(str(games), board.data_port_path, status_every_s=1.0,
                     status_stream=open(tmp_path / "status.txt", "w"))
    replies = []
    take = svc.logger.on_status

    def counted(msg):
        replies.append((time.monotonic(), "lights" in msg))
        take(msg)
    svc.logger.on_status = counted
    try:
        svc.start()
        assert wait_until(lambda: svc.logger.answered, 30)
        yield board, svc, games, replies
    finally:
        svc.stop()
        board.close()


def board_words(board):
    """What the virtual board's own status line says now (the terminal's first line)."""
    return status_words(snapshot_of(board.app))[0]


def board_lights(board):
    return lit_pixels(bytes(board.app.frame), board.pixel_map)


def test_a_board_on_usb_gives_the_page_its_lights_menu_words_and_deadline(usb_table):
    board, svc, games, replies = usb_table
    live = svc.live
    # No page open: plain statuses only, and no lights.
    assert wait_until(lambda: len(replies) >= 2, 10)
    assert not any(lit for _, lit in replies) and live.lights is None

    async def watch():
        url = "http://127.0.0.1:%d/ws?t=%s" % (svc.web_port, svc.hub.watch_token)
        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(url) as ws:
                opened = time.monotonic()
                reader = asyncio.ensure_future(answer_beats(ws))
                await asyncio.to_thread(check_while_watched, board, svc, replies, opened)
                await ws.close()
                reader.cancel()

    asyncio.run(asyncio.wait_for(watch(), 90))
    # The page closed: the logger asks plainly again, at its own pace.
    closed = time.monotonic()
    assert wait_until(lambda: sum(1 for t, _ in replies if t > closed + 0.3) >= 2, 10)
    assert not any(lit for t, lit in replies if t > closed + 0.3)
    # The record is logged as ever: the strict game's start and its roll.
    files = sorted(games.glob("*.ludo"))
    assert files and json.loads(files[-1].read_text().split("\n")[0])["preset"] == "strict"


async def answer_beats(ws):
    """Read the page's messages, answering the server's heartbeat as the page does."""
    async for msg in ws:
        if msg.type == aiohttp.WSMsgType.TEXT and json.loads(msg.data)["type"] == "beat":
            await ws.send_str(msg.data)


def check_while_watched(board, svc, replies, opened):
    live = svc.live
    # Lights asked about every half second while the page is open.
    assert wait_until(lambda: sum(1 for t, lit in replies if t > opened and lit) >= 3, 10)
    asked = [t for t, lit in replies if t > opened and lit]
    assert asked[-1] - asked[0] < 0.75 * len(asked), asked
    # The set-up menu (a fresh board): its page and value, in the board's own words.
    said = lambda: live.state()["words"]["said"]
    assert wait_until(lambda: said().startswith("Set-up menu, page 1, preset: "), 20), said()
    assert wait_until(lambda: said() == board_words(board), 5), (said(), board_words(board))
    before = said()
    board.press("select")                       # the next preset
    assert wait_until(lambda: said() != before and said() == board_words(board), 5), (said(), board_words(board))
    # The lit pixels are the board's frame, on its places.
    assert wait_until(lambda: live.lights and live.lights == board_lights(board), 5), live.lights
    # A strict game: the seat on turn's deadline, as the board counts it.
    strict = {"cmd": "new", "preset": "strict", "players": 2, "options": {"deadline": 60}}
    assert svc.logger.request(strict)["re"] == "ok"
    assert wait_until(lambda: said() == "Red's turn: roll.", 10), said()
    assert wait_until(lambda: live.state()["deadline"] is not None, 5)
    deadline = live.state()["deadline"]
    board_left = snapshot_of(board.app)["deadline_ms"] / 1000.0
    assert deadline["seat"] == "R" and deadline["seconds"] == 60
    assert abs((deadline["ends_at"] - time.time()) - board_left) < 1.5, (deadline, time.time(), board_left)
    # After the roll the board's clock goes on for Red (or Yellow's starts): still the board's.
    board.press("roll")
    assert wait_until(lambda: live.state()["lines"] >= 2 and live.state()["deadline"] is not None
                      and abs(live.state()["deadline"]["ends_at"] - time.time()
                              - (snapshot_of(board.app)["deadline_ms"] or 0) / 1000.0) < 1.5, 10)
    assert wait_until(lambda: live.lights == board_lights(board), 5)


def test_the_page_of_a_board_on_usb_shows_its_rings_and_menu_words(usb_table):
    need_chromium()
    board, svc, games, replies = usb_table
    with Browser(width=1180, height=820) as page:
        page.open(svc.url)
        said = lambda: page.eval("document.getElementById('next').textContent")
        assert wait_until(lambda: said().startswith("Set-up menu, page 1, preset: "), 20), said()
        board.press("select")
        assert wait_until(lambda: said() == board_words(board), 10), (said(), board_words(board))
        # A game (the rings are drawn on the board's picture): its lit pixels as rings.
        assert svc.logger.request({"cmd": "new", "preset": "classic", "players": 2})["re"] == "ok"
        assert wait_until(lambda: said() == "Red's turn: roll.", 10), said()
        rings = lambda: page.eval("Array.from(document.querySelectorAll('#lights .light'))"
                                  ".map(function (e) { return e.dataset.place; })")
        # (the die's pixels are not drawn as rings: the page has its own die)
        expected = lambda: sorted(place for place, _ in board_lights(board) if place[0] != "d")
        assert wait_until(lambda: rings() and sorted(rings()) == expected(), 10), (rings(), expected())
