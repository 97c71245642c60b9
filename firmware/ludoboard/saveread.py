# Reading the save (saves.py's format) after a reset: the header, and how many
# entries are whole.  Loaded for that only and dropped again (begin.py, saves.py).
from .saves import entry_check
from .savewrite import crc16, header_in_nvm

_MAGIC = b"L1"
_FEED_EVERY = 256           # feed the watchdog while scanning the save


def load(saves):
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
