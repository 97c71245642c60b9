"""The save tests' tools: a game played by buttons with its NVM writes logged, where a
save's parts stand, entries made by hand, and a save in the format before (L1)."""
import json
import random

from harness import Board, Nvm
from ludoboard.startup import game_from_header, read
from ludoboard.saves import ENTRY, Saves, entry_check
from ludoboard.play import looks_like_earlier
from ludoboard.save_image import crc16, game_salt


def play_recording(preset="classic", count=2, seed=3, nvm=None, actions=None):
    """A game by buttons; returns the board and, per NVM write, the transcript length saved after it."""
    b = Board(nvm=nvm)
    b.ask({"cmd": "new", "preset": preset, "players": count, "seed": seed})
    rng = random.Random(seed)
    saved_after = [0]               # the start write leaves 0 actions saved
    while not b.game.is_over() and (actions is None or len(b.game.transcript) < actions):
        app = b.app
        if app.fixing():
            b.press("confirm")
        elif b.game.needs_roll():
            b.press("roll")
        else:
            options = [i for i in range(len(app.legal)) if not looks_like_earlier(app.legal, i)]
            b.select_code(app.legal[rng.choice(options)].code)
            b.press("confirm")
            if rng.random() < 0.05 and b.game.rules.can_undo:
                b.press("back")
        while len(saved_after) < len(b.nvm.writes):
            saved_after.append(len(b.game.transcript))
    return b, saved_after


def boot(data):
    """The board after a reset with this NVM (a copy)."""
    return Board(nvm=Nvm(data=data))


def play_on(board):
    """Confirm the resumed position, then play one action (a roll, or the first move)."""
    board.press("confirm")
    n = len(board.game.transcript)
    for _ in range(4):
        if board.app.fixing():
            board.press("confirm")
        elif board.game.needs_roll():
            board.press("roll")
        else:
            if board.app.selected < 0:
                board.press("select")
            board.press("confirm")
        if len(board.game.transcript) > n:
            return
    raise AssertionError("no action was played")


def saved_count(data):
    """How many actions a boot takes up from this NVM (read and replayed, as the board does)."""
    s = Saves(Nvm(data=data))
    got = read(s, game_from_header)
    return 0 if got is None else s.count


def header_of(data):
    hlen = data[2] | (data[3] << 8)
    return json.loads(bytes(data[4:4 + hlen]))


def entries_at(data):
    """Where a save's first entry stands."""
    hlen = data[2] | (data[3] << 8)
    return 4 + hlen + 2 + header_of(data)["packed"] + 2


def entry(code, index, game):
    """An entry with a valid check (the save's format: code, then the check's two bytes)."""
    c = entry_check(code, index, game_salt(game))
    return bytes((code, c & 255, c >> 8))


def with_entries(data, count, extra=b""):
    """The save in `data` cut to its first `count` entries, then `extra` bytes, the rest erased."""
    at = entries_at(data) + ENTRY * count
    out = bytearray(data[:at]) + bytes(extra)
    return out + b"\xff" * (len(data) - len(out))


def l1_check(code, index, salt):
    """The L1 format's check byte: CRC-8 (polynomial 7) of code ^ 0x5A, the index's bytes, salt."""
    c = 0
    for byte in (code ^ 0x5A, index & 255, index >> 8, salt):
        c ^= byte
        for _ in range(8):
            c = ((c << 1) ^ 7) & 255 if c & 128 else (c << 1) & 255
    return c


def l1_save(header, codes, checks=None, size=4096):
    """A save as the firmware before wrote it: magic L1, the same header, 2-byte entries."""
    header = dict(header, packed=0)
    head = json.dumps(header, separators=(",", ":")).encode()
    out = bytearray(b"L1") + bytes((len(head) & 255, len(head) >> 8)) + head
    c = crc16(head)
    out += bytes((c & 255, c >> 8))
    c = crc16(b"")
    out += bytes((c & 255, c >> 8))
    salt = int(header["game"][:2], 16)
    for i, code in enumerate(codes):
        check = l1_check(code, i, salt) if checks is None else checks[i]
        out += bytes((code, check))
    return out + b"\xff" * (size - len(out))
