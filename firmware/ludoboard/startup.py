# The board's start-up (the end of App(), which releases the code each part
# needed before the next): the pixel map, the saved game read and taken up again
# after a reset (its transcript replayed, the position shown to be checked), the
# errors, the map check, the first mode.  A new game is a job of the app (app.py's
# start_game: newgame.py).
#
# Reading replays the save (saves.py has its format) into its game: the header,
# the packed codes, then the entries, each taken only when its check matches the
# next index and the rules accept it.  Nothing read from NVM raises out of here:
# what cannot be taken ends the game resumed, with one line in saves.error.  The
# format before ("L1": 2-byte entries, an 8-bit check) is read too, and rewritten
# in this one at the next action (save_image.py).
import ludo

from . import const, load, transient, painter
from .names import MENU, CHECK, MAP_CHECK, SIG_ERROR
from .scene import NONE
from .saves import ENTRY, entry_check
from .save_image import MAGIC, crc16, game_salt, header_in_nvm, written_end

_FEED_EVERY = const(64)     # feed the watchdog while replaying a long save
_CODES = const(142)         # transcript codes are 1..141 (122..141: a seat handed to a kind)
_L1_CODES = const(138)      # the L1 format's firmware knew 1..137 (no Expert then)
_TORN = const(1)
_REFUSED = const(2)
_NO_MEMORY = const(3)
_WHY = ("is torn or corrupt", "is against the rules", "found no memory to replay it")

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
    app.computers = load("ludoboard.players", True).available()     # (its code loads when needed)
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
        painter.show(app, SIG_ERROR)
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
    got = read(app.saves, game_from_header)
    # the replay loaded ludo.extras (push_transcript_code); a game that needs it again
    # (club's door, a roll-off, resigning) loads it then
    transient("ludo.extras")
    transient("ludoboard.save_image")
    if got is None:
        return MENU
    g, header, _ = got
    if g.commitment:                # (of the set-up too: worked out now, and its code released)
        transient("ludo.commit")
    app.game = g
    app.hand = header.get("dice") == "hand"
    app.can_leave = True
    app.refresh()
    app.last_origin = NONE
    app.computers_needed()
    return CHECK


def read(saves, make):
    """Read the save and replay it: make(header) gives its game (or raises).  Returns
    (game, header, rolled) with every saved action taken, or None (no save, or none usable).
    """
    saves.active = False
    saves.count = 0
    nvm = saves.nvm
    if nvm is None:
        return None
    size = saves.size
    old = nvm[0] == 0x4C and nvm[1] == 0x31         # "L1", the format before
    if not old and (nvm[0] != MAGIC[0] or nvm[1] != MAGIC[1]):
        if written_end(nvm, size):
            saves.error = "save: NVM holds no readable save (cut while it was rewritten, or not a Ludo save)"
        return None
    hlen = nvm[2] | (nvm[3] << 8)
    if hlen < 2 or 6 + hlen + 2 > size:
        saves.error = "save: header length %d is impossible (save ignored)" % hlen
        return None
    at = 4 + hlen
    if crc16(nvm, 4, at) != nvm[at] | (nvm[at + 1] << 8):
        saves.error = "save: header is corrupt (save ignored)"
        return None
    at += 2
    try:
        header = header_in_nvm(nvm)
        packed = header["packed"]
        game = header["game"]
        salt = int(game[:2], 16) if old else game_salt(game)
        if not isinstance(packed, int) or packed < 0 or at + packed + 2 > size:
            raise ValueError
    except Exception:           # (whatever the JSON holds: a wrong type raises TypeError)
        saves.error = "save: header is unreadable (save ignored)"
        return None
    end = at + packed
    if crc16(nvm, at, end) != nvm[end] | (nvm[end + 1] << 8):
        saves.error = "save: packed actions are corrupt (save ignored)"
        return None
    try:
        g = make(header)
    except Exception as exc:
        saves.error = "save: cannot restart its game (%s)" % exc
        return None
    saves.active = True
    saves.salt = salt
    # the packed codes (under one CRC): one the rules refuse ends them
    n = dropped = why = 0           # why: the codes after the last one taken were left (_WHY)
    rolled = False
    while n < packed:
        code = nvm[at + n]
        why = _take(g, code)
        if why:
            dropped = packed - n
            break
        n += 1
        rolled = rolled or code < 8
        if saves.feed is not None and not n % _FEED_EVERY:
            saves.feed()
    # the entries: index n's is the first after the last one taken that checks and fits
    at = end + 2
    stop = written_end(nvm, size)       # past it all is erased: the next entry goes there
    step = 2 if old else ENTRY
    while why != _NO_MEMORY and at < stop and at + step <= size:
        code = nvm[at]
        if old:
            ok = nvm[at + 1] == _old_check(code, n, salt)
        else:
            ok = nvm[at + 1] | (nvm[at + 2] << 8) == entry_check(code, n, salt)
        bad = _take(g, code) if ok and 0 < code < (_L1_CODES if old else _CODES) else _TORN
        at += step
        if not bad:
            n += 1
            dropped = why = 0
            rolled = rolled or code < 8
            if saves.feed is not None and not n % _FEED_EVERY:
                saves.feed()
            continue
        if not dropped:
            why = bad
        dropped += 1
        if old:                         # the old format never skipped an entry
            break
    saves.count = n
    saves.end = size if old or why == _NO_MEMORY else at    # (size: the next action packs the game)
    if why:
        saves.error = "save: action %d's save %s; resumed from the %d before it (dropped: %d)" % (
            n + 1, _WHY[why - 1], n, dropped)
    if old:
        print("save: written by an older firmware (L1); taken up, and rewritten at the next action")
    return g, header, rolled


def _take(g, code):
    """0 when the game took the code, _REFUSED when the rules did not, _NO_MEMORY when
    there was no memory for it (not the save's fault).
    """
    try:
        g.push_transcript_code(code)
        return 0
    except MemoryError:
        return _NO_MEMORY
    except Exception:           # (an unknown code's text is an IndexError, not a ValueError)
        return _REFUSED


def _old_check(code, index, salt):
    """The L1 format's check: CRC-8 (polynomial 0x07) of code ^ 0x5A, the index's two bytes, salt."""
    c = 0
    for byte in (code ^ 0x5A, index & 255, (index >> 8) & 255, salt):
        c ^= byte
        for _ in range(8):
            c = ((c << 1) ^ 0x07) & 255 if c & 128 else (c << 1) & 255
    return c
