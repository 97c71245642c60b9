"""End to end: a board on a pseudo-terminal, the real `ludo-host log` (pyserial) attached,
a game played by button presses, the cable pulled at several points and the board
reset once: the record file must equal the board's own record byte for byte.

Two boards: the fake board (tests/host/fakeboard.py: the rules core behind the
documented protocol) and the virtual board running the real firmware
(host/ludo_host/virtual), when that is importable.
"""
import gc
import json
import os
import sys
import time

import pytest
import serial

from conftest import read_text, wait_until
from fakeboard import FakeBoard


def file_lines(path):
    text = read_text(path)
    return text.split("\n")[:-1] if text else []


# -- the fake board ---------------------------------------------------------------

def test_fake_board_game_logged_through_unplugs_and_reset(tmp_path, start_logger):
    link = tmp_path / "board-port"
    games = tmp_path / "games"
    board = FakeBoard(link, seed=5)
    board.plug()
    logger = start_logger(link, games)
    try:
        assert wait_until(lambda: any(m.get("cmd") == "status" for m in board.received), 15), \
            "the logger never asked the board's status"
        gid = board.new_game("classic", players=2)
        path = games / ("%s.ludo" % gid)

        def caught_up():
            return file_lines(path) == board.lines

        actions = 0
        events = {"unplug": 0, "reset": 0}
        while board.state() == "playing":
            assert board.play_turn()
            actions += 1
            if actions in (15, 60, 140):
                # Pull the cable while the logger is in step, play on unplugged, plug in.
                assert wait_until(caught_up, 15), "logger fell behind before unplug %d" % actions
                board.unplug()
                events["unplug"] += 1
                for _ in range(7):
                    board.play_turn()
                    actions += 1
                board.plug()
            elif actions == 40:
                board.unplug()      # right after an action: its event may be in flight
                board.plug()
                events["unplug"] += 1
            elif actions == 90:
                assert wait_until(caught_up, 15)
                board.drop.add(len(board.lines))     # the next event is lost on the wire
            elif actions == 100:
                assert wait_until(caught_up, 15), "the lost event was not resent"
                board.inject(b'{"ev":"action","seq":\n')   # a garbled line
            elif actions == 120:
                assert wait_until(caught_up, 15)
                board.reset()
                events["reset"] += 1
            if board.state() != "playing":
                break
        # The game's last event goes out while the cable is out: only status/resend can get it.
        assert board.state() == "over"
        assert wait_until(lambda: len(file_lines(path)) >= len(board.lines) - 1, 20)
        final = board.record_text()
        assert wait_until(lambda: read_text(path) == final, 30), "the file never matched the board"
        assert logger.interrupt() == 0
        with open(path, "rb") as fh:
            assert fh.read() == final.encode("utf-8")
        err = logger.stderr()
        assert err.count("malformed line") == 1, err
        assert "Traceback" not in err
        assert err.count("DISCONNECTED") >= 3, err
        assert events == {"unplug": 4, "reset": 1}
        assert actions > 150
        # Nothing asked twice in a row without need: resends were for real gaps only.
        # Six gaps (four unplugs, a reset, a lost line), each asked for a few times at most
        # (a retry every 3 s, a status every few): far fewer than one per line.
        resends = [m for m in board.received if m.get("cmd") == "resend"]
        assert resends and all(m["game"] == gid for m in resends)
        assert len(resends) <= 40, len(resends)
    finally:
        logger.kill()
        board.close()


def test_last_event_lost_in_unplug_is_fetched_after_reconnect(tmp_path, start_logger):
    link = tmp_path / "board-port"
    games = tmp_path / "games"
    board = FakeBoard(link, seed=8)
    board.plug()
    logger = start_logger(link, games)
    try:
        assert wait_until(lambda: board.received, 15)
        gid = board.new_game("classic", players=2)
        path = games / ("%s.ludo" % gid)
        while board.state() == "playing" and len(board.lines) < 200:
            board.play_turn()
        assert wait_until(lambda: file_lines(path) == board.lines, 15)
        board.unplug()
        while board.state() == "playing":
            board.play_turn()
        board.plug()
        final = board.record_text()
        assert wait_until(lambda: read_text(path) == final, 20)
    finally:
        logger.kill()
        board.close()


