# Loading the set-up menu: a job (app.run_job) that compiles its modules one a
# loop pass, then shows it.  Compiling needs about 100 bytes a line of code
# beyond what a module keeps: one small module at a time fits beside a
# finished game (docs/board-memory.md, The menus).
import gc
import sys

from . import const, drop, players

_MENU = const(0)            # controls.py's modes

# the largest to compile first, while the least is kept
_PARTS = ("ludoboard.menu_lights_items", "ludoboard.menu_options", "ludoboard.menu",
          "ludoboard.menu_select", "ludoboard.menu_steps", "ludoboard.menu_lights")


def load(app, first_page):
    # Queue the loading, unless the menu is shown or on its way.
    if app._menu is None and app.menu_job is None:
        app.menu_job = _loading(app, first_page)
        app.jobs.append(app.menu_job)


def finish(app):
    # The rest of the loading now (a press while it loads waits for it), a
    # collection between the modules on the board; the menu is shown at once.
    load(app, False)
    job = app.menu_job
    for _ in job:
        if sys.implementation.name != "cpython":
            gc.collect()
    if job in app.jobs:
        app.jobs.remove(job)
    if app.mode == _MENU:
        app.draw(app.hw.ticks_ms())


def _loading(app, first_page):
    yield                           # this module was compiled in this pass
    for name in _PARTS:
        __import__(name)
        yield
    if app.menu_state is None:      # the first time, or after a game the PC started
        app.menu_state = first_state(app.game, app.hand)
    from .menu import Menu
    m = Menu(players.available(), app.menu_state)
    m.can_leave = app.can_leave
    if first_page:
        m.open(0)
    app._menu = m
    app.menu_job = None
    app.dirty = True
    drop("ludoboard.menu_load")


def first_state(game=None, hand=False):
    # The set-up of `game` (a game taken up after a reset, or one the PC started): its
    # preset, players, computer seats, dice, and each option as it is set.  Without one:
    # classic, four people, its options (all the house rules) as the rules default them.
    # Written out, not asked of the rules: asking compiles their option checks, too big
    # to compile beside a finished game (tests/board/test_menu_loading.py checks both).
    if game is not None:
        from ludo.game import KINDS
        from ludo.rules import PRESETS
        from .menu_options import index_of, names_of
        options = game.options
        names = names_of(options)
        values = {}
        for n in names:
            values[n] = index_of(n, options[n])
        kinds = bytearray(4)
        for s in game.seats:
            kinds[s] = KINDS.index(game.kinds.get("RGYB"[s], "human"))
        return (PRESETS.index(game.preset), len(game.seats), hand, bytes(kinds), values, list(names),
                names, tuple(game.seats), 0, 0)
    names = ["stars", "capture_bonus", "centre_bonus", "three_sixes", "blockades", "rebound",
             "entry_on_1", "highest_starts", "tokens_to_win"]
    values = {}
    for i in range(9):
        values[names[i]] = 1 if i < 3 else 0     # stars, capture bonus, centre bonus: on
    return (1, 4, False, bytes(4), values, [], names, (0, 1, 2, 3), 0, 0)
