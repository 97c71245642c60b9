# A new game's save (newgame.py's job, once the old game has ended): the new
# game's save is written (erasing the old one), early, while the heap holds
# least: its image (as long as the old save, savewrite.py) needs one piece of
# free memory.  The header needs only the checked options and seats (the game
# is made later).
from ludo import dice
from ludo.dice import commitment

from . import drop
from .names import SEATS


def run(app, spec):
    """Stages: the time it starts at, its seed, and its save (spec.now, spec.seed)."""
    now = None
    if app.clock[0] is not None:
        yield
        now = _now(app)
    spec.now = now
    if spec.seed is None:
        spec.seed = dice.new_seed()     # (looked up now: tests fix it)
    yield
    import ludoboard.savewrite          # compiled in a pass of its own, before the image
    yield
    if not ludoboard.savewrite.save_start(app.saves, _header(spec.rules, spec.kinds, spec.hand,
                                                             spec.seed, now)):
        print(app.saves.error)
    drop("ludoboard.savewrite")


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
