"""Beginning a game: a new one (menu or the PC's `new`), or the saved one after a
reset (reading the save, replaying its transcript).  Loaded only then and
dropped again: a game in progress does not hold this code.
"""
import json

import ludo

from . import drop, places, players
from .controls import PLAY, CHECK, MAP_CHECK
from .signals import show_banner
from .saves import entry_check
from .session import end_line
from .texts import dumps, players_text

drop("ludoboard.texts")     # held by this module only: freed with it

_MAGIC = b"L1"

REPLAY_FEED_EVERY = 64      # feed the watchdog while replaying a long save
FEED_EVERY = 256            # ... and while scanning the save


def new_game(preset, players, options, seed, start, kinds):
    g = ludo.Game(preset, players=players, seed=seed, options=options, start=start)
    for letter in sorted(kinds):
        g.set_kind(letter, kinds[letter])   # before the first action: part of the set-up
    return g


def save_header(g, hand):
    """What the saves keep to start the same game again (the seed stays on the board)."""
    return {"dice": "hand" if hand else "device", "game": g.game_id, "kinds": dict(g.start_kinds),
            "options": dict(g.options), "packed": 0, "players": players_text(g),
            "preset": g.preset, "seed": "%d" % g.seed, "start": g.start_time}


def game_from_header(h):
    """The game a saved header starts (ValueError / KeyError / TypeError if it cannot)."""
    return new_game(h["preset"], h["players"], h["options"], int(h["seed"]), h.get("start"),
                    h.get("kinds") or {})


def record_header(g):
    """The record header (ludo.record's header_of), with the kinds the game started with."""
    h = {"format": "ludo-record/1", "game": g.game_id, "preset": g.preset, "players": players_text(g),
         "options": dict(g.options), "commitment": g.commitment, "start": g.start_time,
         "kinds": dict(g.start_kinds)}
    if g.root_position:
        h["position"] = g.root_position
    return h


def start_line(g):
    return dumps({"ev": "start", "game": g.game_id, "header": record_header(g), "seq": 0})


def boot(app, settings):
    """The rest of App(): the pixel map, the saved game, the errors, the map check."""
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
        show_banner(app, 10, -1, 0)         # signals.py's B_ERROR
    if map_check:
        app.mode_before_map = app.mode
        app.mode = MAP_CHECK


def resume(app):
    """Take up the saved game, if any: replay its transcript and show the position (CHECK)."""
    header = load(app.saves)
    if header is None:
        return
    try:
        g = game_from_header(header)
    except (ValueError, KeyError, TypeError) as exc:
        app.saves.error = "save: cannot restart its game (%s)" % exc
        return
    saves = app.saves
    rolled = False
    for i in range(saves.count):
        code = saves.code_at(i)
        try:
            g.push_transcript_code(code)
        except ValueError:
            saves.truncate(i)
            saves.error = "save: action %d does not fit the game; resumed before it" % (i + 1)
            break
        if i % REPLAY_FEED_EVERY == 0:
            app.hw.feed()
        if code < 8:
            rolled = True
    app.game = g
    app.rolled = rolled
    app.hand = header.get("dice") == "hand"
    app.can_leave = True
    app.refresh()
    app.last_origin = places.NONE
    app.mode = CHECK
    app.computers_needed()


def start_game(app, preset, count, options, kinds, hand, seed=None):
    """A new game (abandoning the one in progress); raises ValueError if it cannot be played."""
    if not players.available():
        kinds = {}
    now = None
    if app.clock[0] is not None:
        from .clock import now_iso
        now = now_iso(app.clock, app.hw.ticks_ms())
        drop("ludoboard.clock")
    g = new_game(preset, count, options, seed, now, kinds)
    old = app.game
    link = app.link
    if old is not None and not old.is_over() and link.connected:
        link.send(end_line(old, old.transcript_length + 1, app.rolled))
    app.game = g
    app.rolled = False
    app.hand = hand
    if not save_start(app.saves, save_header(g, hand)):
        print(app.saves.error)
    if link.connected:
        link.send(start_line(g))
    app.can_leave = True
    app.close_menu()
    drop("ludoboard.pause")         # a game started (by the PC) from the pause menu
    app.computers_needed()
    app.last_origin = places.NONE
    app.turn_seat = -1
    app.mode = PLAY
    app.refresh()
    app.settle()


