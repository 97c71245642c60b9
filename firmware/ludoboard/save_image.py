# Reading the save at the boot, and writing a whole image of it: a new game's,
# or the game's codes packed one byte each when the entries reach the end of the
# sector (or the save is an older firmware's).  The format is saves.py's.
# Loaded for those only and released again, so a game in play holds only
# saves.py's appending.
#
# Reading replays the save into its game: the header, the packed codes, then the
# entries, each taken only when its check matches the next index and the rules
# accept it.  Nothing read from NVM raises out of here: what cannot be taken ends
# the game resumed, with one line in saves.error.  The format before ("L1":
# 2-byte entries, an 8-bit check) is read too, and rewritten in this one at the
# next action.
#
# Writing is one write of an image made here, from the sector's start to the end
# of what it holds now (past that every byte is erased already: the write keeps
# them).  These are the only writes over written bytes, so the only ones that
# erase the sector: a power cut during one loses the save (docs/saves.md).  The
# header is compact JSON (read back with json.loads: its keys need no order,
# unlike the lines to the PC).
import json

from ludo.dice import commitment
from . import const
from .names import SEATS
from .saves import CHECK_POLY, ENTRY, crc_byte, entry_check

MAGIC = b"L2"
_ROOM = const(32)           # entries a packed save leaves room for, or saving stops (not an erase an action)
_FEED_EVERY = const(64)     # feed the watchdog while replaying a long save
_CODES = const(138)         # transcript codes are 1..137 (122 + 4 seats * 4 kinds - 1)
_TORN = const(1)
_REFUSED = const(2)
_NO_MEMORY = const(3)
_WHY = ("is torn or corrupt", "is against the rules", "found no memory to replay it")


def header_for(rules, kinds, hand, seed, now):
    """The header of a new game's save: what starts the same game again (the seed stays
    on the board).
    """
    seats = "".join(SEATS[s] for s in rules.seats)
    start_kinds = {}
    for letter in seats:
        start_kinds[letter] = kinds.get(letter, "human")
    return {"dice": "hand" if hand else "device", "game": commitment(seed)[:8], "kinds": start_kinds,
            "options": dict(rules.options), "packed": 0, "players": seats, "preset": rules.preset,
            "seed": "%d" % seed, "start": now}


def crc16(data, start=0, end=None):
    """CRC-16/CCITT-FALSE of data[start:end] (no copy)."""
    if end is None:
        end = len(data)
    crc = 0xFFFF
    for i in range(start, end):
        crc = crc_byte(crc, data[i], 0x1021)
    return crc


def game_salt(game):
    """The start of every entry's check: the CRC of the game id's four bytes (8 hex digits)."""
    crc = 0xFFFF
    for i in range(0, 8, 2):
        crc = crc_byte(crc, int(game[i:i + 2], 16), CHECK_POLY)
    return crc


def start(saves, header):
    """Begin a new game's save (erases the old one). Returns False if it cannot."""
    saves.header = header
    saves.active = True
    saves.salt = game_salt(header["game"])
    saves.count = 0
    return rewrite(saves, None)


def rewrite(saves, game):
    """Write header + packed codes (all of game's transcript, if a game) in one write.
    The header is kept only while it is written: packing reads it from NVM again.
    """
    try:
        return _rewrite(saves, game)
    finally:
        saves.header = None


def written_end(nvm, size):
    """The end of what the sector holds: every byte past it is erased (0xFF).  A new
    game's image reaches only this far (or to its own end), not the sector's 4 KB:
    the write leaves the erased rest as it is, in the same one erase.
    """
    end = size
    while end and nvm[end - 1] == 0xFF:
        end -= 1
    return end


def header_in_nvm(nvm):
    """The header's JSON as it stands in NVM, read back (read checks it first)."""
    hlen = nvm[2] | (nvm[3] << 8)
    return json.loads(bytes(nvm[4:4 + hlen]).decode())


def _rewrite(saves, game):
    if saves.nvm is None:
        saves.error = "save: this board has no NVM; games are not saved"
        saves.active = False
        return False
    if saves.header is None:
        saves.header = header_in_nvm(saves.nvm)
    size = saves.size
    codes = game.transcript if game is not None else b""
    count = len(codes)
    saves.header["packed"] = count
    try:
        head = json.dumps(saves.header, separators=(",", ":")).encode()
    except TypeError:               # a port without json's separators: the spaces fit too
        head = json.dumps(saves.header).encode()
    total = 4 + len(head) + 2 + count + 2
    if total + _ROOM * ENTRY > size:
        saves.error = "save: the game no longer fits in NVM; saving stopped"
        saves.active = False        # no entries after a header not written; told once
        if game is not None:        # (a new game's: newgame.py tells it)
            print(saves.error)
        return False
    length = written_end(saves.nvm, size)
    if length < total:
        length = total
    image = bytearray(length)
    for i in range(length):
        image[i] = 0xFF
    image[0] = MAGIC[0]
    image[1] = MAGIC[1]
    image[2] = len(head) & 255
    image[3] = len(head) >> 8
    image[4:4 + len(head)] = head
    at = 4 + len(head)
    c = crc16(image, 4, at)
    image[at] = c & 255
    image[at + 1] = c >> 8
    at += 2
    image[at:at + count] = codes
    end = at + count
    c = crc16(image, at, end)
    image[end] = c & 255
    image[end + 1] = c >> 8
    saves.nvm[0:length] = image
    saves.count = count
    saves.end = end + 2
    return True


def read(saves, make):
    """saves.py's Saves.load: (game, header, rolled) or None."""
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
        bad = _take(g, code) if ok and 0 < code < _CODES else _TORN
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
