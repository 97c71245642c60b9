"""The seat page played as a person plays it, by touch, in Playwright driving Debian's
Chromium (a phone: 390 px wide, a touch screen), against `ludo-host web` on the fake board
(tests/host/fakeboard.py: the rules core behind the serial protocol, on a real pty read by
the real logger).  The test plays the table's side on the board itself.

A tap on a token and then on its lit destination moves it; a slip on Resign is cancelled
and the game goes on; the friend sees their own roll a moment before the next player's;
a capture is told to the captured friend in words; the table's page counts the 45 s down
while a friend is away, and the friend, back, reads what the computer played for them (once);
a link gone silent (a network lost without a word) is said lost and made again."""
import json
import re
import time

import pytest

from conftest import Clock, wait_until
from fakeboard import FakeBoard
from ludo_host.web import WebService
from ludo_host.web.room import AWAY_S

# (bypass_csp: Playwright's wait_for_function evaluates its text, which the page's CSP forbids)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 1, "bypass_csp": True}


@pytest.fixture
def table(tmp_path):
    """The fake board and `ludo-host web`'s service on it (quick to start: the rules core, no
    firmware), one each per test, since a room outlives its game; the seat links on a clock
    the test sets.  The browser is the module's."""
    tmp = tmp_path
    board = FakeBoard(tmp / "board-port", seed=7)
    board.plug()
    games = tmp / "games"
    games.mkdir()
    clock = Clock()
    svc = WebService(str(games), board.link, status_stream=open(tmp / "web.txt", "w"), clock=clock)
    svc.start()
    assert wait_until(lambda: svc.logger.answered, 15)
    yield board, svc, games, clock
    svc.stop()
    board.close()


def record(svc):
    with svc.live.lock:
        return list(svc.live.lines)


def new_game(board, svc, players=2):
    """A new classic game on the board, its first roll made at the table (Red's), and a room
    of its own (the room of the test before would go on into a next game of the same seats:
    the table closes it)."""
    svc.seating.close_room()
    gid = board.new_game("classic", players=players)
    board.press("roll")
    assert wait_until(lambda: len(record(svc)) == 2 and gid in svc.live.game_key, 10)
    assert wait_until(lambda: svc.seating.room is None or svc.seating.game_key == svc.live.game_key, 10)


def make_room(chromium, svc, seats):
    """The table's page: "Play a friend (send a link)" for `seats`; {seat: link}."""
    page = chromium.new_page(viewport={"width": 1180, "height": 900}, bypass_csp=True)
    page.goto(svc.host_url)
    page.wait_for_function("ludoLive.panel && ludoLive.panel.playing && !ludoLive.panel.room")
    for box in page.query_selector_all("#play-seats .send-link"):
        if box.get_attribute("value") not in seats:
            box.uncheck()
    page.click("[data-action=room]")
    page.wait_for_function("ludoLive.panel && ludoLive.panel.room")
    links = dict(page.eval_on_selector_all(
        "#play-seats .seat-link", "rows => rows.filter(r => r.querySelector('a'))"
        ".map(r => [r.dataset.seat, r.querySelector('a').href])"))
    return page, links


def join(chromium, link):
    """A friend's phone opens the link and taps Join."""
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("[data-action=join]")
    page.tap("[data-action=join]")
    page.wait_for_function("ludoLive.panel && ludoLive.panel.state === 'remote'")
    return context, page


def friend_joins(chromium, svc, seat):
    """The table sends `seat` a link (its page closed after); a friend's phone joins by it.
    Returns ({seat: link}, the phone's context, its page)."""
    host, links = make_room(chromium, svc, seat)
    host.close()
    context, page = join(chromium, links[seat])
    return links, context, page


def table_plays(board, svc, seat="R", choose=None):
    """The table plays its seat's turns until it is `seat`'s turn no more (or the game ends)."""
    for _ in range(200):
        with board.lock:
            g = board.game
            if g.is_over() or "RGYB"[g.turn] != seat:
                return
            if g.needs_roll():
                board.press("roll")
                continue
            moves = list(g.legal_moves)
            pick = choose(moves) if choose else moves[0]
            board._action(lambda: g.push(pick))


def caught_up(board, svc, page):
    """The page shows every line the board has played."""
    assert wait_until(lambda: len(record(svc)) == len(board.lines), 10)
    page.wait_for_function("ludoLive.steps.length === %d" % len(board.lines))