def load(saves):
    """Read the save: the header dict (and saves.count) or None when there is none."""
    saves.header = None
    saves.count = 0
    nvm = saves.nvm
    if nvm is None:
        return None
    if nvm[0] != _MAGIC[0] or nvm[1] != _MAGIC[1]:
        if nvm[0] != 0xFF or nvm[1] != 0xFF:
            saves.error = "save: not a Ludo save (ignored)"
        return None
    hlen = nvm[2] | (nvm[3] << 8)
    if hlen < 2 or 6 + hlen + 2 > saves.size:
        saves.error = "save: header length %d is impossible (save ignored)" % hlen
        return None
    at = 4 + hlen
    if crc16(nvm, 4, at) != nvm[at] | (nvm[at + 1] << 8):
        saves.error = "save: header is corrupt (save ignored)"
        return None
    try:
        header = json.loads(bytes(nvm[4:at]).decode())
        packed = header["packed"]
        game = header["game"]
        salt = int(game[:2], 16)
    except (ValueError, KeyError, TypeError):
        saves.error = "save: header is unreadable (save ignored)"
        return None
    at += 2
    if not isinstance(packed, int) or packed < 0 or at + packed + 2 > saves.size:
        saves.error = "save: packed length is impossible (save ignored)"
        return None
    end = at + packed
    if crc16(nvm, at, end) != nvm[end] | (nvm[end + 1] << 8):
        saves.error = "save: packed actions are corrupt (save ignored)"
        return None
    saves.header = header
    saves.packed = packed
    saves.salt = salt
    saves.entries_at = end + 2
    _scan(saves)
    return header

def _scan(saves):
    nvm = saves.nvm
    n = saves.packed
    at = saves.entries_at
    while at + 1 < saves.size:
        code = nvm[at]
        check = nvm[at + 1]
        if code == 0xFF and check == 0xFF:
            break
        if code == 0 or code == 0xFF or check != entry_check(code, n, saves.salt):
            saves.dirty = True
            saves.error = "save: entry %d is torn or corrupt; resumed from the %d before it" % (n, n)
            break
        n += 1
        at += 2
        if saves.feed is not None and n % FEED_EVERY == 0:
            saves.feed()
    saves.count = n
    if not saves.dirty:
        for i in range(at, saves.size):
            if nvm[i] != 0xFF:
                saves.dirty = True
                break


# -- writing the save (saves.py's format) --------------------------------------
def crc16(data, start=0, end=None):
    """CRC-16/CCITT-FALSE of data[start:end] (no copy)."""
    if end is None:
        end = len(data)
    crc = 0xFFFF
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def save_start(saves, header):
    """Begin a new game's save (erases the old one). Returns False if it cannot."""
    saves.header = header
    saves.salt = int(header["game"][:2], 16)
    saves.count = 0
    return rewrite(saves, None)


def rewrite(saves, source):
    """Write header + packed codes (all saved codes if source) as one whole-sector write."""
    if saves.nvm is None:
        saves.error = "save: this board has no NVM; games are not saved"
        return False
    count = saves.count if source is not None else 0
    saves.header["packed"] = count
    head = dumps(saves.header).encode()
    size = saves.size
    total = 4 + len(head) + 2 + count + 2
    if total + 2 > size:
        saves.error = "save: the game no longer fits in NVM; saving stopped"
        return False
    image = bytearray(size)
    for i in range(size):
        image[i] = 0xFF
    image[0] = _MAGIC[0]
    image[1] = _MAGIC[1]
    image[2] = len(head) & 255
    image[3] = len(head) >> 8
    image[4:4 + len(head)] = head
    at = 4 + len(head)
    c = crc16(image, 4, at)
    image[at] = c & 255
    image[at + 1] = c >> 8
    at += 2
    for n in range(count):
        image[at + n] = source.code_at(n)
    end = at + count
    c = crc16(image, at, end)
    image[end] = c & 255
    image[end + 1] = c >> 8
    saves.nvm[0:size] = image
    saves.packed = count
    saves.entries_at = end + 2
    saves.dirty = False
    return True
