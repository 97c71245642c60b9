# A new game's job, last part (after newsave.py): the rules' tables (ludo's
# STEPS after the CHECKS), one a loop pass, the start line (made from the rules,
# before the game: its code compiles beside less), then the game's code, a
# module a pass (ludo.game's layers: a board that has no game has not loaded
# them), the game, the start line sent and the game played, with the reply.
import sys

from ludo.dice import commitment
from ludo.rules import CHECKS, STEPS, build_step

from . import drop, places
from .controls import PLAY
from .session import SEATS

_GAME_LAYERS = ("ludo.actions", "ludo.history", "ludo.moves", "ludo.turns", "ludo.game")


def run(app, args):
    rules, kinds, hand, seed, now, command = args
    for name in STEPS[len(CHECKS):]:
        yield
        build_step(rules, name)
    link = app.link
    line = None
    if link.connected:
        yield
        line = _start_line(rules, kinds, seed, now)
        drop("ludoboard.headers")
    for name in _GAME_LAYERS:
        if name not in sys.modules:
            yield
            __import__(name)
    yield
    from ludo.game import Game
    g = Game(rules, seed=seed, start=now)
    for letter in sorted(kinds):
        g.set_kind(letter, kinds[letter])   # before the first action: part of the set-up
    if line is not None:
        yield
        link.send(line)
        line = None
        yield                       # (the game is played from the next pass: its own garbage)
    app.game = g
    app.rolled = False
    app.hand = hand
    app.can_leave = True
    app.starting = False
    app.computers_needed()
    app.last_origin = places.NONE
    app.turn_seat = -1
    app.mode = PLAY
    app.refresh()
    app.settle()
    if command is not None:
        link.send('{"cmd":"new","re":"ok"}')


def _start_line(rules, kinds, seed, now):
    # The game's first event, as headers.start_line(game) writes it once the game is made.
    from .headers import header_of, start_line
    c = commitment(seed)
    start_kinds = {}
    for s in rules.seats:
        start_kinds[SEATS[s]] = kinds.get(SEATS[s], "human")
    return start_line(c[:8], header_of(c, c[:8], start_kinds, rules.options, rules.seats, None,
                                       rules.preset, now))
