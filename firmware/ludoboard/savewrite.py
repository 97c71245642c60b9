# Writing the save (saves.py's format): a new game's header, or the whole save
# packed again when its entries reach the end of the sector.  Both are one
# write of an image made here, from the sector's start to the end of what it
# holds now (past that every byte is erased already: the write keeps them).
# Loaded for that only and dropped again (saves.py, newsave.py).  The header is
# compact JSON (read back with json.loads: its keys need no order, unlike the
# lines to the PC).
import json

_MAGIC = b"L1"


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


def save_start(saves, header):
    # Begin a new game's save (erases the old one). Returns False if it cannot.
    saves.header = header
    saves.active = True
    saves.salt = int(header["game"][:2], 16)
    saves.count = 0
    return rewrite(saves, None)


def rewrite(saves, source):
    # Write header + packed codes (all saved codes if source) in one write.
    # The header is kept only while it is written: packing reads it from NVM again.
    try:
        return _rewrite(saves, source)
    finally:
        saves.header = None


def written_end(nvm, size):
    # The end of what the sector holds: every byte past it is erased (0xFF).  A new
    # game's image reaches only this far (or to its own end), not the sector's 4 KB:
    # the write leaves the erased rest as it is, in the same one erase.
    end = size
    while end and nvm[end - 1] == 0xFF:
        end -= 1
    return end


def header_in_nvm(nvm):
    # The header's JSON as it stands in NVM, read back (saveread.py checks it first).
    hlen = nvm[2] | (nvm[3] << 8)
    return json.loads(bytes(nvm[4:4 + hlen]).decode())


def _rewrite(saves, source):
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
