"""Seats and rooms that last and forgive, played in Debian's Chromium with Playwright as a
person would (issue 24), against the virtual board (the real firmware; its data channel on
a pty, logged by the logger): Fill before anyone has rolled, Leave then Join again, a name
given on Join and on the table's page, a room going on into the next game, links made on
127.0.0.1 flagged, and --public-url in the links and their QR codes."""
import json

import ludo
import pytest

from conftest import Clock, run_cli, wait_until
from ludo_host.virtual import VirtualBoard
from ludo_host.web import WebService, attach_virtual_board

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1180, "height": 900}


def start_table(tmp_path, **service):
    games = tmp_path / "games"
    games.mkdir()
    board = VirtualBoard(data_port="pty", realtime=True, settings={"LUDO_SKIP_FIXUPS": 1})
    board.start()
    svc = WebService(str(games), board.data_port_path, status_stream=open(tmp_path / "status.txt", "w"),
                     clock=Clock(), **service)
    attach_virtual_board(svc.live, board)
    svc.start()
    assert wait_until(lambda: svc.logger.answered, 30)
    return board, svc, games


@pytest.fixture
def table(tmp_path):
    board, svc, games = start_table(tmp_path)
    try:
        yield board, svc, games
    finally:
        svc.stop()
        board.close()


def new_game(board, svc, players, kinds=None, seed=11):
    key = svc.live.game_key
    board.send(json.dumps({"cmd": "new", "players": players, "preset": "classic", "seed": seed,
                           "options": {"tokens_to_win": 1}, "kinds": kinds or {}}))
    assert wait_until(lambda: svc.live.game_key != key and svc.live.seats()[1] is not None, 20)


def record_lines(games, n=1):
    files = sorted(games.glob("*.ludo"), key=lambda p: p.stat().st_mtime)
    return files[n - 1].read_text().split("\n")[:-1]


def panel(page):
    return page.evaluate("ludoLive.panel")


def said(page):
    return page.locator("#play-said").inner_text()


def open_table(chromium, svc):
    host = chromium.new_page(viewport=DESK)
    host.goto(svc.host_url)
    host.wait_for_function("() => ludoLive.panel && ludoLive.panel.playing")
    return host


def make_room(host):
    """The table presses "Play a friend (send a link)" with the seats ticked by default."""
    host.get_by_role("button", name="Play a friend (send a link)").click()
    host.wait_for_function("() => ludoLive.panel.room")
    return {row.get_attribute("data-seat"): row.locator("a").get_attribute("href")
            for row in host.locator("#play-seats .seat-link").all() if row.locator("a").count()}


def confirm_if_asked(page):
    """Resign and Leave may ask once more (a dialog): say yes as a person would."""
    yes = page.locator("#play-confirm-yes")
    if yes.count():
        yes.wait_for(state="visible", timeout=5000)
        page.wait_for_timeout(400)
        yes.click()


def test_fill_before_the_first_roll_then_leave_and_join_again(table, chromium):
    """Start the game, make the room, friends join, press Fill: nobody has rolled yet.  A
    friend who left takes the seat back from the same link."""
    board, svc, games = table
    new_game(board, svc, 4)
    host = open_table(chromium, svc)
    boxes = host.locator("#play-seats .send-link")
    assert [b.get_attribute("value") for b in boxes.all()] == ["R", "G", "Y", "B"]
    assert [b.is_checked() for b in boxes.all()] == [False, True, True, True]     # the host is Red
    links = make_room(host)
    assert sorted(links) == ["B", "G", "Y"]
    # 127.0.0.1: the links are not shown as if a phone could open them
    notice = host.locator("#play-local")
    assert "this PC only" in notice.inner_text() and "--lan" in notice.inner_text()
    assert host.locator("#play-seats a.this-pc").count() == 3
    assert "--public-url" in notice.inner_text() and host.locator("#play-seats svg.qr").count() == 0
    green = chromium.new_page(viewport=PHONE)
    green.goto(links["G"])
    green.wait_for_function("() => ludoLive.panel && ludoLive.panel.state === 'open'")
    green.get_by_placeholder("Your name (optional)").fill("Ben")
    green.get_by_role("button", name="Join").click()
    green.wait_for_function("() => ludoLive.panel.state === 'remote'")
    assert green.locator("#play-title").inner_text() == "Your seat: Green (Ben)"
    yellow = chromium.new_page(viewport=PHONE)
    yellow.goto(links["Y"])
    yellow.wait_for_function("() => ludoLive.panel && ludoLive.panel.state === 'open'")
    yellow.get_by_role("button", name="Join").click()
    yellow.wait_for_function("() => ludoLive.panel.state === 'remote'")
    host.get_by_role("button", name="Fill empty seats with the computer").click()
    host.wait_for_function("() => ludoLive.panel.seats.every(function (s) { return s.state !== 'open'; })")
    lines = record_lines(games)
    assert lines[1:] == ["kind B medium"]                      # before anyone rolled
    assert "Green: Ben" in host.locator("#names").inner_text()
    # Yellow leaves, then joins again from the same link
    yellow.get_by_role("button", name="Leave").first.click()
    confirm_if_asked(yellow)
    yellow.wait_for_function("() => ludoLive.panel.state === 'computer' && ludoLive.panel.join")
    assert "Join again to take the seat back" in said(yellow)
    assert "their link can Join again" in host.locator("#play-seats").inner_text()
    yellow.get_by_role("button", name="Join again").click()
    yellow.wait_for_function("() => ludoLive.panel.state === 'remote'")
    assert record_lines(games)[1:] == ["kind B medium", "kind Y medium", "kind Y human"]
    assert not any(line.startswith("roll") for line in record_lines(games))
    # the table names Red, and hands the computer's seat to a late friend
    name = host.locator("input.seat-name[data-seat=R]")
    name.fill("Anna")
    name.press("Enter")
    name.blur()
    host.wait_for_function("() => ludoLive.panel.seats[0].player === 'Anna'")
    host.locator("button[data-action=reopen][data-seat=B]").click()
    host.wait_for_function("() => ludoLive.panel.seats[3].state === 'open'")
    late = host.locator("#play-seats .seat-link[data-seat=B] a").get_attribute("href")
    assert late != links["B"] and board.app.game.kinds["B"] == "medium"
    blue = chromium.new_page(viewport=PHONE)
    blue.goto(late)
    blue.wait_for_function("() => ludoLive.panel && ludoLive.panel.state === 'open'")
    blue.get_by_role("button", name="Join").click()
    blue.wait_for_function("() => ludoLive.panel.state === 'remote'")
    assert board.app.game.kinds["B"] == "human"
    host.screenshot(path=str(games.parent / "table.png"))
    yellow.screenshot(path=str(games.parent / "yellow.png"))


