"""`ludo-host web` under hostile or careless visitors (issue 25), over real sockets: a
refused action is one error line whichever copy of the rules core refused it; watchers
cannot lock the players out; idle, slow and flooding connections are closed or served
last; odd requests give no traceback; a WebSocket from another origin is refused."""
import asyncio
import socket
import struct
import time

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


NO_BOARD = "/dev/no-ludo-board-here"


@pytest.fixture
def quick_service(tmp_path):
    """The web service with no board, its heartbeat every 0.3 s to be answered within 1 s
    (the real mechanism, on a short clock)."""
    import inspect
    limits = {}
    if "limits" in inspect.signature(WebService).parameters:     # (not before issue 25's heartbeat)
        from ludo_host.web.admission import Limits
        limits["limits"] = Limits(beat_every_s=0.3, beat_answer_s=1.0)
    svc = WebService(str(tmp_path / "games"), NO_BOARD, status_stream=open(tmp_path / "status.txt", "w"), **limits)
    svc.start()
    yield svc
    svc.stop()


def handshake(token_, origin=None, host="x"):
    return ("GET /ws?t=%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s\r\n"
            % (token_, host, "Origin: %s\r\n" % origin if origin else "")).encode()


def masked_text(text):
    data = text.encode()
    return struct.pack("!BB", 0x81, 0x80 | len(data)) + b"\0\0\0\0" + data


def test_a_page_that_never_reads_is_dropped_by_the_heartbeat_and_one_that_answers_stays(quick_service):
    svc = quick_service
    # A page that sends (a ping every 0.2 s, as a page's own keep-alive would) and never reads.
    deaf = socket.socket()
    deaf.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    deaf.connect(("127.0.0.1", svc.web_port))
    deaf.sendall(handshake(svc.hub.watch_token))

    async def go():
        async with aiohttp.ClientSession() as http:
            page = await Page.open(http, svc, svc.hub.watch_token)       # (answers each beat)
            assert await soon(lambda: len(svc.hub.watchers) == 2)
            began = time.monotonic()
            while time.monotonic() - began < 8.0 and len(svc.hub.watchers) == 2:
                try:
                    deaf.sendall(masked_text('{"type":"ping"}'))
                except OSError:
                    break
                await asyncio.sleep(0.2)
            assert len(svc.hub.watchers) == 1, "the deaf page is still served"
            assert time.monotonic() - began < 5.0          # (a beat's 0.3 s, its answer's 1 s, and a busy machine)
            # The page that answers is still there, several beats later.
            await asyncio.sleep(1.5)
            assert len(svc.hub.watchers) == 1 and not page.ws.closed
            await page.close()
    try:
        run(go())
    finally:
        deaf.close()


def test_a_websocket_from_a_page_of_another_site_is_refused(quick_service):
    svc = quick_service
    own = "http://127.0.0.1:%d" % svc.web_port

    async def go():
        async with aiohttp.ClientSession() as http:
            url = own + "/ws?t=" + svc.hub.watch_token
            for origin in ("http://evil.example", "http://127.0.0.1.evil.example:%d" % svc.web_port, "null"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await http.ws_connect(url, headers={"Origin": origin})
                assert refused.value.status == 403, origin
            # The page's own origin, and no Origin at all (not a browser's page): served.
            for headers in ({"Origin": own}, {}):
                ws = await http.ws_connect(url, headers=headers)
                assert (await ws.receive()).type == aiohttp.WSMsgType.TEXT
                await ws.close()
        # Under another name (a name pointed at this PC): its own origin, so only the token
        # keeps a stranger out, as it does everywhere.
        assert raw_request(svc.web_port, handshake("nope", "http://evil.example", "evil.example")).startswith(
            b"HTTP/1.1 403")
        assert raw_request(svc.web_port, handshake(svc.hub.watch_token, "http://evil.example", "evil.example")
                           ).startswith(b"HTTP/1.1 101")
    run(go())


def raw_request(port, data):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    try:
        s.sendall(data)
        return s.recv(4096)
    finally:
        s.close()


def test_the_45_s_rule_holds_before_the_first_roll_on_the_real_firmware(virtual_table):
    board, svc = virtual_table
    clock = svc.seating.clock
    assert svc.logger.request({"cmd": "new", "preset": "classic", "players": 2})["re"] == "ok"
    assert wait_until(lambda: svc.live.turn() == "R", 20)
    other = list(svc.live.seats()[1])[1]

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, other)
            seat = await Page.open(http, svc, token(links[other]))
            assert await seat.ask({"type": "join"}) == {"type": "done", "action": "join"}
            await seat.close()                        # gone before anyone rolled
            assert await soon(lambda: svc.seating.room.seats[other].away_since is not None)
            clock.now += 55
            assert await soon(lambda: (svc.live.seats()[1] or {}).get(other) == "medium", 15), svc.live.seats()
            assert len(svc.live.lines) >= 2 and svc.live.lines[-1] == "kind %s medium" % other
            await host.close()
    run(go())


def test_pages_kept_alive_by_a_watcher_never_take_the_last_connections(tmp_path):
    """A visitor with the watch link holds many kept-alive connections, each having loaded
    the page: once the connections are at their cap, the oldest idle one is closed for a
    newcomer, who gets in."""
    from ludo_host.web.admission import Limits
    svc = WebService(str(tmp_path / "games"), NO_BOARD, status_stream=open(tmp_path / "status.txt", "w"),
                     limits=Limits(max_connections=20, request_timeout_s=30.0, idle_s=30.0))
    svc.start()
    held = []
    try:
        for _ in range(30):
            s = socket.create_connection(("127.0.0.1", svc.web_port), timeout=5)
            s.sendall(("GET /watch?t=%s HTTP/1.1\r\nHost: x\r\n\r\n" % svc.hub.watch_token).encode())
            assert s.recv(64).startswith(b"HTTP/1.1 200")
            held.append(s)

        async def newcomer():
            async with aiohttp.ClientSession() as http:
                page = await Page.open(http, svc, svc.hub.host_token)
                await page.until(lambda m: m["type"] == "room")
                await page.close()
        run(newcomer())
        assert svc.hub.guard.closed_over >= 10
    finally:
        for s in held:
            s.close()
        svc.stop()
