"""`ludo-host web` in headless Chromium (Debian's `chromium`, over the DevTools protocol):
a game played on the virtual board (real firmware, its data channel on a pty, logged by
the logger) is followed live by two browsers, and their move list is the record file."""
import json
import time

import ludo
import pytest

from cdp import Browser
from conftest import need_chromium, wait_until
from ludo_host.replay.steps import Replay
from ludo_host.virtual import VirtualBoard
from ludo_host.web import WebService, attach_virtual_board


@pytest.fixture
def chromium():
    need_chromium()


@pytest.fixture
def table(tmp_path, chromium):
    """A virtual board on the real clock, and `ludo-host web`'s service on its data channel."""
    games = tmp_path / "games"
    games.mkdir()
    board = VirtualBoard(data_port="pty", realtime=True)
    board.start()
    svc = WebService(str(games), board.data_port_path, status_stream=open(tmp_path / "status.txt", "w"))
    attach_virtual_board(svc.live, board)
    try:
        svc.start()
        yield board, svc, games
    finally:
        svc.stop()
        board.close()


def record_lines(games):
    """The lines of the one record file the logger wrote."""
    files = sorted(games.glob("*.ludo"))
    assert len(files) == 1, files
    return files[0].read_text().split("\n")[:-1]


def page_lines(browser):
    return browser.eval("ludoLive.steps.slice(1).map(function (s) { return s.line; })")


def shown_tokens(browser):
    return dict(browser.eval("Array.from(document.querySelectorAll('#tokens .token'))"
                             ".map(function (e) { return [e.dataset.token, e.dataset.place]; })"))


def play_a_turn(board):
    board.press("roll")
    time.sleep(0.6)
    board.press("select")
    time.sleep(0.2)
    board.press("confirm")
    time.sleep(0.5)


def test_two_browsers_follow_a_game_on_the_virtual_board(table, tmp_path):
    board, svc, games = table
    with Browser(width=1180, height=820) as first:
        first.open(svc.url)
        assert wait_until(lambda: first.eval("!!(ludoLive.state && ludoLive.state.board.connected)"), 20)
        # The set-up menu (a fresh board) in words, its page and value as the board has them.
        said = lambda: first.eval("document.getElementById('next').textContent")
        assert wait_until(lambda: said().startswith("Set-up menu, page 1, preset: "), 20), said()
        menu_before = said()
        # No game yet: no empty box where the moves will be.
        assert first.eval("document.getElementById('moves').offsetHeight") == 0
        board.press("select")                    # the next preset
        assert wait_until(lambda: said() != menu_before and said().startswith("Set-up menu, page 1, preset: "),
                          10), said()
        board.send('{"cmd":"new","players":2,"preset":"classic","seed":5}')
        assert wait_until(lambda: first.eval("document.body.dataset.steps") == "1", 20)
        header = json.loads(record_lines(games)[0])
        assert first.eval("document.getElementById('title').textContent") == "Ludo game " + header["game"]
        # What the game is, in words, and when it began in this device's time (not UTC's text).
        assert first.eval("document.getElementById('summary').textContent") == (
            "Classic, 2 players: Red a person, Yellow a person. The board's own dice")
        meta = first.eval("document.getElementById('meta').textContent")
        assert "began" in meta and header["start"] not in meta and header["start"][:4] in meta
        assert wait_until(lambda: said() == "Red's turn: roll.", 10), said()
        seen = []
        for turn in range(10):
            play_a_turn(board)
            lines = record_lines(games)
            # Live: the page has every line the file has, without a reload.
            assert wait_until(lambda: page_lines(first) == record_lines(games)[1:], 10), (
                page_lines(first), record_lines(games))
            seen.append(len(lines))
            if turn == 4:
                second = Browser(width=390, height=844)
                second.open(svc.url)
        assert seen[-1] > seen[0] > 1            # the game went on, and the page with it
        try:
            assert wait_until(lambda: page_lines(second) == record_lines(games)[1:], 10)
            lines = record_lines(games)
            replay = Replay(ludo.Record.parse("\n".join(lines) + "\n"))
            expected = {t: p for t, p in replay.steps[-1]["places"].items() if p is not None}
            for browser in (first, second):
                assert page_lines(browser) == lines[1:]
                assert shown_tokens(browser) == expected
                assert browser.eval("document.querySelectorAll('#moves li').length") == len(lines)
                assert browser.eval("document.getElementById('moves').offsetHeight") > 0
                assert browser.eval("document.getElementById('result').offsetHeight") == 0   # no result yet
            g = replay.game
            seat = {"R": "Red", "Y": "Yellow"}[ludo.SEAT_LETTERS[g.turn]]
            assert wait_until(lambda: seat in first.eval("document.getElementById('next').textContent"), 5)
            # The lit pixels of the virtual board, on places of the board.
            lit = first.eval("Array.from(document.querySelectorAll('#lights .light')).map(function (e) "
                             "{ return e.dataset.place; })")
            assert lit and all(p[0] in "thyc" for p in lit)
        finally:
            second.close()


