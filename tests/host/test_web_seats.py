"""Seat links on `ludo-host web`'s server, against the fake board (tests/host/fakeboard.py: the
rules core behind the serial protocol's `seat` and `act`, on a real pty read by the real
logger), spoken to over real HTTP and WebSockets: the logger's request and answer, the
table making the room, a seat joining and playing, what is refused, the 45 s rule and the
room's lifetime on a clock the test sets.  The browser tests (test_web_seats_browser.py)
play on the virtual board."""
import asyncio
import json
import threading

import aiohttp
import pytest

from conftest import Clock, wait_until
from fakeboard import FakeBoard
from ludo_host.logger import Logger
from ludo_host.web import WebService
from ludo_host.web.room import AWAY_S, EMPTY_S, LIFETIME_S
from ludo_host.web.seats import qr_path


def record(games):
    files = sorted(games.glob("*.ludo"))
    assert len(files) == 1, files
    return files[0].read_text().split("\n")[:-1]


@pytest.fixture
def board(tmp_path):
    b = FakeBoard(tmp_path / "board-port", seed=5)
    b.plug()
    yield b
    b.close()


@pytest.fixture
def logged(tmp_path, board):
    """The logger on the fake board, in a thread (as `ludo-host web` runs it)."""
    games = tmp_path / "games"
    games.mkdir()
    logger = Logger(str(games), port=board.link, status_every_s=1.0, set_time=False,
                    status=_quiet(tmp_path))
    t = threading.Thread(target=logger.run, daemon=True)
    t.start()
    assert wait_until(lambda: logger.answered, 15)
    yield logger, games
    logger.stop()
    t.join(10)


def _quiet(tmp_path):
    from ludo_host.logger.status import StatusLine
    return StatusLine(open(tmp_path / "status.txt", "w"))


def test_the_logger_sends_a_command_and_returns_the_boards_answer_while_it_logs(board, logged):
    logger, games = logged
    board.new_game("classic", players=2)
    assert wait_until(lambda: len(list(games.glob("*.ludo"))) == 1, 10)
    assert logger.request({"cmd": "seat", "seat": "Y", "kind": "remote"}) == {"cmd": "seat", "re": "ok"}
    assert board.remote == {"Y"}
    refused = logger.request({"cmd": "act", "seat": "Y", "action": "roll"})
    assert refused == {"error": "not Y's turn (it is R's)", "re": "act"}
    assert logger.request({"cmd": "act", "seat": "R", "action": "roll"}) == {"cmd": "act", "re": "ok"}
    # The roll's event came before the ok: the record file has it when the answer is back.
    assert record(games)[1].startswith("roll ")
    # Several threads at once: each gets its own answer.
    answers = {}

    def ask(n):
        answers[n] = logger.request({"cmd": "seat", "seat": "Y", "kind": "remote"})

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert list(answers.values()) == [{"cmd": "seat", "re": "ok"}] * 5


def test_a_command_without_an_answer_or_a_link_gets_one_line(board, logged):
    logger, games = logged
    board.new_game("classic", players=2)
    swallowed = board._command
    board._command = lambda raw: None              # a board that reads and never answers
    answer = logger.request({"cmd": "act", "seat": "R", "action": "roll"}, timeout=0.5)
    assert answer == {"error": "the board did not answer act within 0.5 s"}
    # A board without the command says so with "re": null, naming it: that is its answer.
    board._command = lambda raw: board._reply({"error": 'unknown command "act" (one of status, record)', "re": None})
    assert logger.request({"cmd": "act", "seat": "R", "action": "roll"}, timeout=5) == {
        "error": 'unknown command "act" (one of status, record)', "re": None}
    board._command = swallowed
    board.unplug()
    assert wait_until(lambda: logger.ser is None, 10)
    assert logger.request({"cmd": "act", "seat": "R", "action": "roll"}, timeout=3) == {
        "error": "not connected to the board"}


# -- the web service ------------------------------------------------------------------

@pytest.fixture
def service(tmp_path, board):
    games = tmp_path / "games"
    games.mkdir()
    clock = Clock()
    svc = WebService(str(games), board.link, status_stream=open(tmp_path / "web.txt", "w"), clock=clock)
    svc.start()
    assert wait_until(lambda: svc.logger.answered, 15)
    yield svc, clock, games
    svc.stop()


