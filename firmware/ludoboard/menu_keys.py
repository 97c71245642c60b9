# The set-up menu's last press: start the game with what is chosen, leave for
# the game it came from (back on its first page), or refuse.  Loaded for that
# press only (menu_steps.py).
from . import const
from ludo.game import KINDS
from ludo.rules import SEAT_LETTERS

_PLAY = const(2)            # controls.py's modes
_OVER = const(4)


def start_or_leave(app, done):
    # done: 2 start, 3 leave, 4 refuse (menu_steps.py)
    if done == 2:
        m = app.menu
        kinds = {}
        for s in m.seats():
            if m.kinds[s]:
                kinds[SEAT_LETTERS[s]] = KINDS[m.kinds[s]]
        choices = (m.preset_name(), m.count(), m.options(), kinds, m.hand)
        m = None
        app.close_menu()            # its code is freed for the game's beginning
        try:
            app.start_game(*choices)
            return
        except ValueError as exc:   # the rules refuse: the menu comes back as it was
            print("menu: " + str(exc))
        done = 4
    if done == 3:
        app.close_menu()
        app.mode = _OVER if app.game.is_over() else _PLAY
        app.dirty = True
    else:
        app.refuse()
