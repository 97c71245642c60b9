"""The logger's decisions, line by line: duplicates, gaps, conflicts, resume, file names."""
import io
import json
import os
import re

import pytest

from ludo_host.records.writing import ABANDONED_FOOTER, GameFile, safe_file_stem
from ludo_host.logger.status import StatusLine
from ludo_host.logger import Logger

GID = "0a1b2c3d"
HEADER = {"format": "ludo-record/1", "game": GID, "players": "RY", "preset": "classic"}


class WireStub:
    """Stands in for the serial port object inside one Logger: records what it sends."""

    def __init__(self):
        self.sent = []

    def write(self, data):
        self.sent.append(json.loads(data.decode()))
        return len(data)

    def close(self):
        pass


def make_logger(tmp_path):
    err = io.StringIO()
    lg = Logger(str(tmp_path), port="/nonexistent", status=StatusLine(err, tty=False))
    lg.ser = WireStub()
    return lg, err


def line(obj):
    return json.dumps(obj).encode()


def start(seq=0, gid=GID):
    return line({"ev": "start", "game": gid, "header": dict(HEADER, game=gid), "seq": seq})


def action(seq, text, gid=GID):
    return line({"ev": "action", "game": gid, "line": text, "seq": seq, "turn": "R", "events": []})


def end(seq, gid=GID):
    return line({"ev": "end", "game": gid, "footer": {"result": "R", "seed": "7", "termination": "finished"},
                 "seq": seq})


def content(tmp_path, gid=GID):
    with open(os.path.join(str(tmp_path), gid + ".ludo")) as fh:
        return fh.read()


def test_in_order_events_make_the_record(tmp_path):
    lg, err = make_logger(tmp_path)
    for raw in (start(), action(1, "roll 6"), action(2, "R1 y-0"), end(3)):
        lg.handle_line(raw)
    assert content(tmp_path) == (json.dumps(dict(HEADER), sort_keys=True, separators=(",", ":")) + "\n"
                                 "roll 6\nR1 y-0\n" '{"result":"R","seed":"7","termination":"finished"}\n')
    assert lg.games[GID].finished
    assert "ludo-host log:" not in err.getvalue()
    assert lg.ser.sent == []                       # nothing missing: nothing asked again


def test_duplicates_dropped_and_gap_asks_resend(tmp_path):
    lg, err = make_logger(tmp_path)
    lg.handle_line(start())
    lg.handle_line(action(1, "roll 3"))
    lg.handle_line(action(1, "roll 3"))            # duplicate: dropped silently
    lg.handle_line(action(3, "roll 5"))            # 2 is missing
    assert lg.ser.sent[-1] == {"cmd": "resend", "from": 2, "game": GID}
    assert content(tmp_path).count("\n") == 2
    lg.handle_line(action(2, "pass"))              # the resend fills the gap ...
    lg.handle_line(action(3, "roll 5"))            # ... and repeats what was held back
    assert content(tmp_path).split("\n")[1:] == ["roll 3", "pass", "roll 5", ""]
    assert "ludo-host log:" not in err.getvalue()


def test_conflicting_duplicate_is_reported_and_file_kept(tmp_path):
    lg, err = make_logger(tmp_path)
    lg.handle_line(start())
    lg.handle_line(action(1, "roll 3"))
    lg.handle_line(action(1, "roll 4"))
    assert content(tmp_path).split("\n")[1] == "roll 3"
    assert err.getvalue().count("ludo-host log:") == 1 and "line 1" in err.getvalue()


def test_status_ahead_of_file_asks_resend_from_next_line(tmp_path):
    lg, _ = make_logger(tmp_path)
    lg.handle_line(start())
    lg.handle_line(line({"re": "status", "game": GID, "seq": 9, "state": "playing", "turn": "Y"}))
    assert {"cmd": "resend", "from": 1, "game": GID} in lg.ser.sent


def test_unknown_game_from_status_asks_from_zero(tmp_path):
    lg, _ = make_logger(tmp_path)
    lg.handle_line(line({"re": "status", "game": GID, "seq": 4, "state": "playing", "turn": "Y"}))
    assert {"cmd": "resend", "from": 0, "game": GID} in lg.ser.sent
    assert not os.path.exists(os.path.join(str(tmp_path), GID + ".ludo"))   # no header yet, no file


