"""Seat links under hostile or careless visitors (issue 25), on the fake board (the rules
core behind the serial protocol, on a real pty read by the real logger) over real HTTP
and WebSockets: the 45 s rule from the moment a seat is taken; one seat's flood does not
stall the room; watchers cannot lock the players out."""
import asyncio
import time

import aiohttp
import pytest

from conftest import wait_until
from test_web_seats import Page, board, make_room, record, run, service, soon, token  # noqa: F401 (fixtures)
from ludo_host.web.room import AWAY_S


def test_the_45_s_rule_holds_from_the_moment_the_seat_is_taken_before_any_roll(service, board):
    svc, clock, games = service
    board.new_game("classic", players=2)
    assert wait_until(lambda: svc.live.turn() == "R", 10)

    async def go():
        async with aiohttp.ClientSession() as http:
            host, links = await make_room(http, svc, "Y")
            seat = await Page.open(http, svc, token(links["Y"]))
            assert await seat.ask({"type": "join"}) == {"type": "done", "action": "join"}
            await seat.close()                        # gone before anyone rolled
            assert await soon(lambda: svc.seating.room.seats["Y"].away_since is not None)
            clock.now += AWAY_S + 10
            assert await soon(lambda: board.game.kinds.get("Y") == "medium", 10), board.game.kinds
            assert (await host.view("room", lambda v: v["seats"][1].get("covered")))["seats"][1]["covered"]
            # Back: control returns.
            seat = await Page.open(http, svc, token(links["Y"]))
            assert await soon(lambda: board.game.kinds.get("Y") == "remote" or "Y" in board.remote, 10)
            await seat.close()
            await host.close()
    run(go())
