"""Saves in NVM: every confirmed action is saved before the lights change, what is
read back is checked (each entry's 16-bit check, then the rules) before it is taken,
and nothing in NVM crashes the boot.  Power cuts: test_save_power_cuts.py."""
import random

import pytest
from hypothesis import given, strategies as st, HealthCheck, settings

from harness import Board, Nvm, apply_write
from savetools import (boot, entries_at, entry, header_of, l1_save, play_on,
                       play_recording, saved_count, with_entries)
from ludoboard import startup
from ludoboard.saves import ENTRY, Saves, entry_check
from ludoboard.save_image import crc16, game_salt, start as save_start

CHECK = 1
MENU = 0


@pytest.fixture(scope="module")
def recorded():
    b, saved_after = play_recording()
    return b, saved_after


def test_each_action_is_saved_before_the_lights_change():
    b = Board()
    b.ask({"cmd": "new", "preset": "classic", "players": 2, "seed": 5})
    seen = []
    show = b.hw.show

    def checking_show(frame):
        g = b.app.game
        if g is not None:
            seen.append(saved_count(b.nvm.data))
            assert seen[-1] == len(g.transcript), "the lights changed before the save"
        show(frame)
    b.hw.show = checking_show
    for _ in range(30):
        if b.app.fixing():
            b.press("confirm")
        elif b.game.needs_roll():
            b.press("roll")
        else:
            b.press("select") if b.app.selected < 0 else None
            b.press("confirm")
    assert max(seen) >= 20


def test_a_game_is_saved_by_programming_erased_bytes_only(recorded):
    """The header into the erased sector, then one 3-byte entry an action: no erase."""
    b, _ = recorded
    writes = b.nvm.writes
    assert len(writes) == len(b.game.transcript) + 1
    assert not any(erase for _, _, erase in writes)
    assert [len(value) for _, value, _ in writes[1:]] == [ENTRY] * (len(writes) - 1)
    assert bytes(b.nvm.data[:2]) == b"L2"
    assert bytes(boot(b.nvm.data).game.transcript) == bytes(b.game.transcript)


def test_a_new_game_over_an_old_save_rewrites_only_as_far_as_the_old_save_reached(recorded):
    """The new game's image ends where the old save ended (the rest is erased already): one
    erase, the sector then as a new save in an erased one, and a cut at any byte of it boots
    into the new game or the menu, never into the old game."""
    old, _ = recorded
    nvm = Nvm(data=old.nvm.data)
    old_end = max(i for i in range(4096) if nvm.data[i] != 0xFF) + 1
    b = Board(nvm=nvm)
    b.press("confirm")                      # (the old game, resumed: its position confirmed)
    before = bytes(nvm.data)
    n = len(nvm.writes)
    b.ask({"cmd": "new", "preset": "club", "players": 3, "seed": 11})
    start, value, erase = nvm.writes[n]
    assert len(nvm.writes) == n + 1 and start == 0 and erase and len(value) == old_end
    fresh = Board()
    fresh.ask({"cmd": "new", "preset": "club", "players": 3, "seed": 11})
    assert bytes(nvm.data) == bytes(fresh.nvm.data)
    for cut in range(len(value)):
        board = Board(nvm=Nvm(data=apply_write(before, start, value, erase, cut)))
        if board.game is None:
            assert board.app.mode == MENU
            assert cut == 0 or board.app.errors, "a cut rewrite said nothing at cut %d" % cut
        else:
            assert board.game.preset == "club" and len(board.game.transcript) == 0


def test_compaction_keeps_every_action_and_happens_only_when_the_sector_is_full():
    b, saved_after = play_recording(nvm=Nvm(size=800), seed=4)
    image = bytearray(b"\xff" * 800)
    erases = 0
    for w, (start, value, erase) in enumerate(b.nvm.writes):
        if erase:
            erases += 1
            end = max(i for i in range(800) if image[i] != 0xFF) + 1
            assert end > 800 - 2 * ENTRY, "write %d erased a sector that had room" % w
        image = apply_write(image, start, value, erase, -1)
    assert erases >= 2, "the small sector should have been packed twice"
    again = boot(b.nvm.data)
    assert bytes(again.game.transcript) == bytes(b.game.transcript)
    assert header_of(b.nvm.data)["packed"] > 0