class Page:
    """One page's WebSocket: every message it got, and waits on them."""

    def __init__(self, ws):
        self.ws = ws
        self.got = []
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, http, svc, token):
        return cls(await http.ws_connect("http://127.0.0.1:%d/ws?t=%s" % (svc.web_port, token)))

    async def _read(self):
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                data = json.loads(msg.data)
                if data["type"] == "beat":          # (the server's heartbeat: answered, as the page does)
                    await self.ws.send_str(json.dumps(data))
                    continue
                self.got.append(data)

    async def until(self, predicate, timeout=10.0):
        """The first message from now on... or already got, satisfying predicate."""
        for _ in range(int(timeout / 0.02)):
            for m in self.got:
                if predicate(m):
                    return m
            await asyncio.sleep(0.02)
        raise AssertionError("no such message; got %r" % self.got[-5:])

    def last(self, kind):
        views = [m for m in self.got if m["type"] == kind]
        return views[-1] if views else None

    async def view(self, kind, predicate=lambda v: True, timeout=10.0):
        for _ in range(int(timeout / 0.02)):
            v = self.last(kind)
            if v is not None and predicate(v):
                return v
            await asyncio.sleep(0.02)
        raise AssertionError("no %s view as wanted; last %r" % (kind, self.last(kind)))

    async def ask(self, obj):
        """Send a message and return its answer (done or error)."""
        before = len([m for m in self.got if m["type"] in ("done", "error")])
        await self.ws.send_str(obj if isinstance(obj, str) else json.dumps(obj))
        for _ in range(500):
            answers = [m for m in self.got if m["type"] in ("done", "error")]
            if len(answers) > before:
                return answers[before]
            await asyncio.sleep(0.02)
        raise AssertionError("no answer to %r" % (obj,))

    async def close(self):
        await self.ws.close()
        self.reader.cancel()


async def soon(predicate, timeout=5.0):
    """predicate() came true within timeout (the server's loop runs meanwhile)."""
    for _ in range(int(timeout / 0.02)):
        if predicate():
            return True
        await asyncio.sleep(0.02)
    return False


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def make_room(http, svc, seats):
    host = await Page.open(http, svc, svc.hub.host_token)
    await host.view("room", lambda v: v["playing"])
    assert await host.ask({"type": "room", "seats": seats}) == {"type": "done", "action": "room"}
    room = await host.view("room", lambda v: v["room"])
    return host, {s["seat"]: s["link"] for s in room["seats"] if s.get("link")}


async def joined(http, svc, link):
    """The page of a seat link, opened and joined."""
    seat = await Page.open(http, svc, token(link))
    assert await seat.ask({"type": "join"}) == {"type": "done", "action": "join"}
    return seat


def start(board, svc, players):
    """A new game on the board, begun (its first roll: a seat's kind change is then a record
    line, as on the board), and followed by the page."""
    board.new_game("classic", players=players)
    board.press("roll")
    assert wait_until(lambda: len(svc.live.lines) == 2, 10)


def token(link):
    return link.split("?t=")[1]


