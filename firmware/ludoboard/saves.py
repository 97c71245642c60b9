# The game's save: an append-only record in NVM (one 4 KB flash sector on RP2040),
# the whole format in this module.  Layout (little-endian):
#   "L1" | header length H (2) | header JSON (H) | CRC16(header) (2)
#   | packed codes (P bytes, P = header["packed"]) | CRC16(packed) (2)
#   | entries: code, check (2 bytes each) ... | erased 0xFF
# An entry is one code of the game's transcript (docs/api.md's action codes,
# 121 = undo, 122.. = a seat handed to another player kind) and a
# check byte = CRC8(code, index, game id), so a torn or corrupt entry is
# detected; loading keeps the longest valid prefix.  Appending programs two
# erased bytes (no flash erase).  Starting a game or compacting (when the
# entries reach the end of the sector, they are packed one byte each under one
# CRC) rewrites the sector in one write, as far as it is written.  The header
# is compact JSON (read back with json.loads: its keys need no order, unlike the
# lines to the PC); it keeps what starts the same game again, and the seed
# stays on the board.
import json

from ludo.dice import commitment
from .names import SEATS

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


def entry_check(code, index, salt):
    # The check byte of entry `index` holding `code`, in the save of the game `salt`.
    # CRC-8 (polynomial 0x07) of code ^ 0x5A, the index's two bytes and the salt, a bit
    # at a time: a table would keep 256 bytes on the heap for one check an action.
    return _crc8(_crc8(_crc8(_crc8(0, code ^ 0x5A), index & 255), (index >> 8) & 255), salt)


def _crc8(c, byte):
    c ^= byte
    for _ in range(8):
        c = ((c << 1) ^ 0x07) & 255 if c & 128 else (c << 1) & 255
    return c


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


class Saves:
    # `nvm` is microcontroller.nvm (or any bytearray-like); None = no saves.

    def __init__(self, nvm, feed=None):
        self.nvm = nvm
        self.size = len(nvm) if nvm is not None else 0
        self.feed = feed
        self.header = None      # the header (a dict) while it is written; then read from NVM again
        self.active = False     # a game's save is in NVM: its actions are appended
        self.count = 0          # actions saved (packed + entries)
        self.packed = 0
        self.entries_at = 0     # offset of the first 2-byte entry
        self.salt = 0
        self.dirty = False      # bytes after the last valid entry are not erased
        self.error = None       # one line, for the console and the error lights

    # -- reading ---------------------------------------------------------
    def load(self):
        # Read the save: the header dict (and self.count) or None when there is none.
        self.header = None
        self.active = False
        self.count = 0
        nvm = self.nvm
        if nvm is None:
            return None
        if nvm[0] != _MAGIC[0] or nvm[1] != _MAGIC[1]:
            if nvm[0] != 0xFF or nvm[1] != 0xFF:
                self.error = "save: not a Ludo save (ignored)"
            return None
        hlen = nvm[2] | (nvm[3] << 8)
        if hlen < 2 or 6 + hlen + 2 > self.size:
            self.error = "save: header length %d is impossible (save ignored)" % hlen
            return None
        at = 4 + hlen
        if crc16(nvm, 4, at) != nvm[at] | (nvm[at + 1] << 8):
            self.error = "save: header is corrupt (save ignored)"
            return None
        try:
            header = header_in_nvm(nvm)
            packed = header["packed"]
            game = header["game"]
            salt = int(game[:2], 16)
        except (ValueError, KeyError, TypeError):
            self.error = "save: header is unreadable (save ignored)"
            return None
        at += 2
        if not isinstance(packed, int) or packed < 0 or at + packed + 2 > self.size:
            self.error = "save: packed length is impossible (save ignored)"
            return None
        end = at + packed
        if crc16(nvm, at, end) != nvm[end] | (nvm[end + 1] << 8):
            self.error = "save: packed actions are corrupt (save ignored)"
            return None
        self.active = True         # (the header is the caller's: the save reads it again to pack)
        self.packed = packed
        self.salt = salt
        self.entries_at = end + 2
        self._scan()
        return header

    def _scan(self):
        nvm = self.nvm
        n = self.packed
        at = self.entries_at
        while at + 1 < self.size:
            code = nvm[at]
            check = nvm[at + 1]
            if code == 0xFF and check == 0xFF:
                break
            if code == 0 or code == 0xFF or check != entry_check(code, n, self.salt):
                self.dirty = True
                self.error = "save: entry %d is torn or corrupt; resumed from the %d before it" % (n, n)
                break
            n += 1
            at += 2
            if self.feed is not None and n % _FEED_EVERY == 0:
                self.feed()
        self.count = n
        if not self.dirty:
            for i in range(at, self.size):
                if nvm[i] != 0xFF:
                    self.dirty = True
                    break

    def code_at(self, n):
        # The n-th saved action code (0-based).
        if n < self.packed:
            return self.nvm[self.entries_at - 2 - self.packed + n]
        return self.nvm[self.entries_at + 2 * (n - self.packed)]

    def truncate(self, count):
        # Keep only the first `count` actions (a replay found a bad one); rewritten at the
        # next append.
        if count < self.count:
            self.count = count
            self.dirty = True

    # -- writing ---------------------------------------------------------
    def append(self, code):
        # Save one action code; True once it is in NVM.
        if self.nvm is None or not self.active:
            return False
        if self.dirty or self.entries_at + 2 * (self.count - self.packed) + 2 > self.size:
            if not self.rewrite(self):
                return False
        at = self.entries_at + 2 * (self.count - self.packed)
        if at + 2 > self.size:
            self.error = "save: the game no longer fits in NVM; saving stopped"
            return False
        self.nvm[at:at + 2] = bytes((code, entry_check(code, self.count, self.salt)))
        self.count += 1
        return True

    def start(self, header):
        # Begin a new game's save with `header` (header_for; the old save is erased).
        # False if it cannot.
        self.header = header
        self.active = True
        self.salt = int(header["game"][:2], 16)
        self.count = 0
        return self.rewrite(None)

    def rewrite(self, source):
        # Write header + packed codes (all saved codes if source) in one write.
        # The header is kept only while it is written: packing reads it from NVM again.
        try:
            return self._rewrite(source)
        finally:
            self.header = None

    def _rewrite(self, source):
        if self.nvm is None:
            self.error = "save: this board has no NVM; games are not saved"
            return False
        if self.header is None:
            self.header = header_in_nvm(self.nvm)
        size = self.size
        count = self.count if source is not None else 0
        self.header["packed"] = count
        try:
            head = json.dumps(self.header, separators=(",", ":")).encode()
        except TypeError:               # a port without json's separators: the spaces fit too
            head = json.dumps(self.header).encode()
        total = 4 + len(head) + 2 + count + 2
        if total + 2 > size:
            self.error = "save: the game no longer fits in NVM; saving stopped"
            return False
        length = written_end(self.nvm, size)
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
        self.nvm[0:length] = image
        self.packed = count
        self.entries_at = end + 2
        self.dirty = False
        return True
