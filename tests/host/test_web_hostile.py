"""`ludo-host web` under hostile or careless visitors (issue 25), over real sockets: a
refused action is one error line whichever copy of the rules core refused it; watchers
cannot lock the players out; idle, slow and flooding connections are closed or served
last; odd requests give no traceback; a WebSocket from another origin is refused."""
import asyncio
import json

import aiohttp
import pytest

from conftest import Clock, wait_until
from test_web_seats import Page, make_room, run, soon, token
from ludo_host.virtual import VirtualBoard
from ludo_host.web import WebService, attach_virtual_board


@pytest.fixture(params=["in-process", "usb"])
def virtual_table(request, tmp_path):
    """The virtual board (the real firmware, which re-imports the rules core's modules when
    it boots) and the web service: shown in-process as `ludo-host web` runs it, or only
    through its data channel on a pty, as a board on USB."""
    games = tmp_path / "games"
    games.mkdir()
    board = VirtualBoard(data_port="pty", realtime=True, settings={"LUDO_SKIP_FIXUPS": 1})
    board.start()
    svc = WebService(str(games), board.data_port_path, status_stream=open(tmp_path / "status.txt", "w"),
                     clock=Clock())
    if request.param == "in-process":
        attach_virtual_board(svc.live, board)
    try:
        svc.start()
        assert wait_until(lambda: svc.logger.answered, 30)
        yield board, svc
    finally:
        svc.stop()
        board.close()


@pytest.mark.parametrize("preset,players", [("family", 2), ("classic", 4)])
def test_a_refused_resign_is_one_error_and_the_seat_page_goes_on(virtual_table, preset, players):
    board, svc = virtual_table
    assert svc.logger.request({"cmd": "new", "preset": preset, "players": players})["re"] == "ok"
    assert wait_until(lambda: svc.live.turn() == "R", 20)
    board.press("roll")
    assert wait_until(lambda: len(svc.live.lines) >= 2, 10)

    other = list(svc.live.seats()[1])[1]

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, other)
            seat = await Page.open(http, svc, token(links[other]))
            assert await seat.ask({"type": "join"}) == {"type": "done", "action": "join"}
            view = await seat.view("seat", lambda v: v["state"] == "remote")
            assert view["resign"] is False
            answer = await seat.ask({"type": "resign"})
            assert answer == {"type": "error", "error": "this game does not let %s resign now" % other}
            # The page is still served: its ping answered, its view sent after a change.
            await seat.ws.send_str('{"type":"ping","id":"after"}')
            await seat.until(lambda m: m["type"] == "pong" and m["id"] == "after")
            assert not seat.ws.closed
            seen = len(seat.got)
            board.press("roll" if svc.live.turn() == "R" else "confirm")
            assert await soon(lambda: len(seat.got) > seen, 10)
            for page in (seat, host):
                await page.close()
    run(go())