def test_a_seat_link_joins_and_plays_its_own_seat_only_on_its_turn(service, board):
    svc, clock, games = service
    board.new_game("classic", players=2)
    assert wait_until(lambda: svc.live.turn() == "R", 10)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "Y")
            assert list(links) == ["Y"] and links["Y"].startswith(svc.base_url + "/seat?t=")
            room = host.last("room")
            assert [s["state"] for s in room["seats"]] == ["table", "open"]
            qr = [s["qr"] for s in room["seats"] if s.get("qr")][0]
            assert qr == qr_path(links["Y"]) and qr["d"].startswith("M")
            # The pages: the seat link's token opens /seat only; a wrong one gets 403.
            for url, status in ((links["Y"], 200), (links["Y"] + "x", 403), (links["Y"].split("?")[0], 403),
                                (links["Y"].replace("/seat", "/host"), 403),
                                (links["Y"].replace("/seat", "/watch"), 403),
                                (svc.host_url, 200), (svc.host_url.replace("/host", "/seat"), 403)):
                async with http.get(url) as r:
                    assert r.status == status, url
            seat = await Page.open(http, svc, token(links["Y"]))
            assert (await seat.view("seat"))["state"] == "open"
            assert await seat.ask({"type": "roll"}) == {
                "type": "error", "error": "this link does not play its seat now"}
            assert await seat.ask({"type": "join"}) == {"type": "done", "action": "join"}
            assert board.remote == {"Y"}
            assert (await seat.ask({"type": "join"}))["error"] == "joined already: this page plays Y"
            assert (await seat.view("seat", lambda v: v["state"] == "remote"))["choices"] is None
            assert await seat.ask({"type": "roll"}) == {"type": "error", "error": "not your turn"}
            assert (await seat.ask({"type": "move", "move": "R1 y-0"}))["error"].startswith(
                "an action is roll, pass, resign or a move of your own token")
            # Neither the table's page nor a watcher plays a seat; a seat link does not fill.
            assert (await host.ask({"type": "roll"}))["error"] == "the table plays with the board's buttons: roll refused"
            watcher = await Page.open(http, svc, svc.hub.watch_token)
            assert (await watcher.ask({"type": "join"}))["error"] == "a watch link cannot act: join refused"
            assert (await seat.ask({"type": "fill"}))["error"] == "only the table's page can do that: fill refused"
            played = 0
            for _ in range(400):                      # Yellow's turns by the link, Red's at the table
                if svc.live.turn() is None or played >= 12:
                    break
                if svc.live.turn() == "R":
                    n = len(record(games))
                    board.play_turn()
                    await asyncio.sleep(0)
                    assert wait_until(lambda: len(svc.live.lines) > n, 10)
                    continue
                v = await seat.view("seat", lambda v: v["choices"] is not None)
                c = v["choices"]
                if c["roll"]:
                    assert await seat.ask({"type": "roll"}) == {"type": "done", "action": "roll"}
                elif c["moves"]:
                    m = c["moves"][-1]
                    assert m["token"] == m["move"].split(" ")[0] and m["token"][0] == "Y"
                    assert await seat.ask({"type": "move", "move": m["move"]}) == {"type": "done", "action": "move"}
                    assert record(games)[-1] == m["move"]
                    played += 1
                else:
                    assert c["pass"]
                    assert await seat.ask({"type": "pass"}) == {"type": "done", "action": "pass"}
                # The answer comes after the view it led to: the page never acts on a stale one.
                assert seat.last("seat")["choices"] != c
            assert played >= 3
            lines = record(games)
            assert lines == board.record_text().split("\n")[:-1]
            # Malformed and oversized: one error each, nothing changes.
            for bad, error in (("hello", "not JSON"), ("x" * 2000, "message of 2000 bytes: at most 1024"),
                               ('{"type":"move","move":7}', 'move: send {"type":"move","move":"R1 0-6"} (a move of the list)'),
                               ('{"type":"roll","value":9}', "roll: a die's value is 1 to 6"),
                               ('{"type":"fly"}', "unknown message type 'fly' (a seat page sends: ping, join, roll, "
                                                  "move, pass, leave, resign)")):
                assert await seat.ask(bad) == {"type": "error", "error": error}
            assert record(games) == lines and board.remote == {"Y"}
            # The board resets (its remote flags are not saved): the room flags Yellow again.
            board.reset()
            assert board.remote == set()
            assert await soon(lambda: board.remote == {"Y"}, 15)
            assert record(games) == lines
            for page in (seat, host, watcher):
                await page.close()
    run(go())


def test_the_computer_plays_a_seat_away_45_s_and_control_returns_on_reconnect(service, board):
    svc, clock, games = service
    start(board, svc, 2)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "Y")
            seat = await joined(http, svc, links["Y"])
            await seat.close()
            assert await soon(lambda: svc.seating.room.seats["Y"].away_since is not None)
            await asyncio.sleep(1.2)                   # ticks at the same clock: nothing yet
            clock.now += AWAY_S - 1
            await asyncio.sleep(1.2)
            assert "kind Y medium" not in record(games)
            clock.now += 1
            assert await host.view("room", lambda v: v["seats"][1].get("covered"))
            assert record(games)[-1] == "kind Y medium" and board.game.kinds["Y"] == "medium"
            seat = await Page.open(http, svc, token(links["Y"]))   # back: no Join needed
            v = await seat.view("seat", lambda v: v["state"] == "remote" and not v["covered"])
            assert v["state"] == "remote"
            assert record(games)[-1] == "kind Y human" and board.remote == {"Y"}
            await seat.close()
            await host.close()
    run(go())