def my_choices(page, board=None, svc=None):
    """The seat's choices as its page has them, once it shows every line the board played."""
    if board is not None:
        caught_up(board, svc, page)
    page.wait_for_function("ludoLive.panel && (ludoLive.panel.choices || ludoLive.panel.over)", timeout=10000)
    return page.evaluate("ludoLive.panel.choices")


def tap_place(page, place):
    """A finger on the board at the middle of a place."""
    x, y = page.evaluate("""place => {
        var c = ludoLive.draw.centre(place), svg = document.getElementById('board');
        var m = svg.getScreenCTM();
        return [m.a * c[0] + m.e, m.d * c[1] + m.f];
    }""", place)
    page.touchscreen.tap(x, y)


def test_a_tap_on_a_token_then_on_its_lit_place_moves_it(chromium, table):
    board, svc, games, clock = table
    new_game(board, svc)
    links, context, page = friend_joins(chromium, svc, "Y")
    try:
        # A friend's page: no instructions for the board's buttons, no keyboard hints on a
        # touch screen, the sound switch on.
        assert page.inner_text("#buttons") == ""
        assert not page.is_visible("#play-keys")
        assert page.is_checked("#play-alert-on")
        for _ in range(60):
            table_plays(board, svc, "R")
            c = my_choices(page, board, svc)
            if c is None:
                break
            if c["roll"]:
                page.tap("[data-action=roll]")
                page.wait_for_function("!ludoLive.panel.choices || !ludoLive.panel.choices.roll")
                continue
            if not c["moves"]:
                page.tap("[data-action=pass]")
                page.wait_for_function("!ludoLive.panel.choices || ludoLive.panel.choices.roll")
                continue
            break
        assert c and c["moves"], "Yellow never had a move"
        assert page.evaluate("ludoLive.alerts") >= 1                 # "your turn" was given
        assert page.title() == "Your turn \u00b7 Ludo: Yellow"
        # The move buttons name places as a person sees them.
        labels = page.eval_on_selector_all("#play-buttons button.move", "bs => bs.map(b => b.innerText)")
        assert labels and all(re.search(r"Y\d: (out of the yard|\d+ squares?)", t) for t in labels), labels
        assert not any("square " in t or re.search(r"to \d", t) for t in labels), labels
        # Focusing a move button lights its token and its place on the board.
        first = c["moves"][0]
        page.focus("#play-buttons button.move")
        assert page.get_attribute("#pick .from", "data-place") == first["from_place"]
        assert page.get_attribute("#pick .dest", "data-place") == first["to_place"]
        page.evaluate("document.activeElement.blur()")
        # A tap on the token lights where it can go; a tap there moves it.
        tap_place(page, first["from_place"])
        assert page.evaluate("ludoLive.selected") == first["token"]
        lit = page.eval_on_selector_all("#pick .dest.lit", "cs => cs.map(c => c.dataset.place)")
        assert first["to_place"] in lit
        before = len(record(svc))
        tap_place(page, first["to_place"])
        mine = [m["move"] for m in c["moves"] if m["token"] == first["token"] and m["to_place"] == first["to_place"]]
        assert wait_until(lambda: len(record(svc)) > before, 10)
        assert record(svc)[before] in mine
        # What happened, in words, for the one who did it.
        page.wait_for_function("document.getElementById('play-news').textContent.indexOf('You moved') === 0")
        # The off switch is remembered.
        page.uncheck("#play-alert-on")
        assert page.evaluate("localStorage.getItem('ludo-turn-alert')") == "off"
        page.reload()
        page.wait_for_function("ludoLive.panel && ludoLive.panel.state === 'remote'")
        assert not page.is_checked("#play-alert-on")
    finally:
        context.close()


def test_a_slip_on_resign_is_cancelled_and_the_game_goes_on(chromium, table):
    board, svc, games, clock = table
    new_game(board, svc)
    links, context, page = friend_joins(chromium, svc, "Y")
    try:
        table_plays(board, svc, "R")
        page.wait_for_selector("#play-quit [data-action=resign]")
        # Resign sits apart, under the moves, not where a move button was.
        quit_box = page.eval_on_selector("#play-quit [data-action=resign]", "b => b.getBoundingClientRect().top")
        last_move = page.eval_on_selector_all("#play-buttons button",
                                              "bs => Math.max.apply(null, bs.map(b => b.getBoundingClientRect().bottom))")
        assert quit_box > last_move
        page.tap("#play-quit [data-action=resign]")
        assert page.evaluate("ludoLive.asking()") == "Resign? Your tokens leave the board."
        page.tap("#play-confirm-no")
        assert page.evaluate("ludoLive.asking()") is None
        time.sleep(0.5)
        assert not any(line.startswith("resign") for line in record(svc))
        c = my_choices(page, board, svc)                                    # the game goes on: Yellow plays
        assert c is not None
        before = len(record(svc))
        page.tap("#play-buttons button")
        assert wait_until(lambda: len(record(svc)) > before, 10)
        # Meant it: Resign, then Yes.
        page.tap("#play-quit [data-action=resign]")
        time.sleep(0.4)                                          # (a double tap is not a yes)
        page.tap("#play-confirm-yes")
        assert wait_until(lambda: "resign Y" in record(svc), 10), record(svc)[-3:]
        assert wait_until(lambda: svc.live.footer is not None, 10)
    finally:
        context.close()


