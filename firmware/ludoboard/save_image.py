# Reading a save at start-up and writing a whole image of it: a new game's, or
# its entries packed one byte each when they reach the end of the sector (the
# format: saves.py).  Loaded for those only and released again, so a game in
# play holds only saves.py's appending.  The header is compact JSON (read back
# with json.loads: its keys need no order, unlike the lines to the PC).
import json

from ludo.dice import commitment
from .names import SEATS
from .saves import entry_check

_MAGIC = b"L1"
_FEED_EVERY = 256           # feed the watchdog while scanning the save


def header_for(rules, kinds, hand, seed, now):
    # The header of a new game's save: its rules, computer seats, dice, seed and start.
    seats = "".join(SEATS[s] for s in rules.seats)
    start_kinds = {}
    for letter in seats:
        start_kinds[letter] = kinds.get(letter, "human")
    return {"dice": "hand" if hand else "device", "game": commitment(seed)[:8], "kinds": start_kinds,
            "options": dict(rules.options), "packed": 0, "players": seats, "preset": rules.preset,
            "seed": "%d" % seed, "start": now}


def crc16(data, start=0, end=None):
    # CRC-16/CCITT-FALSE of data[start:end] (no copy).
    if end is None:
        end = len(data)
    crc = 0xFFFF
    for i in range(start, end):
        crc ^= data[i] << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def written_end(nvm, size):
    # The end of what the sector holds: every byte past it is erased (0xFF).  A new
    # game's image reaches only this far (or to its own end), not the sector's 4 KB:
    # the write leaves the erased rest as it is, in the same one erase.
    end = size
    while end and nvm[end - 1] == 0xFF:
        end -= 1
    return end


def header_in_nvm(nvm):
    # The header's JSON as it stands in NVM, read back (Saves.load checks it first).
    hlen = nvm[2] | (nvm[3] << 8)
    return json.loads(bytes(nvm[4:4 + hlen]).decode())


def read(saves):
    # Read the save: the header dict (and saves.count) or None when there is none.
    saves.header = None
    saves.active = False
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
        header = header_in_nvm(nvm)
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
    saves.active = True         # (the header is the caller's: the save reads it again to pack)
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
        if saves.feed is not None and n % _FEED_EVERY == 0:
            saves.feed()
    saves.count = n
    if not saves.dirty:
        for i in range(at, saves.size):
            if nvm[i] != 0xFF:
                saves.dirty = True
                break


def write(saves, source):
    # Write header + packed codes (all saved codes if source) in one write.
    if saves.nvm is None:
        saves.error = "save: this board has no NVM; games are not saved"
        return False
    if saves.header is None:
        saves.header = header_in_nvm(saves.nvm)
    size = saves.size
    count = saves.count if source is not None else 0
    saves.header["packed"] = count
    try:
        head = json.dumps(saves.header, separators=(",", ":")).encode()
    except TypeError:               # a port without json's separators: the spaces fit too
        head = json.dumps(saves.header).encode()
    total = 4 + len(head) + 2 + count + 2
    if total + 2 > size:
        saves.error = "save: the game no longer fits in NVM; saving stopped"
        return False
    length = written_end(saves.nvm, size)
    if length < total:
        length = total
    image = bytearray(length)
    for i in range(length):
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
    saves.nvm[0:length] = image
    saves.packed = count
    saves.entries_at = end + 2
    saves.dirty = False
    return True