def test_other_game_kept_open_unless_the_board_says_it_is_gone(tmp_path):
    lg, err = make_logger(tmp_path)
    lg.handle_line(start())
    lg.handle_line(action(1, "roll 3"))
    other = "ffff0000"
    lg.handle_line(line({"re": "status", "game": other, "seq": 0, "state": "playing", "turn": "R"}))
    assert {"cmd": "resend", "from": 2, "game": GID} in lg.ser.sent
    # A refusal that does not say the game is gone (busy): the file stays open.
    lg.handle_line(line({"error": "busy sending a reply; ask again when it ends", "re": "resend"}))
    assert not lg.games[GID].finished
    lg.resend_asked.clear()
    lg.handle_line(line({"re": "status", "game": other, "seq": 0, "state": "playing", "turn": "R"}))
    lg.handle_line(line({"error": "no game %s on the board (the current one is %s)" % (GID, other), "re": "resend"}))
    assert lg.games[GID].finished
    assert content(tmp_path).split("\n")[-2] == ABANDONED_FOOTER
    assert "gone from the board" in err.getvalue()


def test_resume_cuts_a_torn_last_line(tmp_path):
    path = tmp_path / (GID + ".ludo")
    path.write_bytes(b'{"game":"0a1b2c3d"}\nroll 6\nR1 y-')
    gf = GameFile(GID, str(tmp_path))
    assert gf.resumed and gf.lines == ['{"game":"0a1b2c3d"}', "roll 6"] and gf.next_seq == 2
    assert path.read_bytes() == b'{"game":"0a1b2c3d"}\nroll 6\n'
    assert gf.offer(2, "R1 y-0") == "new"
    assert path.read_bytes().endswith(b"roll 6\nR1 y-0\n")
    gf.close()


def test_file_names_never_come_unsanitised_from_the_device(tmp_path):
    assert safe_file_stem("0a1b2c3d") == "0a1b2c3d"
    for hostile in ("../../etc/passwd", "0A1B2C3D", "0a1b2c3d\n", "a/b", "", "x" * 64, "0a1b2c3d.."):
        stem = safe_file_stem(hostile)
        assert stem.startswith("unnamed-") and all(c in "0123456789abcdef-unamed" for c in stem)
    lg, _ = make_logger(tmp_path)
    lg.handle_line(start(gid="../evil"))
    names = os.listdir(str(tmp_path))
    assert len(names) == 1 and names[0].startswith("unnamed-") and names[0].endswith(".ludo")


def test_malformed_lines_one_error_each_nothing_written(tmp_path):
    lg, err = make_logger(tmp_path)
    bad = [b"not json", b"\xff\xfe", b"[1,2]", b'{"ev":"action","game":"' + GID.encode() + b'","seq":-1,"line":"x"}',
           b'{"ev":"action","game":"' + GID.encode() + b'","seq":1,"line":"a\\nb"}',
           b'{"ev":"start","game":"' + GID.encode() + b'","seq":0,"header":[]}',
           b'{"ev":"bogus","game":"' + GID.encode() + b'","seq":1}', b'{"hello":1}', b"[" * 5000, None]
    for raw in bad:
        lg.handle_line(raw)
    assert err.getvalue().count("ludo-host log:") == len(bad)
    assert os.listdir(str(tmp_path)) == []


def test_what_the_board_sends_reaches_the_terminal_with_its_controls_escaped(tmp_path, monkeypatch):
    """A game id, an action line or an error text with terminal escapes (ESC, C1 controls)
    is shown, not obeyed: the status line, the notes and the errors print them escaped."""
    monkeypatch.setenv("COLUMNS", "300")       # (the status line is cut to the terminal's width)
    for tty in (False, True):
        err = io.StringIO()
        folder = tmp_path / ("tty" if tty else "plain")
        folder.mkdir()
        lg = Logger(str(folder), port="/nonexistent", status=StatusLine(err, tty=tty))
        lg.ser = WireStub()
        gid = "\x1b]0;PWNED\x07\x9b2J"
        lg.handle_line(start(gid=gid))
        lg.handle_line(action(1, "roll 6\x1b[31m", gid=gid))
        lg.handle_line(action(2, "roll 6\x9b31m", gid=gid))
        lg.handle_line(line({"error": "no \x1b[2J game", "re": "status"}))
        lg.handle_line(end(3, gid=gid))
        shown = err.getvalue().replace("\r", "").replace("\x1b[K", "")    # the status line's own redrawing
        assert "\\x1b]0;PWNED\\x07\\x9b2J" in shown and "no \\x1b[2J game" in shown, shown
        if tty:                 # (a plain status line is printed when the game changes, not per action)
            assert "roll 6\\x1b[31m" in shown and "roll 6\\x9b31m" in shown
        assert not re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", shown), repr(shown)


