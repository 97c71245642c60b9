"""Power cuts in the saves: a cut at any byte of any NVM write loses no action whose save
completed, a torn entry is skipped in place (no erase) and said so on the next boot, two
cuts in a row keep every confirmed action, and the one erasing write (the sector packed
when full, or a new game's) never crashes the boot."""
import pytest

from harness import Board, Nvm, PowerCut, apply_write
from savetools import boot, play_on, play_recording
from ludoboard.saves import ENTRY

CHECK = 1
MENU = 0


@pytest.fixture(scope="module")
def recorded():
    return play_recording()


def torn_line(n, dropped=1):
    """The boot's line for a torn save of action n + 1 (n actions before it)."""
    return "save: action %d's save is torn or corrupt; resumed from the %d before it (dropped: %d)" % (
        n + 1, n, dropped)


def test_power_cut_at_every_byte_of_every_write_loses_no_saved_action(recorded):
    b, saved_after = recorded
    writes = b.nvm.writes
    final = bytes(b.game.transcript)
    # the header to start (programmed into the erased sector), then one 3-byte append per action
    assert writes[0][0] == 0 and not writes[0][2] and len(writes[0][1]) < 400
    assert len(writes) == len(final) + 1
    image = bytearray(b"\xff" * 4096)
    boots = 0
    for w, (start, value, erase) in enumerate(writes):
        assert not erase
        for cut in range(len(value)):
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
            if len(got) == done:        # the save of action w was lost: said so, unless nothing landed
                assert board.app.errors == ([torn_line(done)] if cut else [])
            if w % 25 == 1:      # the resumed game goes on and saves again, after the torn entry
                n = len(board.nvm.writes)
                play_on(board)
                assert [e for _, _, e in board.nvm.writes[n:]] == [False]
                again = Board(nvm=Nvm(data=board.nvm.data))
                assert bytes(again.game.transcript) == bytes(board.game.transcript)
                assert again.app.errors == []
        image = apply_write(image, start, value, erase)
    assert image == b.nvm.data
    assert boots > 800


def test_two_power_cuts_in_a_row_keep_every_confirmed_action(recorded):
    """A cut at any byte of an action's save, the board back up, its position confirmed and
    an action played, and that save cut at any byte too: every action whose save completed
    is there, and the second save was never an erase."""
    b, _ = recorded
    writes = b.nvm.writes
    final = bytes(b.game.transcript)
    image = bytearray(b"\xff" * 4096)
    cases = 0
    for w, (start, value, erase) in enumerate(writes):
        if w % 9 == 1:
            for first in range(ENTRY):
                board = Board(nvm=Nvm(data=apply_write(image, start, value, erase, first)))
                kept = bytes(board.game.transcript)
                assert kept == final[:len(kept)] and len(kept) >= w - 1
                for second in range(ENTRY):
                    again = Board(nvm=Nvm(data=board.nvm.data))
                    n = len(again.nvm.writes)
                    again.nvm.cut_after = second
                    with pytest.raises(PowerCut):
                        play_on(again)
                    assert [e for _, _, e in again.nvm.writes[n:]] == [False]
                    after = Board(nvm=Nvm(data=again.nvm.data))
                    got = bytes(after.game.transcript)
                    assert got[:len(kept)] == kept and len(got) <= len(kept) + 1
                    torn = (first and len(kept) < w) + (second and len(got) == len(kept))
                    if torn:                # a torn entry after the last one taken is said so
                        assert after.app.errors == [torn_line(len(kept), torn)]
                    else:
                        assert after.app.errors == []
                    cases += 1
        image = apply_write(image, start, value, erase)
    assert cases > 200


def test_power_cut_through_the_virtual_board_resumes():
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


def test_cut_compaction_at_every_byte_never_crashes_the_boot():
    """The sector packed when full is the one write that erases during a game: cut at any byte
    of it, the boot takes up the whole game (the packed codes all landed) or shows the menu with
    a line (the save lost: docs/saves.md), except a cut before its first byte."""
    size = 800
    b, saved_after = play_recording(nvm=Nvm(size=size), seed=4, actions=300)
    image = bytearray(b"\xff" * size)
    final = bytes(b.game.transcript)
    packs = 0
    for w, (start, value, erase) in enumerate(b.nvm.writes):
        if erase:
            packs += 1
            for cut in range(0, len(value), 1 if packs == 1 else 5):
                board = Board(nvm=Nvm(data=apply_write(image, start, value, erase, cut)))
                if board.game is not None:      # a cut after the packed codes loses nothing
                    got = bytes(board.game.transcript)
                    assert got == final[:len(got)] and len(got) == saved_after[w]
                else:
                    assert board.app.mode == MENU
                    assert cut == 0 or board.app.errors[0].startswith("save:")
        image = apply_write(image, start, value, erase)
    assert packs >= 2
