# The board's start-up (the rest of App()): the pixel map, the saved game taken
# up again after a reset (its transcript replayed, the position shown to be
# checked), the errors, the map check.  Loaded once and dropped again.  A new
# game is a job of the app (app.py's start_game: newcheck.py, newstart.py).
import ludo

from . import drop, places
from .controls import CHECK, MAP_CHECK
from .die_lights import show_banner


def new_game(preset, players, options, seed, start, kinds, dice):
    g = ludo.Game(preset, players=players, seed=seed, options=options, start=start, dice=dice)
    for letter in sorted(kinds):
        g.set_kind(letter, kinds[letter])   # before the first action: part of the set-up
    return g


def game_from_header(h):
    # The game a saved header starts (raises if it cannot: saveread.py says so).
    return new_game(h["preset"], h["players"], h["options"], int(h["seed"]), h.get("start"),
                    h.get("kinds") or {}, h.get("dice", "device"))


def boot(app, settings):
    from .pixelmap import PixelMap         # needed once: keep its table, drop its code
    pixmap = PixelMap(app.hw.pixel_count)
    pixmap.load_file(settings.get("LUDO_PIXEL_MAP", "pixelmap.json"))
    app.pixel = pixmap.pixel        # pixel index per place id
    errors = app.errors
    if pixmap.error:
        errors.append(pixmap.error)
    pixmap = PixelMap = None
    map_check = settings.get("LUDO_MAP_CHECK", 0) == 1
    if not map_check:
        drop("ludoboard.pixelmap")
    resume(app)
    if app.saves.error:
        errors.append(app.saves.error)
    for e in errors:
        print(e)
    if errors:
        show_banner(app, 10, -1, 0)         # die_lights.py's B_ERROR
    if map_check:
        app.mode_before_map = app.mode
        app.mode = MAP_CHECK


def resume(app):
    # Take up the saved game, if any: replay its transcript (saveread.py: each action
    # checked against the rules) and show the position (CHECK).
    got = app.saves.load(game_from_header)
    # the replay loaded ludo.extras (push_transcript_code); a game that needs it again
    # (club's door, a roll-off, resigning) loads it then
    drop("ludo.extras")
    if got is None:
        return
    g, header, rolled = got
    if g.commitment:                # (of the set-up too: worked out now, and its code dropped)
        drop("ludo.commit")
    app.game = g
    app.hand = header.get("dice") == "hand"
    app.can_leave = True
    app.refresh()
    app.last_origin = places.NONE
    app.mode = CHECK
    app.computers_needed()