def test_the_friend_sees_their_roll_a_moment_and_hears_of_a_capture(chromium, table):
    board, svc, games, clock = table
    new_game(board, svc)
    links, context, page = friend_joins(chromium, svc, "Y")
    try:
        # Yellow's roll that no token can use (all in the yard, not a 6): the turn passes, and
        # Red's roll follows at once; Yellow still reads their own roll and sees their die.
        for _ in range(30):
            table_plays(board, svc, "R")
            c = my_choices(page, board, svc)
            assert c is not None and c["roll"], page.evaluate("ludoLive.panel")
            before = len(record(svc))
            page.tap("[data-action=roll]")
            assert wait_until(lambda: len(record(svc)) > before, 10)
            mine = record(svc)[-1]
            if "RGYB"[board.game.turn] == "Y":                  # a 6: play it and try again
                table_plays(board, svc, "Y")
                continue
            board.press("roll")                                  # Red, at once
            caught_up(board, svc, page)
            news = page.inner_text("#play-news")
            assert news.startswith("You rolled %s. No token can use it" % mine.split(" ")[1]), news
            assert page.get_attribute("#die", "data-value") == mine.split(" ")[1]
            page.wait_for_function("document.getElementById('play-news').textContent.indexOf('Red rolled') === 0",
                                   timeout=8000)
            break
        else:
            pytest.fail("Yellow rolled a 6 every time")
        # The table plays on (Yellow's turns too, at the board) until Red captures Yellow.
        captured = None
        for _ in range(6000):
            if board.game.is_over():          # no capture in that game: the next one (the room goes on)
                new_game(board, svc)
            with board.lock:
                g = board.game
                if g.needs_roll():
                    board.press("roll")
                    continue
                moves = list(g.legal_moves)
                pick = moves[0] if "RGYB"[g.turn] == "Y" else ([m for m in moves if m.captures] or [moves[-1]])[0]
                board._action(lambda: g.push(pick))
                caps = [e.split(" ")[1] for e in g.last_events if e.startswith("capture Y")]
                if caps:
                    captured = caps[0]
                    break
        assert captured, "Red never captured Yellow"
        caught_up(board, svc, page)
        news = page.inner_text("#play-news")
        assert "Red captured your %s: it goes back to the yard." % captured in news, news
        assert "hurt" in page.get_attribute("#play-news", "class")
        # The table's page says it for everyone, without "your".
        watch = chromium.new_page(bypass_csp=True)
        watch.goto(svc.url)
        caught_up(board, svc, watch)
        last = [st for st in watch.evaluate("ludoLive.steps") if st["line"] and "x" in st["line"]][-1]
        assert "Red captured Yellow's %s: it goes back to the yard." % captured in last["said"]
        assert watch.inner_text("#buttons") == ""                   # a watcher: no board buttons
        watch.close()
    finally:
        context.close()