def test_the_room_closes_30_min_after_everyone_left_or_24_h_after_it_was_made(service, board):
    svc, clock, games = service
    start(board, svc, 2)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "RY")
            seat = await joined(http, svc, links["R"])
            await host.close()
            clock.now += EMPTY_S + 10                  # the seat page is still open: the room lives
            await asyncio.sleep(1.2)
            assert svc.seating.room is not None
            await seat.close()
            assert await soon(lambda: svc.seating.room.empty_since is not None)
            clock.now += EMPTY_S - 1
            await asyncio.sleep(1.2)
            assert svc.seating.room is not None
            clock.now += 1
            assert await soon(lambda: svc.seating.room is None)
            async with http.get(links["Y"]) as r:
                assert r.status == 403
            host, links = await make_room(http, svc, "Y")
            seat = await joined(http, svc, links["Y"])
            clock.now += LIFETIME_S
            assert (await seat.view("seat", lambda v: v["state"] == "closed"))["state"] == "closed"
            await seat.close()
            await host.close()
    run(go())


def test_fill_and_leave_hand_seats_to_the_computer(service, board):
    svc, clock, games = service
    start(board, svc, 3)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "GY")
            assert sorted(links) == ["G", "Y"]
            seat = await joined(http, svc, links["G"])
            v = await seat.view("seat", lambda v: v["state"] == "remote")
            assert v["leave"] and not v["resign"]             # three players: Leave, not Resign
            assert await host.ask({"type": "fill"}) == {"type": "done", "action": "fill"}
            assert board.game.kinds["Y"] == "medium" and "kind Y medium" in record(games)
            room = await host.view("room", lambda v: [s["state"] for s in v["seats"]] == ["table", "remote", "computer"])
            assert not any(s.get("link") for s in room["seats"])
            assert (await host.ask({"type": "fill"}))["error"] == "no seat is waiting for a player"
            assert await seat.ask({"type": "leave"}) == {"type": "done", "action": "leave"}
            assert board.game.kinds["G"] == "medium" and record(games)[-1] == "kind G medium"
            assert (await seat.view("seat", lambda v: v["state"] == "computer"))["choices"] is None
            assert (await seat.ask({"type": "roll"}))["error"] == "this link does not play its seat now"
            await seat.close()
            await host.close()
    run(go())


def test_the_table_chooses_only_seats_a_person_plays(service, board):
    svc, clock, games = service

    async def go():
        async with aiohttp.ClientSession() as http:
            host = await Page.open(http, svc, svc.hub.host_token)
            assert (await host.view("room"))["playing"] is False
            assert (await host.ask({"type": "room", "seats": "Y"}))["error"] == (
                "no game is being played: start one on the board first")
            board.new_game("classic", players=2, kinds={"Y": "medium"})
            v = await host.view("room", lambda v: v["playing"])
            assert [(s["seat"], s["kind"]) for s in v["seats"]] == [("R", "human"), ("Y", "medium")]
            for seats, error in (("Y", "Yellow is played by the computer: only a person's seat gets a link"),
                                 ("G", "seat G is not in this game"), ("RR", "choose the seats to send a link for")):
                assert (await host.ask({"type": "room", "seats": seats}))["error"] == error
            assert (await host.ask({"type": "room", "seats": "R"}))["type"] == "done"
            assert (await host.ask({"type": "room", "seats": "R"}))["error"].startswith("the room is made already")
            await host.close()
    run(go())


def test_a_qr_code_is_the_link_s_modules_as_one_path():
    import segno
    link = "http://192.168.1.20:8765/seat?t=" + "A" * 24
    qr = qr_path(link)
    matrix = segno.make(link, error="m", micro=False).matrix
    assert qr["size"] == len(matrix) + 8
    dark = set()
    for part in qr["d"].split("M")[1:]:
        x, rest = part.split(" ", 1)
        y, width = rest.split("h", 1)
        for dx in range(int(width.split("v")[0])):
            dark.add((int(x) - 4 + dx, int(y) - 4))
    assert dark == {(x, y) for y, row in enumerate(matrix) for x, v in enumerate(row) if v}


