"""Saves in NVM: every confirmed action is saved before the lights change, a
power cut at any byte of any NVM write loses no action whose save completed,
and a torn or corrupt save never crashes the boot."""
import random

import pytest
from hypothesis import given, strategies as st, HealthCheck, settings

from harness import Board, Nvm, apply_write, PowerCut
from ludoboard.play import looks_like_earlier  # noqa: E402
from ludoboard import saves as saves_mod
from ludoboard.saves import Saves

CHECK = 1
MENU = 0


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
            s = Saves(Nvm(data=b.nvm.data))
            s.load()
            seen.append(s.count)
            assert s.count == len(g.transcript), "the lights changed before the save"
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


def test_power_cut_at_every_byte_of_every_write_loses_no_saved_action(recorded):
    b, saved_after = recorded
    writes = b.nvm.writes
    final = bytes(b.game.transcript)
    # the header to start (programmed into the erased sector), then one 2-byte append per action
    assert writes[0][0] == 0 and not writes[0][2] and len(writes[0][1]) < 400
    assert len(writes) == len(final) + 1
    image = bytearray(b"\xff" * 4096)
    boots = 0
    for w, (start, value, erase) in enumerate(writes):
        for cut in range(len(value)):
            if len(value) > 2 and cut % 64 and cut not in (1, 2, 3, 4, 5, len(value) - 1):
                continue        # the whole-sector write: every 64th byte and the edges
            torn = Nvm(data=apply_write(image, start, value, erase, cut))
            board = Board(nvm=torn)
            boots += 1
            done = w - 1        # write w appends entry w-1: the w-1 before it had completed
            if w == 0:          # the new game's header: there, or not yet (then the menu)
                assert (board.app.mode == MENU and board.game is None) or \
                    (board.app.mode == CHECK and len(board.game.transcript) == 0)
                continue
            got = bytes(board.game.transcript)
            assert got == final[:len(got)], "resumed into a different game"
            assert len(got) >= done, "write %d cut at %d lost a saved action" % (w, cut)
            assert len(got) <= done + 1
            assert board.app.mode == CHECK
            if w % 25 == 1:      # the resumed game goes on and saves again
                board.press("confirm")
                board.press("roll" if board.game.needs_roll() else "confirm")
                again = Board(nvm=Nvm(data=board.nvm.data))
                assert bytes(again.game.transcript) == bytes(board.game.transcript)
        image = apply_write(image, start, value, erase)
    assert image == b.nvm.data
    assert boots > 600


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
        else:
            assert board.game.preset == "club" and len(board.game.transcript) == 0


def test_power_cut_through_the_virtual_board_resumes(recorded):
    """The same through a real power cut in the middle of a write: the board raises, reboots, resumes."""
    b = Board()
    b.ask({"cmd": "new", "preset": "classic", "players": 4, "seed": 9})
    for _ in range(6):
        b.press("roll") if b.game.needs_roll() else (b.press("select"), b.press("confirm"))
    before = bytes(b.game.transcript)
    b.nvm.cut_after = 1
    with pytest.raises(PowerCut):
        while True:
            if b.app.fixing():
                b.press("confirm")
            b.press("roll") if b.game.needs_roll() else (b.press("select"), b.press("confirm"))
    after = Board(nvm=b.nvm)
    assert bytes(after.game.transcript)[:len(before)] == before


def test_compaction_keeps_every_action_in_a_small_nvm():
    b, saved_after = play_recording(nvm=Nvm(size=700), seed=4)
    erases = [w for w in b.nvm.writes if w[2]]
    assert len(erases) >= 2, "the small sector should have been compacted"
    again = Board(nvm=Nvm(data=b.nvm.data))
    assert bytes(again.game.transcript) == bytes(b.game.transcript)


def test_cut_compaction_never_crashes_the_boot():
    b, saved_after = play_recording(nvm=Nvm(size=700), seed=4, actions=500)
    image = bytearray(b"\xff" * 700)
    final = bytes(b.game.transcript)
    for w, (start, value, erase) in enumerate(b.nvm.writes):
        if erase and w:
            for cut in range(0, len(value), 7):
                board = Board(nvm=Nvm(data=apply_write(image, start, value, erase, cut)))
                if board.game is not None:      # a cut after the packed codes loses nothing
                    got = bytes(board.game.transcript)
                    assert got == final[:len(got)] and len(got) >= saved_after[w - 1]
                else:
                    assert board.app.mode == MENU
        image = apply_write(image, start, value, erase)


def test_corrupt_entry_resumes_from_the_longest_valid_prefix(recorded):
    b, _ = recorded
    data = bytearray(b.nvm.data)
    s = Saves(Nvm(data=data))
    s.load()
    at = s.entries_at + 2 * 50
    data[at + 1] ^= 0x10                    # entry 50's check byte
    board = Board(nvm=Nvm(data=data))
    assert bytes(board.game.transcript) == bytes(b.game.transcript)[:50]
    assert "torn or corrupt" in board.app.errors[0]
    board.press("confirm")                   # play on: the tail is rewritten, nothing crashes
    board.press("roll" if board.game.needs_roll() else "confirm")
    assert Board(nvm=Nvm(data=board.nvm.data)).game is not None


@pytest.mark.parametrize("what", ["magic", "header", "length", "garbage", "zeros"])
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
    else:
        data = bytearray(4096)
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
    b = Board(nvm=None)
    b.hw.nvm = None
    b = Board.__new__(Board)
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


def test_entry_check_depends_on_code_and_index():
    checks = set()
    for index in range(0, 2000, 7):
        for code in (1, 6, 9, 16, 111, 112, 121, 137):
            checks.add((saves_mod.entry_check(code, index, 0x3c), code))
    assert len(set(c for c, _ in checks)) > 200
