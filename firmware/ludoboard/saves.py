"""The game's save: an append-only record in NVM (one 4 KB flash sector on RP2040).

Layout (little-endian):
  "L1" | header length H (2) | header JSON (H) | CRC16(header) (2)
  | packed codes (P bytes, P = header["packed"]) | CRC16(packed) (2)
  | entries: code, check (2 bytes each) ... | erased 0xFF
An entry is one code of the game's transcript (docs/api.md's action codes,
121 = undo, 122.. = a seat handed to another player kind) and a
check byte = CRC8(code, index, game id), so a torn or corrupt entry is
detected; loading keeps the longest valid prefix.  Appending programs two
erased bytes (no flash erase).  Starting a game or compacting (when the
entries reach the end of the sector, they are packed one byte each under one
CRC) rewrites the whole sector in one write.
"""
from .session import dumps

MAGIC = b"L1"
FEED_EVERY = 256            # feed the watchdog this often while scanning


def _crc8_table():
    t = bytearray(256)
    for i in range(256):
        c = i
        for _ in range(8):
            c = ((c << 1) ^ 0x07) & 255 if c & 128 else (c << 1) & 255
        t[i] = c
    return bytes(t)


_CRC8 = _crc8_table()


def entry_check(code, index, salt):
    t = _CRC8
    c = t[code ^ 0x5A]
    c = t[c ^ (index & 255)]
    c = t[c ^ ((index >> 8) & 255)]
    return t[c ^ salt]


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


class Saves:
    """`nvm` is microcontroller.nvm (or any bytearray-like); None = no saves."""

    def __init__(self, nvm, feed=None):
        self.nvm = nvm
        self.size = len(nvm) if nvm is not None else 0
        self.feed = feed
        self.header = None
        self.count = 0          # actions saved (packed + entries)
        self.packed = 0
        self.entries_at = 0     # offset of the first 2-byte entry
        self.salt = 0
        self.dirty = False      # bytes after the last valid entry are not erased
        self.error = None       # one line, for the console and the error lights

    # -- reading ---------------------------------------------------------
    def load(self):
        """Read the save: the header dict (and self.count) or None when there is none."""
        from .begin import load
        from . import drop
        try:
            return load(self)
        finally:
            drop("ludoboard.begin")

    def code_at(self, n):
        """The n-th saved action code (0-based)."""
        if n < self.packed:
            return self.nvm[self.entries_at - 2 - self.packed + n]
        return self.nvm[self.entries_at + 2 * (n - self.packed)]

    def truncate(self, count):
        """Keep only the first `count` actions (a replay found a bad one); rewritten at the next append."""
        if count < self.count:
            self.count = count
            self.dirty = True

    # -- writing ---------------------------------------------------------
    def start(self, header):
        """Begin a new game's save (erases the old one). Returns False if it cannot."""
        self.header = header
        self.salt = int(header["game"][:2], 16)
        self.count = 0
        return self._rewrite(None)

    def append(self, code):
        """Save one action code; True once it is in NVM."""
        if self.nvm is None or self.header is None:
            return False
        if self.dirty or self.entries_at + 2 * (self.count - self.packed) + 2 > self.size:
            if not self._rewrite(self):
                return False
        at = self.entries_at + 2 * (self.count - self.packed)
        if at + 2 > self.size:
            self.error = "save: the game no longer fits in NVM; saving stopped"
            return False
        self.nvm[at:at + 2] = bytes((code, entry_check(code, self.count, self.salt)))
        self.count += 1
        return True

    def _rewrite(self, source):
        """Write header + packed codes (all saved codes if source) as one whole-sector write."""
        if self.nvm is None:
            self.error = "save: this board has no NVM; games are not saved"
            return False
        count = self.count if source is not None else 0
        self.header["packed"] = count
        head = dumps(self.header).encode()
        size = self.size
        total = 4 + len(head) + 2 + count + 2
        if total + 2 > size:
            self.error = "save: the game no longer fits in NVM; saving stopped"
            return False
        image = bytearray(size)
        for i in range(size):
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
        for n in range(count):
            image[at + n] = source.code_at(n)
        end = at + count
        c = crc16(image, at, end)
        image[end] = c & 255
        image[end + 1] = c >> 8
        self.nvm[0:size] = image
        self.packed = count
        self.entries_at = end + 2
        self.dirty = False
        return True