def test_a_seat_enters_the_real_die_s_value_in_a_game_with_dice_by_hand(service, board):
    svc, clock, games = service
    board.new_game("classic", players=2, dice="hand")
    assert wait_until(lambda: svc.live.turn() == "R", 10)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "R")
            seat = await joined(http, svc, links["R"])
            v = await seat.view("seat", lambda v: v["choices"] is not None)
            assert v["choices"] == {"roll": True, "hand": True}
            assert await seat.ask({"type": "roll", "value": 6}) == {"type": "done", "action": "roll"}
            assert record(games)[1] == "roll 6 hand"
            v = await seat.view("seat", lambda v: (v["choices"] or {}).get("moves"))
            assert [m["move"] for m in v["choices"]["moves"]] == ["R1 y-0"]
            assert v["choices"]["moves"][0] == {"move": "R1 y-0", "token": "R1", "from": "yard", "to": "square 0",
                                                "label": "R1: out of the yard", "from_place": "yR1",
                                                "to_place": "t0", "capture": ""}
            await seat.close()
            await host.close()
    run(go())


def test_an_answer_is_sent_after_the_view_it_led_to():
    """A page told "done" already has the view after its action (else it may act on the
    view before it: a second roll where a move is due)."""
    import types
    from ludo_host.web.live import LiveGame
    from ludo_host.web.server import Hub, Watcher

    class Seating:
        view = {"type": "seat", "choices": {"roll": True}}

        def seat_view(self, seat):
            return dict(self.view)

    seating = Seating()
    hub = Hub(LiveGame(), "w" * 24, seating)
    hub.refresh()
    page = Watcher(None, None, role="seat", seat=types.SimpleNamespace(letter="Y"))
    hub.messages_for(page)
    seating.view = {"type": "seat", "choices": {"roll": False, "moves": []}}
    page.reply({"type": "done", "action": "roll"})
    sent = [json.loads(text) for text in hub.messages_for(page)]
    assert [m["type"] for m in sent] == ["seat", "done"]
    assert sent[0]["choices"] == {"roll": False, "moves": []}


def test_seats_before_the_first_roll_join_again_reopen_names_and_the_next_game(service, board):
    """Issue 24's natural order: the game starts, the room is made, friends join (naming
    themselves), the table fills the empty seat, all before anyone rolls; a friend who left
    joins again from the same link; the table reopens the computer's seat for a late friend
    and names Red; the next game (same players) goes on with the same links, and both
    records carry the names and verify."""
    import ludo
    from ludo.record_check import verify_record
    svc, clock, games = service
    board.new_game("classic", players=4)
    assert wait_until(lambda: svc.live.turn() == "R", 10)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "GYB")
            assert host.last("room")["local_only"] is True       # 127.0.0.1: the page says so
            green = await Page.open(http, svc, token(links["G"]))
            yellow = await Page.open(http, svc, token(links["Y"]))
            assert (await green.ask({"type": "join", "name": "  Ben\n"}))["type"] == "done"
            assert (await yellow.ask({"type": "join"}))["type"] == "done"
            assert await host.ask({"type": "fill"}) == {"type": "done", "action": "fill"}
            assert board.game.kinds["B"] == "medium" and len(board.game) == 0     # nobody has rolled
            assert await yellow.ask({"type": "leave"}) == {"type": "done", "action": "leave"}
            v = await yellow.view("seat", lambda v: v["state"] == "computer")
            assert v["join"] and v["left"]                                       # "Join again"
            assert await yellow.ask({"type": "join"}) == {"type": "done", "action": "join"}
            assert board.game.kinds["Y"] == "human" and board.remote == {"G", "Y"}
            # back: the page is told which steps the computer played meanwhile (it sums them up)
            v = await yellow.view("seat", lambda v: v["state"] == "remote")
            assert v["away"] and v["away"][0] <= v["away"][1]
            # the table: a new link for the computer's seat (a late friend), and Red's name
            assert await host.ask({"type": "reopen", "seat": "B"}) == {"type": "done", "action": "reopen"}
            assert await host.ask({"type": "name", "seat": "R", "name": "Anna"}) == {"type": "done", "action": "name"}
            room = await host.view("room", lambda v: [s.get("player") for s in v["seats"]] == ["Anna", "Ben", None, None])
            blue_link = [s["link"] for s in room["seats"] if s["seat"] == "B"][0]
            assert blue_link != links["B"] and board.game.kinds["B"] == "medium"   # the computer plays on
            async with http.get(links["B"]) as r:
                assert r.status == 403                                           # the old link is dead
            blue = await Page.open(http, svc, token(blue_link))
            assert (await blue.ask({"type": "join", "name": "Cat"}))["type"] == "done"
            assert board.game.kinds["B"] == "human" and board.remote == {"G", "Y", "B"}
            assert (await host.ask({"type": "name", "seat": 7}))["error"].startswith("name: send")
            first = record(games)
            assert first[1:] == ["kind B medium", "kind Y medium", "kind Y human", "kind B human"]
            # the next game, same players: the same links and seats go on
            board.new_game("classic", players=4)
            assert await soon(lambda: board.remote == {"G", "Y", "B"}, 15)
            v = await green.view("seat", lambda v: v["state"] == "remote" and v["over"] is False
                                 and v["names"] == {"R": "Anna", "G": "Ben", "B": "Cat"})
            assert (await green.ask({"type": "join"}))["error"].startswith("joined already")
            # the table closes the room: the links stop working, the seats go back to the table
            assert await host.ask({"type": "close"}) == {"type": "done", "action": "close"}
            assert board.remote == set()
            async with http.get(links["G"]) as r:
                assert r.status == 403
            assert (await host.ask({"type": "close"}))["error"] == "there is no room to close"
            for page in (green, yellow, blue, host):
                await page.close()
    run(go())
    files = sorted(games.glob("*.ludo"))
    assert len(files) == 2
    recs = sorted((ludo.Record.parse(p.read_text()) for p in files), key=lambda r: r.footer is None)
    assert recs[0].footer["termination"] == "abandoned" and verify_record(recs[0]) == []
    assert "names" not in recs[0].header and recs[0].footer["names"] == {"R": "Anna", "G": "Ben", "B": "Cat"}
    assert recs[1].footer is None and recs[1].header["names"] == {"R": "Anna", "G": "Ben", "B": "Cat"}


