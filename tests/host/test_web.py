"""`ludo-host web`'s server, spoken to over real HTTP and WebSockets (aiohttp's client):
tokens, the messages a browser may send, a flood and a slow reader.  The game is handed
to the page as the logger hands it (record files whose lines grow); the browser tests
(test_web_browser.py) play one on the virtual board."""
import asyncio
import json
import signal
import socket
import subprocess
import types
import urllib.error
import urllib.request

import aiohttp
import ludo
import pytest

from conftest import cli_command, cli_env, wait_until
from ludo_host.web import WebService, server
from ludo_host.web.live import LiveGame, lit_pixels

NO_BOARD = "/dev/no-ludo-board-here"


@pytest.fixture
def service(tmp_path):
    svc = WebService(str(tmp_path / "games"), NO_BOARD, status_stream=open(tmp_path / "status.txt", "w"))
    svc.start()
    yield svc
    svc.stop()


def record_lines(text):
    return [line for line in text.split("\n") if line]


def feed(live, lines, path="g1.ludo"):
    """Hand the page a record file holding `lines`, as the logger does after each write."""
    game_id = json.loads(lines[0])["game"]
    live.game_changed(types.SimpleNamespace(path=path, game_id=game_id, lines=list(lines)), game_id)


def base(svc):
    return "http://127.0.0.1:%d" % svc.web_port


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def receive_until(ws, predicate, timeout=10.0):
    """Messages from the server until one satisfies predicate; returns that one."""
    while True:
        msg = await asyncio.wait_for(ws.receive(), timeout)
        assert msg.type == aiohttp.WSMsgType.TEXT, msg
        data = json.loads(msg.data)
        if data["type"] == "beat":         # (the server's heartbeat: answered, as the page does)
            await ws.send_str(msg.data)
            continue
        if predicate(data):
            return data


def test_the_watch_link_needs_its_token(service):
    token = service.hub.watch_token
    assert len(token) >= 24 and service.url.endswith("/watch?t=" + token)

    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.get(base(service) + "/watch?t=" + token) as r:
                assert r.status == 200
                page = await r.text()
                assert "LudoDraw" in page and "Content-Security-Policy" in r.headers
                assert r.headers["Referrer-Policy"] == "no-referrer"
            for query in ("", "?t=", "?t=" + token[:-1], "?t=" + token + "x", "?t=%00"):
                async with http.get(base(service) + "/watch" + query) as r:
                    assert r.status == 403, query
                    assert token not in await r.text()
                async with http.get(base(service) + "/ws" + query) as r:
                    assert r.status == 403, query
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await http.ws_connect(base(service) + "/ws?t=nope")
            assert refused.value.status == 403
    run(go())


def test_a_watcher_gets_the_game_then_each_new_step(service, finished_game_text):
    lines = record_lines(finished_game_text)
    feed(service.live, lines[:6])

    async def go():
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(base(service) + "/ws?t=" + service.hub.watch_token)
            game = await receive_until(ws, lambda m: m["type"] == "game")
            assert [st["line"] for st in game["steps"]] == [None] + lines[1:6]
            assert game["game"]["game"] == json.loads(lines[0])["game"]
            feed(service.live, lines[:9])
            more = await receive_until(ws, lambda m: m["type"] == "steps")
            assert more["from"] == 6 and [st["line"] for st in more["steps"]] == lines[6:9]
            state = await receive_until(ws, lambda m: m["type"] == "state" and m["lines"] == 9)
            # The last action in words (happened.py), as its step says it.
            assert state["words"]["last"] == more["steps"][-1]["said"] != ""
            assert "rolled" in state["words"]["last"] or "moved" in state["words"]["last"]
            await ws.close()
    run(go())