def test_ctrl_c_then_restart_resumes_the_same_file(tmp_path, start_logger):
    link = tmp_path / "board-port"
    games = tmp_path / "games"
    board = FakeBoard(link, seed=9)
    board.plug()
    first = start_logger(link, games, name="first")
    try:
        assert wait_until(lambda: board.received, 15)
        gid = board.new_game("classic", players=2)
        path = games / ("%s.ludo" % gid)
        for _ in range(50):
            board.play_turn()
        assert wait_until(lambda: file_lines(path) == board.lines, 15)
        assert first.interrupt() == 0
        kept = read_text(path)
        assert kept.endswith("\n") and kept.split("\n")[:-1] == board.lines
        for _ in range(30):          # played while no logger runs
            board.play_turn()
        second = start_logger(link, games, name="second")
        while board.state() == "playing":
            board.play_turn()
        final = board.record_text()
        assert wait_until(lambda: read_text(path) == final, 30)
        assert "resuming" in second.stderr()
        assert second.interrupt() == 0
        assert sorted(os.listdir(games)) == ["%s.ludo" % gid]
    finally:
        board.close()


def test_new_game_while_unplugged_abandons_the_old_file(tmp_path, start_logger):
    link = tmp_path / "board-port"
    games = tmp_path / "games"
    board = FakeBoard(link, seed=10)
    board.plug()
    logger = start_logger(link, games)
    try:
        assert wait_until(lambda: board.received, 15)
        old = board.new_game("classic", players=2)
        for _ in range(30):
            board.play_turn()
        old_path = games / ("%s.ludo" % old)
        assert wait_until(lambda: file_lines(old_path) == board.lines, 15)
        kept = file_lines(old_path)
        board.unplug()
        new = board.new_game("classic", players=3)   # the board keeps only the new game
        for _ in range(10):
            board.play_turn()
        board.plug()
        new_path = games / ("%s.ludo" % new)
        assert wait_until(lambda: file_lines(new_path) == board.lines, 20)
        assert wait_until(lambda: len(file_lines(old_path)) == len(kept) + 1, 20)
        lines = file_lines(old_path)
        assert lines[:-1] == kept
        assert json.loads(lines[-1]) == {"result": "*", "seed": None, "termination": "abandoned"}
        assert wait_until(lambda: "gone from the board" in logger.stderr(), 10)
    finally:
        logger.kill()
        board.close()


# -- the virtual board running the firmware -------------------------------------------

def _virtual_board_or_skip():
    try:
        from ludo_host.virtual import VirtualBoard
        from ludo_host.virtual.pty_port import PtyPort
    except ImportError as exc:
        pytest.skip("the virtual board is not importable (%s); the fake-board variant covers the "
                    "logger meanwhile" % exc)
    return VirtualBoard, PtyPort


def _firmware_app():
    """The running firmware's App object (lock-step: frozen between our calls).  Only to know
    when the scripted game is over; the record itself is asked over the serial protocol.
    A reset re-imports the firmware, so the live App is the one of the current module's class."""
    mod = sys.modules.get("ludoboard.app")
    cls = getattr(mod, "App", None)
    if cls is None:
        return None
    apps = [o for o in gc.get_objects() if type(o) is cls]
    assert len(apps) <= 1, "more than one live firmware App"
    return apps[0] if apps else None


def _replug(vb, link, PtyPort):
    """Pull the USB cable and plug it in again: the data port's pty goes away, a new one comes."""
    old = vb.sim.data
    vb.sim.data = PtyPort()
    old.close()
    tmp = str(link) + ".new"
    os.symlink(vb.sim.data.path, tmp)
    os.replace(tmp, str(link))