def test_blank_lines_are_ignored(tmp_path):
    lg, err = make_logger(tmp_path)
    lg.handle_line(b"")
    lg.handle_line(b"   ")
    assert err.getvalue() == ""


def test_a_new_game_with_the_id_of_a_finished_one_gets_a_file_of_its_own(tmp_path):
    """The same seed given again gives the same game id: the second game is logged to
    <id>-2.ludo, and the first game's file is left as it was."""
    lg, err = make_logger(tmp_path)
    for raw in (start(), action(1, "roll 6"), action(2, "R1 y-0"), end(3)):
        lg.handle_line(raw)
    first = content(tmp_path)
    second_header = dict(HEADER, start="2026-12-01T10:00:00Z")
    lg.handle_line(line({"ev": "start", "game": GID, "header": second_header, "seq": 0}))
    lg.handle_line(action(1, "roll 2"))
    assert content(tmp_path) == first
    with open(os.path.join(str(tmp_path), GID + "-2.ludo")) as fh:
        assert fh.read().split("\n")[1:] == ["roll 2", ""]
    assert "a new game with the same id" in err.getvalue()
    assert "lost some" not in err.getvalue()


def test_a_board_on_a_shorter_game_of_the_same_id_is_logged_afresh(tmp_path):
    """Unplugged while the board abandoned the game and began one with the same id (same
    seed, no clock: the same header): the board then holds fewer lines than the file. The
    old file is closed as abandoned and the board's game is asked for from its start,
    into <id>-2.ludo; a restarted logger carries on with that file."""
    lg, err = make_logger(tmp_path)
    for raw in (start(), action(1, "roll 6"), action(2, "R1 y-0"), action(3, "roll 4")):
        lg.handle_line(raw)
    lg.handle_line(line({"re": "status", "game": GID, "seq": 1, "state": "playing", "turn": "R"}))
    assert content(tmp_path).split("\n")[-2] == ABANDONED_FOOTER
    assert lg.ser.sent[-1] == {"cmd": "resend", "from": 0, "game": GID}
    lg.handle_line(start())
    lg.handle_line(action(1, "roll 3"))
    path2 = os.path.join(str(tmp_path), GID + "-2.ludo")
    with open(path2) as fh:
        assert fh.read().split("\n")[1:] == ["roll 3", ""]
    lg2, _ = make_logger(tmp_path)
    lg2.handle_line(line({"re": "status", "game": GID, "seq": 2, "state": "playing", "turn": "R"}))
    assert lg2.games[GID].path == path2
    assert lg2.ser.sent[-1] == {"cmd": "resend", "from": 2, "game": GID}


def test_a_finished_file_and_the_board_over_the_same_game_is_no_new_game(tmp_path):
    lg, err = make_logger(tmp_path)
    for raw in (start(), action(1, "roll 6"), end(2)):
        lg.handle_line(raw)
    for state in ("over", "menu"):
        lg.handle_line(line({"re": "status", "game": GID, "seq": 2, "state": state, "turn": "R"}))
    lg.handle_line(start())                        # the start again (a resend): a duplicate
    assert sorted(os.listdir(str(tmp_path))) == [GID + ".ludo"]
    assert lg.ser.sent == []


def test_a_terminal_at_the_port_path_is_not_opened_and_gets_nothing_written(tmp_path):
    """A virtual board's pty freed when it stops soon goes to a new terminal: the logger
    must not type its commands into that shell. A pty that echoes or reads by lines is a
    terminal; the board's data channel is raw."""
    import pty
    import select
    import termios
    import tty

    master, slave = pty.openpty()           # a terminal as a shell has it: echo, lines
    try:
        err = io.StringIO()
        lg = Logger(str(tmp_path), port=os.ttyname(slave), status=StatusLine(err, tty=False))
        assert lg._connect() is False
        assert lg.ser is None
        assert "is a terminal, not a board's data channel" in err.getvalue()
        assert not select.select([master], [], [], 0.2)[0]      # nothing was written to it
        assert termios.tcgetattr(slave)[3] & termios.ECHO         # and its settings are as they were
        tty.setraw(slave)                   # raw, as the virtual board's channel is
        assert lg._connect() is True
        sent = b""                          # its time, then its status: maybe in two reads
        while b'"cmd":"status"' not in sent and select.select([master], [], [], 2)[0]:
            sent += os.read(master, 4096)
        assert b'"cmd":"status"' in sent
        lg.close()
    finally:
        os.close(master)
        os.close(slave)


