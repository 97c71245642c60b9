"""Seat links in headless Chromium (Debian's `chromium`, over the DevTools protocol) against
the virtual board (the real firmware; its data channel on a pty, logged by the logger): the
table makes the room, a remote player joins by link and plays a whole game by keyboard
against a computer seat while a second browser watches; the 45 s rule on the room's clock
(set by the test), control back on reconnect, and Leave; tokens, a watcher's act and bad
messages refused."""
import contextlib
import json
import threading
import time

import ludo
import pytest

from cdp import Browser
from conftest import Clock, need_chromium, wait_until
from ludo_host.replay.steps import Replay
from ludo_host.virtual import VirtualBoard
from ludo_host.web import WebService, attach_virtual_board
from ludo_host.web.room import AWAY_S

SHORT = {"tokens_to_win": 1}          # one token home wins: a whole game stays short


@pytest.fixture
def table(tmp_path):
    """A virtual board on the real clock, and `ludo-host web`'s service on its data channel,
    with the seat links on a clock the test sets."""
    need_chromium()
    games = tmp_path / "games"
    games.mkdir()
    board = VirtualBoard(data_port="pty", realtime=True, settings={"LUDO_SKIP_FIXUPS": 1})  # (as `ludo-host web`'s)
    board.start()
    clock = Clock()
    svc = WebService(str(games), board.data_port_path, status_stream=open(tmp_path / "status.txt", "w"),
                     clock=clock)
    attach_virtual_board(svc.live, board)
    try:
        svc.start()
        assert wait_until(lambda: svc.logger.answered, 30)
        yield board, svc, games, clock
    finally:
        svc.stop()
        board.close()


@contextlib.contextmanager
def someone_at_the_table(board, svc):
    """A person at the table: when the board lights a computer's move, they move its token
    and press confirm (the board waits for that; a seat link's move goes on at once)."""
    stop = threading.Event()

    def watch():
        while not stop.wait(0.15):
            with svc.live.lock:
                snap = dict(svc.live.view or {})
            if snap.get("mode") == "play" and snap.get("kind") not in (None, "human") \
                    and snap.get("rolls") and snap.get("selected"):
                board.press("confirm")
                stop.wait(0.4)

    t = threading.Thread(target=watch, daemon=True)
    t.start()
    try:
        yield
    finally:
        stop.set()
        t.join(5)


def record_lines(games):
    files = sorted(games.glob("*.ludo"))
    assert len(files) == 1, files
    return files[0].read_text().split("\n")[:-1]


def actors(lines):
    """(seat that acted, line) of each action of a record's lines."""
    replay = Replay(ludo.Record.parse(lines[0] + "\n"))
    out = []
    for line in lines[1:]:
        if line.startswith("{"):
            break
        assert replay.push(line), replay.error
        out.append((replay.steps[-1]["actor"], line))
    return out


def acted_since(games, line, occurrence=1):
    """The seats that acted (kind changes aside) after the `occurrence`-th `line` of the record."""
    lines = record_lines(games)
    at = [i for i, text in enumerate(lines) if text == line][occurrence - 1]
    return {a for a, text in actors(lines)[at:] if not text.startswith("kind ")}


def page_lines(browser):
    return browser.eval("ludoLive.steps.slice(1).map(function (s) { return s.line; })")


def key(browser, name):
    """A key pressed on the page (to the focused element), as a person types it."""
    codes = {"Enter": 13, "Tab": 9}
    params = {"key": name, "code": name if len(name) > 1 else "Key" + name.upper(),
              "windowsVirtualKeyCode": codes.get(name, ord(name.upper()) if len(name) == 1 else 0)}
    if name == "Enter":
        params["text"] = "\r"
    elif len(name) == 1:
        params["text"] = name
    browser.send("Input.dispatchKeyEvent", dict(params, type="keyDown"))
    browser.send("Input.dispatchKeyEvent", dict(params, type="keyUp"))


def open_page(browser, url):
    browser.open(url)
    # Headless Chromium's page has no focus of its own: keys reach the focused button only so.
    browser.send("Emulation.setFocusEmulationEnabled", {"enabled": True})


