# A new game's job, last part (after newsave.py): the rules' tables (ludo's
# STEPS after the CHECKS), one a loop pass, then the game, the start line (the
# first event) and the game played, with the reply: a loop pass each.
from ludo import Game
from ludo.rules import CHECKS, STEPS, build_step

from . import drop, places
from .controls import PLAY


def run(app, args):
    rules, kinds, hand, seed, now, command = args
    for name in STEPS[len(CHECKS):]:
        yield
        build_step(rules, name)
    yield
    link = app.link
    line_of = None
    if link.connected:              # the start line's code, compiled before the game is made
        from .headers import start_line as line_of
        drop("ludoboard.headers")
        yield
    g = Game(rules, seed=seed, start=now, dice="hand" if hand else "device")
    for letter in sorted(kinds):
        g.set_kind(letter, kinds[letter])   # before the first action: part of the set-up
    if g.commitment:                # (of the set-up too: worked out now, and its code dropped)
        drop("ludo.commit")
    if line_of is not None:
        link.send(line_of(g))
        line_of = None
    yield                           # (the game is played from the next pass: its own garbage)
    app.game = g
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
