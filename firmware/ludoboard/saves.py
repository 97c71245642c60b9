# The game's save: an append-only record in NVM (one 4 KB flash sector on RP2040).
# Layout (little-endian):
#   "L2" | header length H (2) | header JSON (H) | CRC16(header) (2)
#   | packed codes (P bytes, P = header["packed"]) | CRC16(packed) (2)
#   | entries: code, check (3 bytes each) ... | erased 0xFF
# An entry is one code of the game's transcript (1..141: docs/api.md's action
# codes, 121 = undo, 122.. = a seat handed to another player kind) and a 16-bit
# check: a CRC-16 of the game id, the action's index and the code.  Appending
# programs three erased bytes after the last written one: no flash erase.  (The
# header's and the packed codes' CRC is CRC-16/CCITT-FALSE, as in the format before.)
#
# On RP2040 any write over a written byte erases the whole sector, so nothing
# written is ever written over, except when the sector is full (compaction: the
# game's codes packed one byte each) or a new game starts (save_image.py, loaded
# for those only; startup.py reads the save at the boot).  A power
# cut in an append leaves a torn entry: the boot skips it in place,
# and the next append goes after it with the same index.  The boot takes, for each
# index in turn, the first entry after the last one taken whose check matches that
# index and that the rules accept; entries after the last one taken are a lost
# tail, told in one console line.  docs/saves.md.
from . import const, load

ENTRY = 3                   # bytes per entry
CHECK_POLY = const(0x5935)  # the entries' CRC-16: distance 8 on a 3-byte entry (CCITT's 0x1021: 4)


def crc_byte(crc, byte, poly):
    """One byte into a CRC-16 with this polynomial, a bit at a time: a table would keep
    512 bytes on the heap for three bytes an action.
    """
    crc ^= byte << 8
    for _ in range(8):
        crc = ((crc << 1) ^ poly) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def entry_check(code, index, salt):
    """An entry's check: its index's two bytes and its code, from salt (the game id's CRC).
    Any 7 flipped bits of an entry, or any two of its bytes changed, fail it.
    """
    return crc_byte(crc_byte(crc_byte(salt, index & 255, CHECK_POLY), index >> 8, CHECK_POLY),
                    code, CHECK_POLY)


class Saves:
    # `nvm` is microcontroller.nvm (or any bytearray-like); None = no saves.

    def __init__(self, nvm, feed=None):
        self.nvm = nvm
        self.size = len(nvm) if nvm is not None else 0
        self.feed = feed
        self.header = None      # the header (a dict) while it is written; then read from NVM again
        self.active = False     # a game's save is in NVM: its actions are appended
        self.count = 0          # actions saved (packed + entries taken)
        self.end = 0            # where the next entry goes: every byte from here on is erased
        self.salt = 0           # the game id's CRC, the start of each entry's check
        self.error = None       # one line, for the console and the error lights

    def start(self, header):
        """Begin a new game's save with `header` (save_image.header_for; the old save is
        erased).  False if it cannot.
        """
        return load("ludoboard.save_image", True).start(self, header)

    def append(self, code, game):
        """Save one action code, which `game` has just taken; True once it is in NVM."""
        if self.nvm is None or not self.active:
            return False
        at = self.end
        if at + ENTRY > self.size:
            # the sector is full (or holds an older firmware's save: save_image.py): the
            # game's codes packed, this one too, in one write (an erase)
            return load("ludoboard.save_image", True).rewrite(self, game)
        check = entry_check(code, self.count, self.salt)
        self.nvm[at:at + ENTRY] = bytes((code, check & 255, check >> 8))
        self.count += 1
        self.end = at + ENTRY
        return True