def panel(browser):
    return browser.eval("ludoLive.panel")


def make_room(host, svc):
    """The table's "Play a friend (send a link)" with its default seats: the seat links."""
    open_page(host, svc.host_url)
    assert wait_until(lambda: (panel(host) or {}).get("playing"), 20), panel(host)
    host.eval("document.querySelector('[data-action=room]').click()")
    assert wait_until(lambda: (panel(host) or {}).get("room"), 20), host.eval("ludoLive.errors")
    return dict(host.eval("Array.from(document.querySelectorAll('#play-seats .seat-link'))"
                          ".filter(function (r) { return r.querySelector('a'); })"
                          ".map(function (r) { return [r.dataset.seat, r.querySelector('a').href]; })"))


def new_game(board, svc, players, kinds):
    board.send(json.dumps({"cmd": "new", "players": players, "preset": "classic", "seed": 11,
                           "options": SHORT, "kinds": kinds}))
    assert wait_until(lambda: svc.live.seats()[1] is not None, 20)


def play_turn_by_keys(seat):
    """The seat page's player on its turn, by keyboard only: R rolls, 1 (or Enter on the
    focused first move) moves, P passes.  Returns after the board took the action."""
    done = seat.eval("ludoLive.done")
    c = panel(seat)["choices"]
    if c["roll"]:
        key(seat, "r")
    elif c["moves"]:
        if done % 2:
            key(seat, "1")
        else:
            assert seat.eval("document.activeElement.dataset.move") == c["moves"][0]["move"]
            key(seat, "Enter")
    else:
        key(seat, "p")
    assert wait_until(lambda: seat.eval("ludoLive.done") > done, 15), (
        seat.eval("document.getElementById('play-error').textContent"), c)


def test_a_remote_player_plays_a_whole_game_by_link_against_the_computer(table):
    board, svc, games, clock = table
    new_game(board, svc, 2, {"R": "medium"})
    with Browser(width=390, height=844) as seat, Browser(width=1180, height=820) as watcher, \
            someone_at_the_table(board, svc):
        # The table's page only while the seat is taken: two browsers for the rest (the whole
        # suite runs beside this test).
        with Browser(width=1180, height=900) as host:
            links = make_room(host, svc)
            assert list(links) == ["Y"]                   # Red is the computer's: no link
            # (127.0.0.1: no QR code, which a phone could not follow; the page says how instead)
            assert host.eval("document.querySelectorAll('#play-seats svg.qr path').length") == 0
            assert "this PC only" in host.eval("document.getElementById('play-local').textContent")
            # Wrong or missing tokens: 403, no page.
            for url in (links["Y"] + "x", links["Y"].split("?")[0], links["Y"].replace("/seat", "/host"),
                        svc.url.replace("/watch", "/seat")):
                watcher.open(url)
                assert watcher.eval("document.body.innerText").startswith("403"), url
                assert watcher.eval("typeof window.ludoLive") == "undefined"
            open_page(watcher, svc.url)
            open_page(seat, links["Y"])
            assert wait_until(lambda: (panel(seat) or {}).get("state") == "open", 20)
            key(seat, "j")                                 # Join, by keyboard
            assert wait_until(lambda: (panel(seat) or {}).get("state") == "remote", 20), seat.eval("ludoLive.errors")
            assert wait_until(lambda: "played by link" in host.eval(
                "document.getElementById('play-seats').innerText"), 10)
        # A watcher cannot act; bad messages from the seat page change nothing.
        before = record_lines(games)
        watcher.eval("ludoLive.send({type: 'roll'})")
        assert wait_until(lambda: watcher.eval("ludoLive.errors").count("a watch link cannot act: roll refused") == 1, 10)
        seat.eval("ludoLive.send('hello'); ludoLive.send('x'.repeat(3000)); ludoLive.send({type: 'move', move: 5})")
        assert wait_until(lambda: len(seat.eval("ludoLive.errors")) == 3, 10)
        assert seat.eval("ludoLive.errors") == ["not JSON", "message of 3000 bytes: at most 1024",
                                                'move: send {"type":"move","move":"R1 0-6"} (a move of the list)']
        assert seat.eval("document.getElementById('play-error').textContent") == seat.eval("ludoLive.errors")[2]
        assert record_lines(games)[:len(before)] == before
        assert not any(a == "Y" for a, _ in actors(record_lines(games)))
        # The whole game: Yellow by keyboard on the seat page, Red by the board's computer.
        end = time.monotonic() + 300
        while svc.live.footer is None and time.monotonic() < end:
            if wait_until(lambda: (panel(seat) or {}).get("choices") is not None or svc.live.footer is not None, 20,
                          interval=0.05):
                if svc.live.footer is None:
                    play_turn_by_keys(seat)
        assert svc.live.footer is not None, "the game did not end in time"
        lines = record_lines(games)
        assert json.loads(lines[-1])["termination"] == "finished"
        played = actors(lines)
        assert {a for a, _ in played} == {"R", "Y"}
        assert any(a == "Y" and line[0] == "Y" for a, line in played)        # Yellow moved tokens by link
        for browser in (seat, watcher):
            assert wait_until(lambda: page_lines(browser) == lines[1:-1], 10), browser
            assert browser.eval("document.querySelectorAll('#moves li').length") == len(lines) - 1
        assert wait_until(lambda: panel(seat)["choices"] is None, 5)
        assert seat.eval("document.getElementById('play-said').textContent").endswith(
        "won. Waiting for the table to start the next game.")