def test_away_the_table_counts_down_and_the_friend_back_reads_what_the_computer_played(chromium, table):
    board, svc, games, clock = table
    new_game(board, svc, players=3)
    host, links = make_room(chromium, svc, "Y")
    context, page = join(chromium, links["Y"])
    context.close()                                             # the friend's phone is gone
    host.wait_for_function("document.getElementById('play-away').textContent.indexOf('Yellow away') === 0")
    first = host.inner_text("#play-away")
    assert re.fullmatch(r"Yellow away: the computer plays in (4[0-5]) s", first), first
    # The page counts down by itself (two seconds within eight: a room view that comes
    # meanwhile, on a loaded machine, starts it again from the server's figure).
    start = int(first.split(" in ")[1].split(" ")[0])
    host.wait_for_function("parseInt(document.getElementById('play-away').textContent.split(' in ')[1]) <= %d"
                           % (start - 2), timeout=8000)
    clock.now += AWAY_S
    assert wait_until(lambda: svc.seating.room.seats["Y"].covered, 10)
    host.wait_for_function("document.getElementById('play-seats').innerText.indexOf('away: the computer plays its turns') >= 0")
    assert host.inner_text("#play-away") == ""
    host.close()
    # The computer plays Yellow's turns (the fake board's computer: its first legal move).
    board.computers = 0.01
    try:
        for _ in range(100):
            table_plays(board, svc, "R")
            table_plays(board, svc, "G")
            if any(line.startswith("Y") for line in record(svc)[record(svc).index("kind Y medium"):]):
                break
            time.sleep(0.05)
        assert wait_until(lambda: board.game.kinds.get("Y") == "medium" and "RGYB"[board.game.turn] != "Y", 10)
    finally:
        board.computers = None
    context = chromium.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(links["Y"])                                   # back: the seat returns to the friend
        page.wait_for_function("document.getElementById('play-news').textContent.indexOf('While you were away') === 0")
        news = page.inner_text("#play-news")
        assert re.match(r"While you were away the computer played for you: (Y\d |rolled \d, no move)", news), news
        # The page opened again (a reload, a network blip): that summary is old news, and
        # the computer played nothing meanwhile: it is not told again as if it were.
        page.reload()
        page.wait_for_function("ludoLive.panel && ludoLive.panel.state === 'remote' && ludoLive.steps.length >= %d"
                               % len(record(svc)))
        time.sleep(0.5)
        assert page.inner_text("#play-news") == ""
    finally:
        context.close()


def test_your_turn_before_any_tap_does_not_vibrate(chromium, table):
    """A seat page opened again (its link, the seat kept) and not tapped yet is told "your
    turn" without a vibration: a browser allows one only after a tap on the page, and logs
    an error for it before.  (This browser counts its automation as a tap, so the page is
    shown a phone's state: no tap yet, and a vibrator that counts.)"""
    board, svc, games, clock = table
    new_game(board, svc)
    links, context, page = friend_joins(chromium, svc, "Y")
    try:
        page.close()
        context.add_init_script("""
            Object.defineProperty(navigator, 'userActivation', {value: {hasBeenActive: false}});
            window.vibrations = 0;
            navigator.vibrate = function () { window.vibrations += 1; return true; };""")
        page = context.new_page()
        page.goto(links["Y"])
        page.wait_for_function("ludoLive.panel && ludoLive.panel.state === 'remote'")
        for _ in range(60):
            table_plays(board, svc, "R")
            c = my_choices(page, board, svc)
            if page.evaluate("ludoLive.alerts") >= 1 or c is None:
                break
        assert page.evaluate("ludoLive.alerts") >= 1, "Yellow's turn never came"
        assert page.evaluate("window.vibrations") == 0
    finally:
        context.close()


def test_a_link_gone_silent_is_said_lost_and_made_again_and_a_tap_meanwhile_is_not_lost_silently(chromium, table):
    """The phone's network drops (Wi-Fi gone, nothing closes the connection): the server
    hears no answer to its heartbeat and drops the page, but no word of that reaches the
    phone. The page went on saying "Connected to the board." with a dead link, and a tap on
    Roll went nowhere without a word. Now a page that has heard nothing for a while (the
    heartbeat comes every 5 s) says the link is lost and makes it again; a tap while it is
    down says so."""
    board, svc, games, clock = table
    new_game(board, svc, players=2)
    links, context, page = friend_joins(chromium, svc, "Y")
    try:
        table_plays(board, svc, "R")
        assert my_choices(page, board, svc)["roll"]
        # A dead network: nothing more comes in, and the closing never arrives.
        page.evaluate("window.deadSocket = ludoLive.socket;"
                      "ludoLive.socket.onmessage = null; ludoLive.socket.onclose = null;")
        page.wait_for_function("window.deadSocket.readyState === 3", timeout=20000)   # (the server dropped it)
        page.tap("[data-action=roll]")
        assert "Not connected" in page.inner_text("#play-error")
        page.wait_for_function("document.getElementById('link').textContent.indexOf('Lost the link') === 0",
                               timeout=20000)
        page.wait_for_function("ludoLive.socket && ludoLive.socket !== window.deadSocket"
                               " && ludoLive.socket.readyState === 1"
                               " && document.getElementById('link').textContent === 'Connected to the board.'",
                               timeout=20000)
        assert page.inner_text("#play-error") == ""
        assert my_choices(page, board, svc)["roll"]
        n = len(record(svc))
        page.tap("[data-action=roll]")
        assert wait_until(lambda: len(record(svc)) > n and record(svc)[n].startswith("roll"), 10)
    finally:
        context.close()