def test_bad_messages_get_one_error_each_and_change_nothing(service, finished_game_text):
    lines = record_lines(finished_game_text)
    feed(service.live, lines[:20])
    before = service.live.snapshot()

    async def go():
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(base(service) + "/ws?t=" + service.hub.watch_token)
            await receive_until(ws, lambda m: m["type"] == "game")
            bad = ["hello", "[1,2]", '{"type":7}', '{"type":"warp"}', '{"type":"ping","id":[1]}',
                   '{"type":"roll"}', '{"type":"move","move":"R1 y-0"}', "x" * 5000]
            errors = []
            for text in bad:
                await ws.send_str(text)
                errors.append((await receive_until(ws, lambda m: m["type"] in ("error", "pong")))["error"])
            assert errors[0] == "not JSON"
            assert errors[5] == "a watch link cannot act: roll refused"
            assert errors[6] == "a watch link cannot act: move refused"
            assert errors[7] == "message of 5000 bytes: at most 1024"
            assert errors[1] == errors[2] == 'not a message: send {"type": ...}'
            assert errors[3] == "unknown message type 'warp' (a watcher sends: ping)"
            assert all(e and "\n" not in e for e in errors)
            await ws.send_bytes(b"\x00\x01")
            assert (await receive_until(ws, lambda m: m["type"] == "error"))["error"].startswith("binary")
            await ws.send_str('{"type":"ping","id":5}')
            assert (await receive_until(ws, lambda m: m["type"] != "state"))["id"] == 5
            # Over the largest frame the server reads at all: the socket is closed (1009).
            await ws.send_str("y" * (server.MAX_FRAME + 1))
            msg = await asyncio.wait_for(ws.receive(), 10)
            while msg.type == aiohttp.WSMsgType.TEXT:
                msg = await asyncio.wait_for(ws.receive(), 10)
            assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
            assert ws.close_code == 1009
    run(go())
    assert service.live.snapshot() == before and len(service.live.lines) == 20


def test_a_flood_is_cut_off_and_the_others_still_watch(service, finished_game_text):
    lines = record_lines(finished_game_text)
    feed(service.live, lines[:5])

    async def go():
        async with aiohttp.ClientSession() as http:
            url = base(service) + "/ws?t=" + service.hub.watch_token
            flood, calm = await http.ws_connect(url), await http.ws_connect(url)
            await receive_until(calm, lambda m: m["type"] == "game")
            sent = 0
            try:
                for sent in range(1, 2001):
                    await flood.send_str('{"type":"ping"}')
            except ConnectionError:         # the server closed it mid-flood
                pass
            assert sent > server.FLOOD_LIMIT
            feed(service.live, lines[:8])
            more = await receive_until(calm, lambda m: m["type"] == "steps", timeout=5)
            assert more["from"] == 5
            await calm.send_str('{"type":"ping","id":"calm"}')
            assert (await receive_until(calm, lambda m: m["type"] == "pong"))["id"] == "calm"
            answers = []
            while True:
                msg = await asyncio.wait_for(flood.receive(), 10)
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                answers.append(json.loads(msg.data))
            # Closed by the server (1008, policy), or seen as cut (1006) when the close came
            # while the flood was still being written.
            assert flood.closed and flood.close_code in (1008, 1006)
            pongs = [a for a in answers if a["type"] == "pong"]
            said = [a["error"] for a in answers if a["type"] == "error"]
            # At most a burst's worth answered, and a line a second about the rate: not one
            # answer per message (the answers wait in a short queue that keeps the newest).
            assert len(pongs) <= 2 * server.RATE_PER_S and len(said) <= 3
            assert all(e.startswith("too many messages") for e in said)
            assert len(service.hub.watchers) == 1
    run(go())