def test_bad_messages_from_the_page_get_errors_and_change_nothing(table):
    board, svc, games = table
    board.send('{"cmd":"new","players":2,"preset":"classic","seed":6}')
    with Browser(width=1180, height=820) as b:
        b.open(svc.url)
        assert wait_until(lambda: b.eval("document.body.dataset.steps") == "1", 20)
        play_a_turn(board)
        assert wait_until(lambda: page_lines(b) == record_lines(games)[1:], 10)
        before = record_lines(games)
        b.eval("ludoLive.send('hello'); ludoLive.send('x'.repeat(5000)); ludoLive.send({type: 'roll'})")
        assert wait_until(lambda: b.eval("ludoLive.errors.length") == 3, 10)
        assert b.eval("ludoLive.errors") == ["not JSON", "message of 5000 bytes: at most 1024",
                                             "a watch link cannot act: roll refused"]
        time.sleep(0.5)
        assert record_lines(games) == before and page_lines(b) == before[1:]
        assert b.eval("ludoLive.socket.readyState") == 1       # still open


def test_a_wrong_or_missing_token_gets_403(table):
    board, svc, games = table
    with Browser(width=800, height=600) as b:
        for url in (svc.url.split("?")[0], svc.url + "x", svc.url.replace("t=", "t=A")):
            b.open(url)
            text = b.eval("document.body.innerText")
            assert text.startswith("403"), (url, text)
            assert b.eval("typeof window.ludoLive") == "undefined"


def test_a_restarted_service_shows_the_game_its_records_already_hold(table, tmp_path):
    board, svc, games = table
    board.send('{"cmd":"new","players":2,"preset":"classic","seed":7}')
    assert wait_until(lambda: len(svc.live.lines) == 1, 20)
    for _ in range(3):
        play_a_turn(board)
    assert wait_until(lambda: svc.live.lines == record_lines(games), 10)
    svc.stop()
    held = record_lines(games)
    again = WebService(str(games), board.data_port_path, status_stream=open(tmp_path / "again.txt", "w"))
    try:
        again.start()
        # Nothing new happens on the board: the game comes from the file taken up again.
        assert wait_until(lambda: again.live.lines == held, 20), (again.live.lines, held)
        key, game = again.live.snapshot()
        assert [st["line"] for st in game["steps"]] == [None] + held[1:]
    finally:
        again.stop()


def test_what_the_board_says_is_shown_as_text_never_as_html(chromium, tmp_path):
    import types
    svc = WebService(str(tmp_path), "/dev/no-ludo-board-here", status_stream=open(tmp_path / "s.txt", "w"))
    svc.start()
    try:
        evil = '<img src=x onerror="window.pwned=1"></script><b>bold</b>'
        g = ludo.Game("classic", players=2, seed=3, start=evil)
        g.roll()
        lines = str(g.record()).split("\n")
        svc.live.game_changed(types.SimpleNamespace(path="x.ludo", game_id=g.game_id, lines=lines),
                              g.game_id)
        with Browser(width=900, height=700) as b:
            b.open(svc.url)
            assert wait_until(lambda: b.eval("document.body.dataset.steps") == "2", 10)
            meta = b.eval("document.getElementById('meta').textContent")
            assert "began" not in meta and "onerror" not in meta      # (not a time: not shown as one)
            summary = b.eval("document.getElementById('summary').textContent")
            assert summary == "Classic, 2 players: Red a person, Yellow a person. The board's own dice"
            assert b.eval("document.querySelectorAll('img, b').length") == 0
            assert b.eval("window.pwned === undefined")
    finally:
        svc.stop()
