"""Beginning a game: a new one (menu or the PC's `new`), or the saved one after a
reset (reading the save, replaying its transcript).  Loaded only then and
dropped again: a game in progress does not hold this code.
"""
import json

import ludo

from . import places, players
from .controls import PLAY, CHECK
from .saves import MAGIC, FEED_EVERY, crc16, entry_check
from .session import dumps, end_line, players_text

REPLAY_FEED_EVERY = 64      # feed the watchdog while replaying a long save


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


def resume(app):
    """Take up the saved game, if any: replay its transcript and show the position (CHECK)."""
    header = app.saves.load()
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
    now = app.clock_now()
    g = new_game(preset, count, options, seed, now, kinds)
    old = app.game
    link = app.link
    if old is not None and not old.is_over() and link.connected:
        link.send(end_line(old, old.transcript_length + 1, app.rolled))
    app.game = g
    app.rolled = False
    app.hand = hand
    if not app.saves.start(save_header(g, hand)):
        print(app.saves.error)
    if link.connected:
        link.send(start_line(g))
    app.can_leave = True
    app.close_menu()
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
    if nvm[0] != MAGIC[0] or nvm[1] != MAGIC[1]:
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
