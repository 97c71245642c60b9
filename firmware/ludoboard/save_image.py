# Writing a whole image of the save: a new game's, or the game's codes packed
# one byte each when the entries reach the end of the sector (or the save is an
# older firmware's).  The format is saves.py's; reading it at the start is
# startup.py's.  Loaded for those only and released again, so a game in play
# holds only saves.py's appending.
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
from .saves import CHECK_POLY, ENTRY, crc_byte

MAGIC = b"L2"
_ROOM = const(32)           # entries a packed save leaves room for, or saving stops (not an erase an action)


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