def test_a_shell_at_its_prompt_is_a_terminal_too(tmp_path):
    """A shell waiting at its prompt has switched echo and line reading off (readline), so
    its pty looks raw; it is its session's controlling terminal, which a board's data
    channel never is: not opened either."""
    import pty
    import tty
    if not os.path.isdir("/proc/self"):
        pytest.skip("needs Linux's /proc")
    pid, master = pty.fork()
    if pid == 0:                            # the child: a session on the pty, as a shell has
        os.execvp("sleep", ["sleep", "30"])
    try:
        import fcntl
        import struct
        import termios
        import time
        # the pty's number (Linux's TIOCGPTN, which termios may not name)
        number = struct.unpack("I", fcntl.ioctl(master, getattr(termios, "TIOCGPTN", 0x80045430), b"\0" * 4))[0]
        slave = "/dev/pts/%d" % number
        deadline = time.monotonic() + 10
        while os.stat("/proc/%d/fd/0" % pid).st_rdev != os.stat(slave).st_rdev:  # (the child's set-up)
            assert time.monotonic() < deadline
            time.sleep(0.01)
        fd = os.open(slave, os.O_RDWR | os.O_NOCTTY)
        try:
            tty.setraw(fd)                  # as readline leaves it at the prompt
        finally:
            os.close(fd)
        err = io.StringIO()
        lg = Logger(str(tmp_path), port=slave, status=StatusLine(err, tty=False))
        assert lg._connect() is False and lg.ser is None
        assert "is a terminal, not a board's data channel" in err.getvalue()
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(master)


@pytest.mark.parametrize("bad", [b"\xff\xfegarbage{{", b"{\"result\":\"R\"}", b"R9 y-0", b"roll 6 and more"])
def test_resume_takes_again_from_a_damaged_line_and_keeps_the_file_aside(tmp_path, bad):
    """A line that is no record line (a disk fault, an editor) is not built on: the lines
    from it on come again from the board, and the file as it was is kept beside."""
    path = tmp_path / (GID + ".ludo")
    lines = [json.dumps(HEADER).encode(), b"roll 6", b"R1 y-0", b"roll 3", b"R1 0-3"]
    original = b"\n".join(lines[:2] + [bad] + lines[3:]) + b"\n"
    path.write_bytes(original)
    gf = GameFile(GID, str(tmp_path))
    assert gf.damaged == (3, str(path) + ".damaged")
    assert gf.lines == [json.dumps(HEADER), "roll 6"] and gf.next_seq == 2 and not gf.finished
    assert (tmp_path / (GID + ".ludo.damaged")).read_bytes() == original
    assert path.read_bytes() == b"\n".join(lines[:2]) + b"\n"
    for seq in (2, 3, 4):                           # the board's resend
        assert gf.offer(seq, lines[seq].decode()) == "new"
    gf.close()
    assert path.read_bytes() == b"\n".join(lines) + b"\n"
    again = GameFile(GID, str(tmp_path))            # sound now: resumed as it is
    assert again.damaged is None and again.next_seq == 5


def test_resume_takes_a_file_with_an_expert_seats_kind_line_as_sound(tmp_path):
    """A `kind B expert` line (a seat handed to the Expert) is a record line: the logger's
    file with one is resumed as it is, not kept aside as damaged."""
    path = tmp_path / (GID + ".ludo")
    lines = [json.dumps(HEADER).encode(), b"roll 6", b"kind B expert", b"R1 y-0"]
    path.write_bytes(b"\n".join(lines) + b"\n")
    gf = GameFile(GID, str(tmp_path))
    assert gf.damaged is None and gf.next_seq == 4 and gf.lines[2] == "kind B expert"
    gf.close()


