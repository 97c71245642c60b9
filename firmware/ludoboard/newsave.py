# A new game's job, second part (after newcheck.py, before newstart.py): the
# choice makes a game, so the old game ends, and it and the menu's code go;
# then the new game's save is written (erasing the old one), early, while the
# heap holds least: its image (as long as the old save, savewrite.py) needs one
# piece of free memory.  The header needs only the checked options and seats
# (the game is made later).
from ludo import dice
from ludo.dice import commitment

from . import drop
from .controls import MENU
from .session import SEATS, end_line


def run(app, args):
    # args: newcheck.py's; gives (rules, kinds, hand, seed, now, command) to newstart.py.
    rules, kinds, hand, seed, command = args
    link = app.link
    old = app.game
    if old is not None and not old.is_over() and link.connected:
        link.send(end_line(old, old.transcript_length + 1))
    old = app.game = None
    app.mode = MENU                 # (no game, no menu: app.compose paints nothing)
    app.close_menu()
    if command is not None:
        app.menu_state = None       # the PC's game: the set-up menu starts from it
    for name in ("pause", "pause_items", "pause_lights"):   # a game started (by the PC) from the pause menu
        drop("ludoboard." + name)
    app.computers_needed()          # the old game's computer players go too
    now = None
    if app.clock[0] is not None:
        yield
        now = _now(app)
    if seed is None:
        seed = dice.new_seed()      # (looked up now: tests fix it)
    yield
    import ludoboard.savewrite          # compiled in a pass of its own, before the image
    yield
    if not ludoboard.savewrite.save_start(app.saves, _header(rules, kinds, hand, seed, now)):
        print(app.saves.error)
    drop("ludoboard.savewrite")
    return rules, kinds, hand, seed, now, command


def _now(app):
    from .clock import now_iso
    try:
        return now_iso(app.clock, app.hw.ticks_ms())
    finally:
        drop("ludoboard.clock")


def _header(rules, kinds, hand, seed, now):
    # What the save keeps to start the same game again (the seed stays on the board).
    seats = "".join(SEATS[s] for s in rules.seats)
    start_kinds = {}
    for letter in seats:
        start_kinds[letter] = kinds.get(letter, "human")
    return {"dice": "hand" if hand else "device", "game": commitment(seed)[:8], "kinds": start_kinds,
            "options": dict(rules.options), "packed": 0, "players": seats, "preset": rules.preset,
            "seed": "%d" % seed, "start": now}
