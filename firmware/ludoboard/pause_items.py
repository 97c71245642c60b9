# Which pause menu items apply now (pause.py): 0 hand the seat over (computer
# players installed, the game begun and running), 1 resign (where the rules
# allow it), 2 new game (always).  Loaded with pause.py and dropped with it.
from . import players


def first_item(app, start):
    # The first item from `start` on (round) that applies now.
    g = app.game
    ok = (players.available() and g.transcript_length > 0 and not g.is_over(),
          g.rules.can_resign and not g.is_over(),
          True)
    for k in range(3):
        i = (start + k) % 3
        if ok[i]:
            return i
    return 2