def _board_record(vb, port_path):
    """The board's own record, asked over the data channel with the `record` command
    (asked again if the board is still busy with a reply it began for the logger)."""
    lines = {}
    with serial.Serial(port_path, timeout=0) as port:
        port.write(b'{"cmd":"record"}\n')
        buf = b""
        end = time.monotonic() + 30
        while time.monotonic() < end:
            vb.wait(20)
            buf += port.read(65536)
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                try:
                    msg = json.loads(raw)
                except ValueError:
                    continue          # the tail of a line begun before we opened the port
                if msg.get("re") == "record" and "error" in msg:
                    assert "busy" in msg["error"], msg
                    vb.wait(300)
                    port.write(b'{"cmd":"record"}\n')
                elif msg.get("re") == "record":
                    lines[msg["n"]] = msg["text"]
                elif msg.get("re") == "record-end":
                    assert sorted(lines) == list(range(msg["lines"]))
                    return "".join(lines[i] + "\n" for i in range(msg["lines"]))
    raise AssertionError("the board did not send its record")


def test_virtual_board_game_logged_through_unplugs_and_reset(tmp_path, start_logger):
    VirtualBoard, PtyPort = _virtual_board_or_skip()
    link = tmp_path / "board-port"
    games = tmp_path / "games"
    vb = VirtualBoard(data_port="pty", nvm_path=tmp_path / "nvm.bin", fresh_nvm=True)
    vb.start()
    logger = None
    try:
        os.symlink(vb.data_port_path, str(link))
        logger = start_logger(link, games)
        assert wait_until(lambda: vb.sim.data.connected(), 15, poll=lambda: vb.wait(20))
        vb.wait(200)
        vb.send(json.dumps({"cmd": "new", "preset": "classic", "players": 2,
                            "options": {"tokens_to_win": 1}, "seed": 20261129}))
        vb.wait(100)

        def started():      # the board sets a new game up over some loop passes (its `ok` ends them)
            app = _firmware_app()
            return app is not None and app.game is not None and not app.starting
        wait_until(started, 15, poll=lambda: vb.wait(20))
        app = _firmware_app()
        if app is None or app.game is None:
            pytest.skip("the firmware did not start a game on the `new` command")
        gid = app.game.game_id
        path = games / ("%s.ludo" % gid)

        def synced():
            return len(file_lines(path)) == len(app.game.transcript) + 1

        turns = 0
        pulls = resets = 0
        while not app.game.is_over():
            assert turns < 400, "the scripted game does not end"
            for button in ("roll", "select", "confirm", "confirm"):
                vb.press(button)
            turns += 1
            if turns in (4, 12, 28):
                assert wait_until(synced, 20, poll=lambda: vb.wait(50))
                _replug(vb, link, PtyPort)
                pulls += 1
            elif turns == 18:
                assert wait_until(synced, 20, poll=lambda: vb.wait(50))
                vb.reset()
                _replug(vb, link, PtyPort)   # a reset re-enumerates USB: the port goes and comes
                resets += 1
                app = _firmware_app()        # the firmware started again and resumed its save
        assert app.game.game_id == gid
        _replug(vb, link, PtyPort)           # the end event may be lost; status/resend fetch it
        want = len(app.game.transcript) + 2
        assert wait_until(lambda: len(file_lines(path)) == want, 30, poll=lambda: vb.wait(50)), \
            logger.stderr()
        assert logger.interrupt() == 0
        board_record = _board_record(vb, vb.data_port_path)
        with open(path, "rb") as fh:
            assert fh.read() == board_record.encode("utf-8")
        assert pulls == 3 and resets == 1
        err = logger.stderr()
        # 3 pulls and the reset while connected; the last pull may come before the logger is back.
        assert err.count("DISCONNECTED: connection lost") >= 4, err
        assert "Traceback" not in err
    finally:
        if logger is not None:
            logger.kill()
        vb.close()
        if os.path.lexists(str(link)):
            os.unlink(str(link))