def test_corrupt_entry_resumes_from_the_actions_before_it_and_the_next_save_goes_on_in_place(recorded):
    b, _ = recorded
    final = bytes(b.game.transcript)
    data = bytearray(b.nvm.data)
    data[entries_at(data) + ENTRY * 50 + 1] ^= 0x10         # entry 50's check
    board = boot(data)
    assert bytes(board.game.transcript) == final[:50]
    assert board.app.errors == ["save: action 51's save is torn or corrupt; resumed from the 50 before it "
                                "(dropped: %d)" % (len(final) - 50)]
    writes = len(board.nvm.writes)
    play_on(board)                          # the next action goes after the old entries: no erase
    assert [erase for _, _, erase in board.nvm.writes[writes:]] == [False]
    again = boot(board.nvm.data)
    assert bytes(again.game.transcript) == bytes(board.game.transcript) and len(board.game.transcript) == 51
    assert again.app.errors == []           # told once: the entries left behind are not news


def test_any_one_or_two_bytes_of_an_entry_changed_are_caught(recorded):
    """Each entry's check (a CRC-16 of game, index and code) fails for any one byte of the
    entry changed to any other value, and for any two; so no other action is read in its place.
    (The check is linear: whether a change passes does not depend on the entry, so one entry
    shows it for the pairs.)"""
    b, _ = recorded
    data = b.nvm.data
    salt = game_salt(header_of(data)["game"])
    at = entries_at(data)

    def passes(e, index):
        return e[1] | (e[2] << 8) == entry_check(e[0], index, salt)
    passed = 0
    for index in range(len(b.game.transcript)):
        good = bytes(data[at + ENTRY * index:at + ENTRY * (index + 1)])
        assert passes(good, index)
        for byte in range(ENTRY):
            for value in range(256):
                if value != good[byte]:
                    e = bytearray(good)
                    e[byte] = value
                    passed += passes(e, index)
    for index in (7,):
        good = bytes(data[at + ENTRY * index:at + ENTRY * (index + 1)])
        for i, j in ((0, 1), (0, 2), (1, 2)):
            for x in range(256):
                for y in range(256):
                    if x != good[i] and y != good[j]:
                        e = bytearray(good)
                        e[i], e[j] = x, y
                        passed += passes(e, index)
    assert passed == 0


def test_a_changed_code_never_resumes_a_different_game(recorded):
    """Entry 50's code byte as each of the other 255 values: the boot always resumes the
    actions before it, never a different action in its place."""
    b, _ = recorded
    final = bytes(b.game.transcript)
    at = entries_at(b.nvm.data) + ENTRY * 50
    for value in range(256):
        if value == final[50]:
            continue
        data = bytearray(b.nvm.data)
        data[at] = value
        board = boot(data)
        assert bytes(board.game.transcript) == final[:50]
        assert board.app.errors[0].startswith("save: action 51's save is torn or corrupt")


def legal_after(header, codes):
    """The codes 0..255 that the game of `header` takes after `codes`."""
    out = []
    for code in range(256):
        g = startup.game_from_header(header)
        for c in codes:
            g.push_transcript_code(c)
        try:
            g.push_transcript_code(code)
        except Exception:
            continue
        out.append(code)
    return out


@pytest.mark.parametrize("fmt", ["L2", "L1"])
def test_every_code_as_the_next_entry_with_a_valid_check_boots(recorded, fmt):
    """A corrupt entry whose check passes by chance: whatever its code (0..255), the boot
    takes it only if the rules do, else resumes the actions before it with one line; it
    never raises, and the game goes on and is saved."""
    b, _ = recorded
    header = header_of(b.nvm.data)
    codes = bytes(b.game.transcript)[:12]
    legal = legal_after(header, codes)
    assert 0 < len(legal) < 20
    for code in range(256):
        if fmt == "L2":
            data = with_entries(b.nvm.data, 12, entry(code, 12, header["game"]))
        else:
            data = l1_save(header, codes + bytes((code,)))
        board = boot(data)
        got = bytes(board.game.transcript)
        if min(data[entries_at(data) + (2 if fmt == "L1" else ENTRY) * 12:]) == 0xFF:
            assert got == codes and board.app.errors == []     # (an entry that reads as erased)
        elif code in legal and (fmt == "L2" or code < 138):    # (L1's firmware had no Expert: 1..137)
            assert got == codes + bytes((code,)) and board.app.errors == []
        else:
            assert got == codes
            assert board.app.errors[0].startswith("save: action 13's save is "), board.app.errors
        if code % 37 == 0:
            play_on(board)
            assert bytes(boot(board.nvm.data).game.transcript) == bytes(board.game.transcript)


