# The pause menu (long press on back): hand the seat on turn to the computer
# (or back to a person), resign it, or the set-up menu for a new game.
#
# Loaded when the pause menu opens and dropped when it closes: a game in play
# does not hold this code; which items apply is pause_items.py (small modules
# compile in less), its light pause_lights.py, loaded a loop pass later, and
# what a confirm does pause_actions.py, loaded then.  The items (docs/lights.md,
# Pause menu): 0 hand over, 1 resign, 2 new game; items that do not apply are
# skipped.
from . import const, drop
from .pause_items import first_item

_SELECT = const(1)          # controls.py
_CONFIRM = const(2)
_BACK = const(3)
_PLAY = const(2)            # controls.py's modes
_PAUSE = const(3)
_OVER = const(4)


def press(app, button):
    # A press while the pause menu is shown (or the long press on back that opens it).
    if app.mode != _PAUSE:
        app.pause_item = first_item(app, 0)
        app.mode = _PAUSE
        app.jobs.insert(0, _show(app))  # lit from the next pass on: app.run_job collects first
        return
    elif button == _SELECT:
        app.pause_item = first_item(app, app.pause_item + 1)
    elif button == _CONFIRM or button == _BACK:
        app.mode = _OVER if app.game.is_over() else _PLAY
        drop("ludoboard.pause_lights")
        drop("ludoboard.pause_items")
        drop("ludoboard.pause")     # this function still runs: the module goes with it
        if button == _CONFIRM:
            from .pause_actions import do
            do(app, app.pause_item)
    else:
        app.refuse()
        return
    app.dirty = True


def _show(app):
    yield
    app.dirty = True
