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
from . import load, release


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
    # -- reading and writing the whole sector (save_image.py) -------------
    def load(self):
        # Read the save: the header dict (and self.count) or None when there is none.
        try:
            return load("ludoboard.save_image").read(self)
        finally:
            release("ludoboard.save_image")

    def start(self, header):
        # Begin a new game's save with `header` (save_image.header_for; the old save is
        # erased).  False if it cannot.
        self.header = header
        self.active = True
        self.salt = int(header["game"][:2], 16)
        self.count = 0
        return self.rewrite(None)

    def rewrite(self, source):
        # Write header + packed codes (all saved codes if source) in one write.
        try:
            return load("ludoboard.save_image").write(self, source)
        finally:
            self.header = None      # (packing reads it from NVM again)
            release("ludoboard.save_image")

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

