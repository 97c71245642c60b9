"""The page's side of issue 25's limits, in headless Chromium (Debian's `chromium`, over the
DevTools protocol): the page answers the server's heartbeat and stays; a link opened on
more pages than the server keeps closes the oldest, which says so and stays closed."""
import asyncio
import aiohttp
import pytest

from cdp import Browser
from conftest import Clock, need_chromium, wait_until
from test_web_seats import Page
from ludo_host.web import WebService
from ludo_host.web.admission import Limits

NO_BOARD = "/dev/no-ludo-board-here"


@pytest.fixture
def quick_service(tmp_path):
    need_chromium()
    svc = WebService(str(tmp_path / "games"), NO_BOARD, status_stream=open(tmp_path / "status.txt", "w"),
                     limits=Limits(beat_every_s=0.3, beat_answer_s=1.0))
    svc.start()
    yield svc
    svc.stop()


def test_the_page_answers_the_heartbeat_and_stays(quick_service):
    svc = quick_service
    with Browser(width=390, height=844) as page:
        page.open(svc.url)
        assert wait_until(lambda: page.eval("ludoLive.beats") >= 8, 15), page.eval("ludoLive.beats")
        assert len(svc.hub.watchers) == 1
        assert "Lost the link" not in page.eval("document.getElementById('link').textContent")


def test_a_link_opened_on_too_many_pages_closes_the_oldest_which_says_so(quick_service):
    svc = quick_service
    with Browser(width=390, height=844) as page:
        page.open(svc.host_url)
        assert wait_until(lambda: page.eval("ludoLive.updates") > 0, 15)

        async def more_pages():
            async with aiohttp.ClientSession() as http:
                others = [await Page.open(http, svc, svc.hub.host_token)    # (they answer the heartbeat)
                          for _ in range(svc.hub.limits.pages_per_link)]
                said = lambda: page.eval("document.getElementById('link').textContent")
                assert await asyncio.to_thread(wait_until, lambda: "opened on another page" in said(), 10), said()
                await asyncio.sleep(1.5)                # (it does not reconnect by itself)
                assert "opened on another page" in said()
                assert sum(1 for w in svc.hub.watchers if w.role == "host") == svc.hub.limits.pages_per_link
                for other in others:
                    await other.close()
        asyncio.run(asyncio.wait_for(more_pages(), 60))


def test_a_seat_page_refused_a_resign_shows_one_error_and_goes_on(tmp_path):
    """Family with 2 players lets no one resign: the seat page (asked by hand, as a
    modified page would) says so in one line and keeps following the game, on the virtual
    board in this process (whose rules core is a copy of its own)."""
    need_chromium()
    from ludo_host.virtual import VirtualBoard
    from ludo_host.web import attach_virtual_board
    games = tmp_path / "games"
    games.mkdir()
    board = VirtualBoard(data_port="pty", realtime=True, settings={"LUDO_SKIP_FIXUPS": 1})
    board.start()
    svc = WebService(str(games), board.data_port_path, status_stream=open(tmp_path / "status.txt", "w"),
                     clock=Clock())
    attach_virtual_board(svc.live, board)
    try:
        svc.start()
        assert wait_until(lambda: svc.logger.answered, 30)
        assert svc.logger.request({"cmd": "new", "preset": "family", "players": 2})["re"] == "ok"
        assert wait_until(lambda: svc.live.turn() == "R", 20)
        other = list(svc.live.seats()[1])[1]
        assert svc.seating.make_room(other) is None
        link = "%s/seat?t=%s" % (svc.base_url, svc.seating.room.seats[other].token)
        with Browser(width=390, height=844) as page:
            page.open(link)
            assert wait_until(lambda: page.eval("ludoLive.panel && ludoLive.panel.state") == "open", 15)
            page.eval("ludoLive.send({type: 'join'})")
            assert wait_until(lambda: page.eval("ludoLive.panel.state") == "remote", 10)
            page.eval("ludoLive.send({type: 'resign'})")
            said = lambda: page.eval("document.getElementById('play-error').textContent")
            assert wait_until(lambda: said() == "this game does not let %s resign now" % other, 10), said()
            steps = page.eval("ludoLive.steps.length")
            board.press("roll")                        # the game goes on: the page follows it
            assert wait_until(lambda: page.eval("ludoLive.steps.length") > steps, 10)
            assert "Lost the link" not in page.eval("document.getElementById('link').textContent")
    finally:
        svc.stop()
        board.close()
