"""The live page's win chances in headless Chromium: a bar under the board and the graph of
the game so far, following a game on the virtual board; on by default for watchers and at
the table, off by default on a seat's page, and a switch that is remembered."""
import time

import ludo
from ludo.replay import game_of
from ludo import winchance

from cdp import Browser
from conftest import wait_until
from test_web_browser import chromium, play_a_turn, record_lines, table  # noqa: F401  (fixtures)


def _bar(browser):
    return browser.eval("Array.from(document.querySelectorAll('#wc-bar .wc-seg'))"
                        ".map(function (e) { return [e.dataset.seat, parseFloat(e.style.width)]; })")


def test_watchers_see_the_chances_follow_the_game(table):       # noqa: F811
    board, svc, games = table
    with Browser(width=1180, height=820) as watcher, Browser(width=390, height=844) as host:
        watcher.open(svc.url)
        host.open(svc.host_url)
        assert wait_until(lambda: watcher.eval("!!(ludoLive.state && ludoLive.state.board.connected)"), 20)
        board.send('{"cmd":"new","players":2,"preset":"classic","seed":5}')
        assert wait_until(lambda: watcher.eval("document.body.dataset.steps") == "1", 20)
        for _ in range(4):
            play_a_turn(board)
        time.sleep(0.5)
        lines = record_lines(games)
        assert len(lines) > 4
        assert wait_until(lambda: watcher.eval("ludoLive.steps.length") == len(lines), 20)
        time.sleep(0.3)
        # the bar is the rules core's chances for the record's position now
        rec = ludo.Record.parse("\n".join(lines) + "\n")
        g = game_of(rec)
        c = winchance.chances(g)
        want = [[ludo.SEAT_LETTERS[s], ((c[s] + 5) // 10) / 10.0] for s in g.seats]
        assert watcher.eval("document.body.dataset.winchances") == "on"
        got = _bar(watcher)
        assert [s for s, _ in got] == [s for s, _ in want]
        assert all(abs(a[1] - b[1]) < 1e-6 for a, b in zip(got, want)), (got, want)
        points = watcher.eval("document.querySelector('#wc-graph .wc-line').getAttribute('points').split(' ').length")
        assert points == len(lines)            # one point a step, the start too
        # the table's page shows them too; it can switch them off, and that is remembered
        assert wait_until(lambda: host.eval("document.body.dataset.winchances") == "on", 20)
        host.eval("document.getElementById('wc-on').click()")
        assert host.eval("document.body.dataset.winchances") == "off"
        assert host.eval("document.getElementById('wc').hidden") is True
        host.open(svc.host_url)
        assert wait_until(lambda: host.eval("ludoLive.steps.length") == len(lines), 20)
        assert host.eval("document.body.dataset.winchances") == "off"
        assert host.eval("document.getElementById('wc-on').checked") is False


def test_a_seat_page_has_them_off_until_switched_on(tmp_path):
    """The seat page (rendered as the server serves it): off by default, on when switched."""
    from ludo_host.web.page import render
    import pytest
    from cdp import find_chromium
    if not find_chromium():
        pytest.skip("chromium is not installed")
    path = tmp_path / "seat.html"
    path.write_text(render("seat"), encoding="utf-8")
    with Browser(width=390, height=844) as b:
        b.open(path.as_uri())
        b.eval("ludoLive.game = {players: 'RY', colours: {R: '#d32f2f', Y: '#f9a825'}};"
               "ludoLive.steps = [{chances: {R: 600, Y: 400}}]; document.body.dataset.steps = 1;")
        time.sleep(0.1)
        assert b.eval("document.getElementById('wc-on').checked") is False
        assert b.eval("document.getElementById('wc').hidden") is True
        b.eval("document.getElementById('wc-on').click()")
        assert b.eval("document.getElementById('wc').hidden") is False
        assert _bar(b) == [["R", 60.0], ["Y", 40.0]]


def test_the_bar_adds_up_to_100_and_the_start_draws_a_line(tmp_path):
    """At a 2-player game's start (50.5 % and 49.5 %) the bar does not say "R 51%" and
    "Y 50%" (101 %), and the graph of the one step there is shows a level line, not an
    empty box; with teams each partner shows the team's chance, rounded alone."""
    from ludo_host.web.page import render
    import pytest
    from cdp import find_chromium
    if not find_chromium():
        pytest.skip("chromium is not installed")
    path = tmp_path / "watch.html"
    path.write_text(render("watch"), encoding="utf-8")
    labels = "Array.from(document.querySelectorAll('#wc-bar .wc-seg')).map(function (e) { return e.textContent; })"
    with Browser(width=390, height=844) as b:
        b.open(path.as_uri())
        b.eval("ludoLive.game = {players: 'RY', colours: {R: '#d32f2f', Y: '#f9a825'}};"
               "ludoLive.steps = [{chances: {R: 505, Y: 495}}]; document.body.dataset.steps = 1;")
        time.sleep(0.1)
        assert b.eval(labels) == ["R 51%", "Y 49%"]
        assert b.eval("document.getElementById('wc-teams').hidden") is True
        box = b.eval("(function () { var r = document.querySelector('#wc-graph .wc-line').getBBox();"
                     " return [r.width, r.height]; })()")
        assert box[0] > 400, box
        b.eval("ludoLive.game = {players: 'RGYB', colours: {R: '#d32f2f', G: '#2e7d32', Y: '#f9a825', B: '#1565c0'}};"
               "ludoLive.steps = [{chances: {R: 333, G: 333, Y: 167, B: 167}},"
               " {chances: {R: 489, G: 489, Y: 511, B: 511}}]; document.body.dataset.steps = 2;")
        time.sleep(0.1)
        assert b.eval(labels) == ["R 49%", "G 49%", "Y 51%", "B 51%"]
        # ... and the page says why they add up to 200 %
        assert b.eval("document.getElementById('wc-teams').hidden") is False
        assert "partners show their team's chance" in b.eval("document.getElementById('wc-teams').textContent")