def test_a_room_goes_on_into_the_next_game(table, chromium):
    """Yellow resigns by link: its page says who won and waits for the next game; the table
    starts it (same players) and the same link plays on, with the result in words."""
    board, svc, games = table
    new_game(board, svc, 2)
    host = open_table(chromium, svc)
    links = make_room(host)
    assert list(links) == ["Y"]
    yellow = chromium.new_page(viewport=PHONE)
    yellow.goto(links["Y"])
    yellow.wait_for_function("() => ludoLive.panel && ludoLive.panel.state === 'open'")
    yellow.get_by_placeholder("Your name (optional)").fill("Ben")
    yellow.get_by_role("button", name="Join").click()
    yellow.wait_for_function("() => ludoLive.panel.state === 'remote' && ludoLive.panel.resign")
    yellow.get_by_role("button", name="Resign").first.click()
    confirm_if_asked(yellow)
    yellow.wait_for_function("() => ludoLive.panel.over && ludoLive.state && ludoLive.state.result_words")
    words = "Red won: Ben (Yellow) resigned"
    assert said(yellow) == "Game over: %s. Waiting for the table to start the next game." % words
    host.wait_for_function("() => document.getElementById('result').textContent.length > 0")
    assert host.locator("#result").inner_text() == words
    assert host.evaluate("document.getElementById('result').offsetHeight") > 0
    assert "Game over. The room stays" in said(host)
    first = ludo.Record.parse("\n".join(record_lines(games)) + "\n")
    assert first.names == {"Y": "Ben"} and first.footer["termination"] == "resigned"
    new_game(board, svc, 2, seed=12)                       # the table's next game, same players
    yellow.wait_for_function("() => ludoLive.panel.state === 'remote' && !ludoLive.panel.over")
    assert wait_until(lambda: board.app.remote == 4, 15)   # (Yellow: played from afar again)
    assert "Waiting" in said(yellow) or "roll" in said(yellow).lower()
    host.wait_for_function("() => ludoLive.panel.room && ludoLive.panel.playing")
    assert json.loads(record_lines(games, 2)[0])["names"] == {"Y": "Ben"}
    host.get_by_role("button", name="Close the room").click()        # the table ends it (asked once more)
    confirm_if_asked(host)
    host.wait_for_function("() => !ludoLive.panel.room")
    yellow.wait_for_function("() => ludoLive.panel.state === 'closed'")
    assert board.app.remote == 0


def test_public_url_is_in_the_links_and_their_qr_codes(tmp_path, chromium):
    import segno
    board, svc, games = start_table(tmp_path, public_url="https://ludo.example.ts.net")
    try:
        new_game(board, svc, 2)
        host = open_table(chromium, svc)
        links = make_room(host)
        link = links["Y"]
        assert link.startswith("https://ludo.example.ts.net/seat?t=")
        assert host.locator("#play-local").count() == 0
        path = host.locator("#play-seats .seat-link[data-seat=Y] svg.qr path").get_attribute("d")
        matrix = segno.make(link, error="m", micro=False).matrix
        dark = set()
        for part in path.split("M")[1:]:
            x, rest = part.split(" ", 1)
            y, width = rest.split("h", 1)
            for dx in range(int(width.split("v")[0])):
                dark.add((int(x) + dx - 4, int(y) - 4))
        assert dark == {(x, y) for y, row in enumerate(matrix) for x, v in enumerate(row) if v}
    finally:
        svc.stop()
        board.close()


def test_the_html_replay_names_the_players_and_says_who_resigned(tmp_path, chromium):
    """`ludo-host replay --html`: the players' names beside their colours, and at the end
    "Anna (Red) won: Ben (Yellow) resigned", not "Result: R (resigned)"."""
    g = ludo.Game("strict", players=2, seed=3)
    g.roll()
    g.resign("Y")
    rec = g.record()
    rec.header["names"], rec.footer["names"] = {"R": "Anna"}, {"Y": "Ben"}
    (tmp_path / "g.ludo").write_text(str(rec))
    out = run_cli("replay", tmp_path / "g.ludo", "--html", tmp_path / "g.html")
    assert out.returncode == 0, out.stderr
    page = chromium.new_page(viewport=PHONE)
    page.goto((tmp_path / "g.html").as_uri())
    assert "Red Anna" in page.locator("#meta").inner_text() and "Yellow Ben" in page.locator("#meta").inner_text()
    page.keyboard.press("End")
    assert page.locator("#result").inner_text() == "Anna (Red) won: Ben (Yellow) resigned"