def test_the_games_words_on_every_page_say_a_seat_is_played_on_a_link_once_it_is(service, board):
    """The header's words of the game ("Classic, 2 players: Red a person, Yellow on a link")
    were put together once per game, before the table made the room: every page, even one
    opened later, said "Yellow a person" for the whole game, while the terminal said "Yellow
    on a link". The words follow the board's seats played from afar."""
    svc, clock, games = service
    start(board, svc, 2)

    def summary(page):
        said = [m["summary"] for m in page.got if m["type"] == "state" and "summary" in m]
        said += [m["game"]["summary"] for m in page.got if m["type"] == "game"][-1:] if not said else []
        return ". ".join(said[-1]) if said else None

    async def go():
        async with aiohttp.ClientSession() as http:
            early = await Page.open(http, svc, svc.hub.watch_token)
            await early.until(lambda m: m["type"] == "game")
            assert summary(early).startswith("Classic, 2 players: Red a person, Yellow a person.")
            host, links = await make_room(http, svc, "Y")
            seat = await joined(http, svc, links["Y"])
            assert await soon(lambda: svc.live.remote[1] == "Y", 10)
            for page in (early, seat):
                assert await soon(lambda: "Yellow on a link" in (summary(page) or ""), 10), summary(page)
            late = await Page.open(http, svc, svc.hub.watch_token)
            assert await soon(lambda: "Yellow on a link" in (summary(late) or ""), 10), summary(late)
            for page in (early, seat, late, host):
                await page.close()
    run(go())


def test_ludo_host_web_stopping_hands_the_seats_played_by_link_back_to_the_table(service, board):
    """`ludo-host web` stopped (Ctrl-C) beside a virtual board that runs on in its own
    terminal: the board went on saying "Green's turn (played from afar)", waiting for a
    link that no longer exists. Stopping closes the room as the table's Close the room does:
    the seats played by link go back to the table."""
    svc, clock, games = service
    start(board, svc, 2)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "Y")
            seat = await joined(http, svc, links["Y"])
            await seat.close()
            await host.close()
    run(go())
    assert board.remote == {"Y"}
    svc.stop()
    assert board.remote == set()