def test_a_watcher_that_reads_nothing_is_disconnected_and_holds_up_nobody(service, finished_game_text, monkeypatch):
    service.hub.limits.send_timeout_s = 1.0
    # The send timeout is what is tested here, not the heartbeat: on a loaded machine the
    # 60 games below can outlast a heartbeat's answer window of this test's own client.
    service.hub.limits.beat_every_s = service.hub.limits.beat_answer_s = 3600.0
    lines = record_lines(finished_game_text)
    feed(service.live, lines)
    token = service.hub.watch_token
    # A browser that never reads: a raw socket with a small receive buffer.
    slow = socket.socket()
    slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    slow.connect(("127.0.0.1", service.web_port))
    slow.sendall(("GET /ws?t=%s HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                  % token).encode())

    async def go():
        async with aiohttp.ClientSession() as http:
            calm = await http.ws_connect(base(service) + "/ws?t=" + token)
            await receive_until(calm, lambda m: m["type"] == "game")
            for k in range(60):              # a new game each time: the whole game to send again
                feed(service.live, lines, path="g%d.ludo" % k)
                game = await receive_until(calm, lambda m: m["type"] == "game", timeout=5)
                assert len(game["steps"]) == len(lines) - 1
            for _ in range(100):
                if len(service.hub.watchers) == 1:
                    break
                await asyncio.sleep(0.1)
            assert len(service.hub.watchers) == 1     # the slow one is gone
    try:
        run(go())
    finally:
        slow.close()


def test_live_game_follows_the_board_s_game_and_marks_take_backs():
    text = str(_game_with_an_undo().record(transcript=True))
    lines = record_lines(text)
    live = LiveGame()
    undo_at = lines.index("undo")
    feed(live, lines[:undo_at])
    taken = undo_at - 1                 # the step the undo takes back
    assert live.steps[taken]["undone"] is None
    feed(live, lines[:undo_at + 1])
    assert live.steps[taken]["undone"] == undo_at and live.steps[undo_at]["undoes"] == taken
    # Another file of another game that the board is not on: not shown.
    other = types.SimpleNamespace(path="other.ludo", game_id="ffffffff", lines=lines[:3])
    live.game_changed(other, board_game=json.loads(lines[0])["game"])
    assert live.game_key == "g1.ludo"
    # The board's new game: shown from its start.
    live.game_changed(other, board_game="ffffffff")
    assert live.game_key == "other.ludo" and len(live.steps) == 3


def test_a_strict_deadline_counts_from_the_turn_s_start():
    now = [1000.0]
    live = LiveGame(clock=lambda: now[0])
    g = ludo.Game("strict", players=2, seed=4, options={"deadline": 60})
    lines = record_lines(str(g.record()))
    feed(live, lines)
    assert live.state()["deadline"] == {"seat": "R", "seconds": 60, "ends_at": 1060.0}
    g.roll()
    now[0] = 1010.0
    feed(live, record_lines(str(g.record())))
    seat = ludo.SEAT_LETTERS[g.turn]
    expected_start = 1000.0 if seat == "R" else 1010.0
    assert live.state()["deadline"] == {"seat": seat, "seconds": 60, "ends_at": expected_start + 60}
    classic = LiveGame()
    feed(classic, record_lines(str(ludo.Game("classic", players=2, seed=4).record())))
    assert classic.state()["deadline"] is None


def test_a_board_s_status_gives_the_deadline_signal_menu_and_lights_while_it_is_of_the_last_line():
    now = [1000.0]
    live = LiveGame(clock=lambda: now[0], pixel_map=["t0", "t1", "d1"])
    g = ludo.Game("strict", players=2, seed=4, options={"deadline": 60})
    lines = record_lines(str(g.record()))
    feed(live, lines)
    game_id = json.loads(lines[0])["game"]
    status = {"re": "status", "state": "playing", "game": game_id, "seq": 0, "turn": "R", "remote": "",
              "menu": None, "signal": None, "deadline_ms": 42000, "lights": "000000ff000000000a"}
    live.board_status(status)
    # The board's own clock (the PC came mid-turn), not 60 s from the line's arrival.
    assert live.state()["deadline"] == {"seat": "R", "seconds": 60, "ends_at": 1042.0}
    assert live.state()["lights"] == lit_pixels(bytes.fromhex(status["lights"]), ["t0", "t1", "d1"])
    assert [p for p, _ in live.state()["lights"]] == ["t1", "d1"]
    live.board_status(dict(status, signal="refused", deadline_ms=None))     # (a clock that does not run)
    assert live.state()["deadline"] is None
    assert live.state()["words"]["buttons"].startswith("That press means nothing now.")
    # A newer line than the status: the record's view until the next status.
    g.roll()
    now[0] = 1010.0
    feed(live, record_lines(str(g.record())))
    seat = ludo.SEAT_LETTERS[g.turn]
    assert live.state()["deadline"]["ends_at"] == (1000.0 if seat == "R" else 1010.0) + 60
    assert not live.state()["words"]["buttons"].startswith("That press")
    # The set-up menu, in the virtual board's words.
    live.board_status(dict(status, state="menu", game=None, seq=None, deadline_ms=None,
                           menu={"page": 4, "item": "three_sixes", "value": "forfeit"}))
    assert live.state()["words"]["said"] == "Set-up menu, page 4, options: Three sixes in a row: the third 6 is lost, the turn ends."


def _game_with_an_undo():
    """A game whose last action takes back a move."""
    g = ludo.Game("classic", players=2, seed=9)
    while True:
        if g.needs_roll():
            g.roll()
            continue
        move = next(iter(g.legal_moves))
        g.push(move)
        if not move.is_pass and len(g.codes) > 6:
            g.pop()
            return g


def test_the_command_serves_a_virtual_board_and_stops_on_ctrl_c(tmp_path):
    out = tmp_path / "out.txt"
    with open(out, "w") as fh:
        proc = subprocess.Popen(cli_command("web", "--virtual", "--web-port", "0", "--dir", "games",
                                            "--nvm", tmp_path / "nvm.bin"),
                                cwd=tmp_path, env=cli_env(), stdin=subprocess.DEVNULL, stdout=fh,
                                stderr=subprocess.STDOUT)
    try:
        assert wait_until(lambda: "watch link: http" in out.read_text(), 30), out.read_text()
        url = out.read_text().split("watch link: ")[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url, timeout=10) as r:
            assert r.status == 200 and b"LudoDraw" in r.read()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url.split("?")[0], timeout=10)
        assert refused.value.code == 403
        # The logger logs the virtual board: the records' folder is the one asked for (the
        # virtual board works in a folder of its own).
        assert wait_until(lambda: "connected" in out.read_text(), 20), out.read_text()
        assert (tmp_path / "games").is_dir()
        # One virtual board per save, as for `ludo-host board`.
        second = subprocess.run(cli_command("web", "--virtual", "--web-port", "0", "--dir", "games",
                                            "--nvm", tmp_path / "nvm.bin"),
                                cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=60)
        assert second.returncode == 2 and second.stderr == (
            "ludo-host web: another virtual board (pid %d) is running on the save %s: quit that one first, "
            "or give this one a save of its own with --nvm FILE\n" % (proc.pid, tmp_path / "nvm.bin"))
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = out.read_text()
    assert "Traceback" not in text and "records go to %s" % (tmp_path / "games") in text


def test_the_command_refuses_bad_arguments_in_one_line(cli, tmp_path):
    out = cli("web", "--port", "/dev/no-such-board", "--dir", tmp_path / "g")
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert out.stderr.startswith("ludo-host web: no such device: /dev/no-such-board")
    out = cli("web", "--web-port", "70000", "--dir", tmp_path / "g")
    assert out.returncode == 2 and out.stderr == "ludo-host web: --web-port 70000: a TCP port is 0 to 65535\n"


def test_this_pc_only_unless_lan(tmp_path):
    from ludo_host.web import _lan_address
    lan = _lan_address()
    if lan.startswith("127.") or not lan[0].isdigit():
        pytest.skip("this machine has no address on a network")

    def reachable(host, port):
        try:
            socket.create_connection((host, port), timeout=2).close()
            return True
        except OSError:
            return False
    local = WebService(str(tmp_path), NO_BOARD, status_stream=open(tmp_path / "a.txt", "w")).start()
    lan_wide = WebService(str(tmp_path), NO_BOARD, host="0.0.0.0",
                          status_stream=open(tmp_path / "b.txt", "w")).start()
    try:
        assert reachable("127.0.0.1", local.web_port) and not reachable(lan, local.web_port)
        assert reachable(lan, lan_wide.web_port) and lan_wide.url.startswith("http://%s:" % lan)
    finally:
        local.stop()
        lan_wide.stop()