def test_a_record_file_that_is_a_fifo_is_refused_not_waited_on(tmp_path):
    """A FIFO where a game's record file would be resumed: one error line, and the logger
    goes on (opening it for reading waited for a writer for ever, and nothing more was logged)."""
    import threading
    fifo = tmp_path / "0123abcd.ludo"
    os.mkfifo(fifo)
    lg, err = make_logger(tmp_path)
    got = []
    worker = threading.Thread(target=lambda: got.append(lg._game("0123abcd")), daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():               # let the blocked open go before failing
        with open(fifo, "wb"):
            pass
        worker.join(5)
        pytest.fail("the logger waited on a FIFO")
    assert got == [None]
    said = err.getvalue()
    assert "cannot use the record file for game '0123abcd'" in said and "is a FIFO (named pipe)" in said, said


def test_status_asks_for_the_lights_only_while_wanted_and_not_again_once_refused(tmp_path):
    lg, err = make_logger(tmp_path)
    wanted = [None]
    lg.lights_every = lambda: wanted[0]
    lg._housekeeping()
    assert lg.ser.sent[-1] == {"cmd": "status"}               # (the first ask: nothing asked yet)
    lg._housekeeping()
    assert len(lg.ser.sent) == 1                               # plain, every status_every_s
    lg.handle_line(line({"re": "status", "state": "menu", "game": None, "seq": None}))
    wanted[0] = 0.0
    lg._housekeeping()
    assert lg.ser.sent[-1] == {"cmd": "status", "lights": True}
    lg.handle_line(line({"error": "status: the strip is too long for its lights in one line", "re": "status"}))
    assert err.getvalue().count("the page shows no lights") == 1
    lg._housekeeping()
    lg._housekeeping()
    assert {"cmd": "status", "lights": True} not in lg.ser.sent[2:]   # plainly again, once refused
    assert err.getvalue().count("too long") == 1


def test_the_end_of_a_game_is_said_in_words_abandoned_or_won(tmp_path):
    """A footer the board sends is said as what happened ("over, Red won"; an abandoned game
    is "not finished (abandoned)", never "over"), and the status line never shows the
    footer's JSON."""
    lg, err = make_logger(tmp_path)
    status = StatusLine(io.StringIO(), tty=True)
    lg.status = status
    for raw in (start(), action(1, "roll 6"), end(2)):
        lg.handle_line(raw)
    assert "game %s over, Red won: " % GID in status.stream.getvalue()
    assert status.fields["last"] == "game over, Red won" and "{" not in status.text()

    other = "1a2b3c4d"
    lg.handle_line(start(gid=other))
    lg.handle_line(line({"ev": "end", "game": other, "seq": 1,
                         "footer": {"result": "*", "seed": None, "termination": "abandoned"}}))
    said = status.stream.getvalue()
    assert "game %s not finished (abandoned): " % other in said and "game %s over" % other not in said
    assert status.fields["last"] == "game not finished (abandoned)" and "{" not in status.text()


def test_footer_words():
    from ludo_host.words import footer_words
    assert footer_words('{"result":"R+G","seed":"1","termination":"finished"}') == "Red and Green won"
    assert footer_words('{"result":"Y","seed":"1","termination":"resigned"}', ["roll 3", "resign R"]) == \
        "Yellow won: Red resigned"
    assert footer_words('{"names":{"Y":"Ben"},"result":"Y","seed":"1","termination":"finished"}') == "Ben (Yellow) won"
    assert footer_words(ABANDONED_FOOTER) == "Not finished (abandoned)"
    assert footer_words("not json") == "ended"


def test_a_new_game_is_said_with_its_preset_seats_and_local_start_time(tmp_path, monkeypatch):
    import time
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        lg, err = make_logger(tmp_path)
        lg.handle_line(line({"ev": "start", "game": GID, "seq": 0,
                             "header": dict(HEADER, start="2026-11-29T14:03:00Z")}))
        assert lg.status.fields["last"] == "new game: classic RY, began Sun 29 Nov 2026, 15:03"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_names_go_in_the_header_and_the_footer_and_a_resend_is_still_the_same_line(tmp_path):
    """`ludo-host log --names R=Anna`: the header carries the names known when it is written,
    the footer those known at the end (a friend named on the page meanwhile); the board's
    lines sent again are duplicates, not conflicts (the names are the PC's, not the board's)."""
    import ludo
    from ludo_host.logger import names_argument
    lg, err = make_logger(tmp_path)
    lg.names.update(names_argument("r=Anna, B=Zed"))
    lg.handle_line(start())
    lg.handle_line(action(1, "roll 6"))
    lg.names["Y"] = "Ben"
    lg.handle_line(start())                                  # (sent again: the same game)
    lg.handle_line(end(2))
    lines = content(tmp_path).split("\n")
    assert json.loads(lines[0])["names"] == {"R": "Anna"}          # (B plays not in this game)
    assert json.loads(lines[2])["names"] == {"R": "Anna", "Y": "Ben"}
    assert len(lines) == 4 and "conflict" not in err.getvalue() and "again" not in err.getvalue()
    assert ludo.Record.parse(content(tmp_path)).names == {"R": "Anna", "Y": "Ben"}
    for bad in ("R", "X=Al", "R=", "R=" + "a" * 30):
        with pytest.raises(Exception, match="seat=name|longer"):
            names_argument(bad)


def _abandoned_by_another_board(tmp_path):
    """Board A's game is open in its file; another board (a second Pico, or a virtual board
    with another save) is on the port instead and says it has no such game: the file is
    closed as abandoned, as for a game the board gave up while unplugged."""
    lg, err = make_logger(tmp_path)
    for raw in (start(), action(1, "roll 6"), action(2, "R1 y-0")):
        lg.handle_line(raw)
    other = "ffff0000"
    lg.handle_line(start(gid=other))
    lg.handle_line(line({"re": "status", "game": other, "seq": 0, "state": "playing", "turn": "R"}))
    assert lg.ser.sent[-1] == {"cmd": "resend", "from": 3, "game": GID}
    lg.handle_line(line({"error": "no game %s on the board (the current one is %s)" % (GID, other), "re": "resend"}))
    assert content(tmp_path).split("\n")[-2] == ABANDONED_FOOTER
    return lg, err


@pytest.mark.parametrize("restarted", [False, True])
def test_a_game_closed_as_abandoned_goes_on_in_its_own_file_when_a_board_is_on_it_again(tmp_path, restarted):
    """Board A came back with its game gone on: the logger wrote the rest to <id>-2.ludo
    (and <id>-3.ludo at the next switch), leaving an abandoned piece of the same game
    behind. Now the board's lines are checked against the file's and, being the same, the
    game goes on in its one file, to its real end (a logger started afresh too)."""
    lg, err = _abandoned_by_another_board(tmp_path)
    if restarted:
        lg, err = make_logger(tmp_path)
    lg.handle_line(line({"re": "status", "game": GID, "seq": 4, "state": "playing", "turn": "Y"}))
    assert {"cmd": "resend", "from": 0, "game": GID} in lg.ser.sent
    for raw in (start(), action(1, "roll 6"), action(2, "R1 y-0"), action(3, "roll 2"), action(4, "R1 0-2"),
                end(5)):
        lg.handle_line(raw)
    assert sorted(os.listdir(str(tmp_path))) == [GID + ".ludo", "ffff0000.ludo"]
    lines = content(tmp_path).split("\n")
    assert lines[1:] == ["roll 6", "R1 y-0", "roll 2", "R1 0-2", '{"result":"R","seed":"7","termination":"finished"}', ""]
    assert "game %s is on the board again: " % GID in err.getvalue()
    assert lg.games[GID].finished and not lg.games[GID].abandoned_here
    if restarted:
        assert "(4 lines, closed as abandoned)" in err.getvalue()


def test_the_board_on_another_game_with_the_abandoned_ones_id_gets_a_file_of_its_own(tmp_path):
    """The same id, but a line the file does not have: another game (the same seed given
    again), logged from its start to <id>-2.ludo; the abandoned file stays as it was."""
    lg, err = _abandoned_by_another_board(tmp_path)
    before = content(tmp_path)
    lg.handle_line(line({"re": "status", "game": GID, "seq": 3, "state": "playing", "turn": "Y"}))
    for raw in (start(), action(1, "roll 6"), action(2, "R2 y-0")):
        lg.handle_line(raw)
    assert content(tmp_path) == before
    lg.ser.sent.clear()
    lg._housekeeping()
    assert {"cmd": "resend", "from": 0, "game": GID} in lg.ser.sent
    for raw in (start(), action(1, "roll 6"), action(2, "R2 y-0"), action(3, "roll 1")):
        lg.handle_line(raw)
    with open(os.path.join(str(tmp_path), GID + "-2.ludo")) as fh:
        assert fh.read().split("\n")[1:] == ["roll 6", "R2 y-0", "roll 1", ""]
    assert "conflict" not in err.getvalue() and "not the file's" in err.getvalue()