def test_away_45_s_the_computer_plays_the_seat_back_on_reconnect_and_leave(table):
    board, svc, games, clock = table
    new_game(board, svc, 3, {"R": "medium", "G": "medium"})
    with Browser(width=1180, height=900) as host, someone_at_the_table(board, svc):
        links = make_room(host, svc)
        assert list(links) == ["Y"]
        seat = Browser(width=390, height=844)
        try:
            open_page(seat, links["Y"])
            assert wait_until(lambda: (panel(seat) or {}).get("state") == "open", 20)
            seat.eval("document.querySelector('[data-action=join]').click()")
            assert wait_until(lambda: (panel(seat) or {}).get("choices") is not None, 60)
            play_turn_by_keys(seat)
            assert any(a == "Y" for a, _ in actors(record_lines(games)))
        finally:
            seat.close()                                   # disconnected
        assert wait_until(lambda: svc.seating.room.seats["Y"].away_since is not None, 10)
        clock.now += AWAY_S - 1
        time.sleep(1.5)
        assert "kind Y medium" not in record_lines(games)
        clock.now += 1
        assert wait_until(lambda: "kind Y medium" in record_lines(games), 10)
        assert wait_until(lambda: "away: the computer plays its turns" in
                          host.eval("document.getElementById('play-seats').innerText"), 10)
        # The computer plays Yellow's turns.
        assert wait_until(lambda: "Y" in acted_since(games, "kind Y medium"), 60), record_lines(games)
        with Browser(width=390, height=844) as seat:
            open_page(seat, links["Y"])                    # back: control returns, no Join needed
            assert wait_until(lambda: "kind Y human" in record_lines(games), 20)
            assert wait_until(lambda: (panel(seat) or {}).get("choices") is not None, 60), panel(seat)
            assert panel(seat)["leave"] and not panel(seat)["resign"]       # three players
            play_turn_by_keys(seat)
            assert "Y" in acted_since(games, "kind Y human")
            seat.eval("document.querySelector('[data-action=leave]').click()")    # Leave asks once more
            assert seat.eval("ludoLive.asking()") == "Leave this game? The computer will play Yellow."
            time.sleep(0.4)                                 # (a yes at once is taken as a double tap)
            seat.eval("document.getElementById('play-confirm-yes').click()")
            assert wait_until(lambda: record_lines(games).count("kind Y medium") == 2, 20)
            assert wait_until(lambda: panel(seat)["state"] == "computer", 10)
            assert seat.eval("document.getElementById('play-said').textContent") == \
                "You left: the computer (Medium) plays Yellow. Join again to take the seat back."
            assert wait_until(lambda: "Y" in acted_since(games, "kind Y medium", 2), 60), record_lines(games)