def test_an_older_firmwares_save_is_taken_up_and_rewritten_at_the_next_action(recorded, capsys):
    b, _ = recorded
    header = header_of(b.nvm.data)
    codes = bytes(b.game.transcript)[:60]
    board = boot(l1_save(header, codes))
    assert bytes(board.game.transcript) == codes and board.app.errors == []
    assert "save: written by an older firmware (L1); taken up, and rewritten at the next action" \
        in capsys.readouterr().out
    writes = len(board.nvm.writes)
    play_on(board)
    assert [erase for _, _, erase in board.nvm.writes[writes:]] == [True]     # the one rewrite
    assert bytes(board.nvm.data[:2]) == b"L2" and header_of(board.nvm.data)["packed"] == 61
    again = boot(board.nvm.data)
    assert bytes(again.game.transcript) == bytes(board.game.transcript)
    assert "older firmware" not in capsys.readouterr().out
    # an old save with a torn last entry: the actions before it, and a line
    torn = l1_save(header, codes)
    torn[entries_at(torn) + 2 * 59 + 1] = 0xFF
    board = boot(torn)
    assert bytes(board.game.transcript) == codes[:59]
    assert board.app.errors[0].startswith("save: action 60's save is torn or corrupt")


def test_a_packed_action_against_the_rules_ends_the_packed_ones_and_the_game_goes_on_in_place():
    """A packed code (under one CRC-16 with the others) that the rules refuse: the actions
    before it are resumed with a line; the next action is an entry with that index after the
    old ones (no erase), and the next boot takes it in its place."""
    b, _ = play_recording(nvm=Nvm(size=1000), seed=4, actions=400)
    data = bytearray(b.nvm.data)
    hlen = data[2] | (data[3] << 8)
    packed = header_of(data)["packed"]
    at = 4 + hlen + 2
    assert packed > 100
    data[at + 100] = 7                      # a roll of 7: no game takes it
    c = crc16(data, at, at + packed)
    data[at + packed:at + packed + 2] = bytes((c & 255, c >> 8))
    board = boot(data)
    final = bytes(b.game.transcript)
    got = bytes(board.game.transcript)
    assert got == final[:len(got)] and len(got) <= 100
    assert board.app.errors[0].startswith("save: action %d's save is " % (len(got) + 1))
    writes = len(board.nvm.writes)
    play_on(board)
    assert [erase for _, _, erase in board.nvm.writes[writes:]] == [False]
    again = boot(board.nvm.data)
    assert bytes(again.game.transcript) == bytes(board.game.transcript) and again.app.errors == []


@pytest.mark.parametrize("what", ["magic", "header", "length", "garbage", "zeros", "erased-magic", "rules"])
def test_broken_header_boots_to_the_menu_with_an_error(recorded, what):
    b, _ = recorded
    data = bytearray(b.nvm.data)
    if what == "magic":
        data[0] = ord("X")
    elif what == "header":
        data[10] ^= 1
    elif what == "length":
        data[2], data[3] = 255, 255
    elif what == "garbage":
        data = bytearray(random.Random(1).randrange(256) for _ in range(4096))
    elif what == "zeros":
        data = bytearray(4096)
    elif what == "erased-magic":            # an erase cut short, say: the start erased, not the rest
        data[0:2] = b"\xff\xff"
    else:                                   # a header with a good CRC that no game can start from
        nvm = Nvm()
        assert save_start(Saves(nvm), dict(header_of(data), preset="no-such-preset"))
        data = nvm.data
    board = Board(nvm=Nvm(data=data))
    assert board.app.mode == MENU and board.game is None
    assert board.app.errors and board.app.errors[0].startswith("save:")
    assert board.app.banner == 10       # the error pattern: die and centre blink magenta
    board.press("roll")                 # a new game overwrites the broken save
    assert Board(nvm=Nvm(data=board.nvm.data)).game is not None


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture], max_examples=60)
@given(flips=st.lists(st.tuples(st.integers(0, 4095), st.integers(0, 7)), min_size=1, max_size=6))
def test_any_bit_flips_never_crash_the_boot(recorded, flips):
    b, _ = recorded
    data = bytearray(b.nvm.data)
    for at, bit in flips:
        data[at] ^= 1 << bit
    board = Board(nvm=Nvm(data=data))
    if board.game is not None:
        got = bytes(board.game.transcript)
        assert got == bytes(b.game.transcript)[:len(got)]


def test_no_nvm_plays_without_saving():
    from harness import FakeHardware
    from ludoboard.app import App
    hw = FakeHardware(None)
    app = App(hw, hw.settings)
    app.on_press(0, False)              # roll: start a game from the menu
    while app.starting:                 # (set up by a job, a stage a loop pass)
        app.step()
    app.on_press(0, False)
    assert app.game is not None and len(app.game.transcript) == 1
    assert "no NVM" in app.saves.error
