# The board's start-up (the end of App(), which releases the code each part
# needed before the next): the pixel map, the saved game taken up again after a
# reset (its transcript replayed, the position shown to be checked), the errors,
# the map check, the first mode.  A new game is a job of the app (app.py's
# start_game: newgame.py).
import ludo

from . import load, transient_module, places, banners
from .names import MENU, CHECK, MAP_CHECK, SIG_ERROR


def new_game(preset, players, options, seed, start, kinds, dice):
    """A game as a saved header describes it."""
    g = ludo.Game(preset, players=players, seed=seed, options=options, start=start, dice=dice)
    for letter in sorted(kinds):
        g.set_kind(letter, kinds[letter])   # before the first action: part of the set-up
    return g


def game_from_header(h):
    """The game a saved header starts (raises if it cannot: save_image.read says so)."""
    return new_game(h["preset"], h["players"], h["options"], int(h["seed"]), h.get("start"),
                    h.get("kinds") or {}, h.get("dice", "device"))


def boot(app, settings):
    """Stages (App() releases what each leaves behind): the pixel map (its table stays:
    app.pixel, pixel index per place id), the saved game, the errors and the first mode.
    """
    map_check = settings.get("LUDO_MAP_CHECK", 0) == 1     # (the map check keeps its code)
    pixmap = load("ludoboard.pixelmap", not map_check).PixelMap(app.hw.pixel_count)
    pixmap.load_file(settings.get("LUDO_PIXEL_MAP", "pixelmap.json"))
    app.pixel = pixmap.pixel
    if pixmap.error:
        app.errors.append(pixmap.error)
    pixmap = None
    yield
    game_mode = resume(app)
    yield
    errors = app.errors
    if app.saves.error:
        errors.append(app.saves.error)
    for e in errors:
        print(e)
    if errors:
        banners.show(app, SIG_ERROR)
    if map_check:
        app.switch(MAP_CHECK)
        app.screen.then = game_mode
    else:
        app.switch(game_mode)


def resume(app):
    """Take up the saved game, if any: replay its transcript (save_image.py: each action
    checked against the rules); the mode to show it in (CHECK: the position is shown
    to be checked), or MENU without one.
    """
    got = app.saves.load(game_from_header)
    # the replay loaded ludo.extras (push_transcript_code); a game that needs it again
    # (club's door, a roll-off, resigning) loads it then
    transient_module("ludo.extras")
    if got is None:
        return MENU
    g, header, _ = got
    if g.commitment:                # (of the set-up too: worked out now, and its code released)
        transient_module("ludo.commit")
    app.game = g
    app.hand = header.get("dice") == "hand"
    app.can_leave = True
    app.refresh()
    app.last_origin = places.NONE
    app.computers_needed()
    return CHECK
