"""The serial protocol (docs/serial-protocol.md): replies, streamed record and
resend, and malformed input -> exactly one error line, nothing changed."""
import json
import re
import time

import pytest
import serial

import ludo
from ludo.record import footer_of

from harness import Board, STEP_MS, firmware_consts, new_game_cmd


def play(b, presses):
    """Roll, or choose the first move and confirm it, `presses` times."""
    for _ in range(presses):
        if b.game.needs_roll():
            b.press("roll")
        else:
            b.press("select")
            b.press("confirm")


@pytest.fixture
def board():
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=11))
    play(b, 5)
    b.lines()
    return b


def snapshot(b):
    return (bytes(b.nvm.data), bytes(b.game.transcript), b.app.mode, b.app.selected, b.game.position())


MALFORMED = [
    (b"hello\n", None, "not JSON"),
    (b"{\"cmd\":\"status\"\n", None, "not JSON"),
    (b"[1,2,3]\n", None, "JSON object"),
    (b"42\n", None, "JSON object"),
    (b"{}\n", None, "missing"),
    (b"{\"cmd\":7}\n", None, "missing"),
    (b"{\"cmd\":\"fly\"}\n", None, "unknown command"),
    (b"{\"cmd\":\"press\"}\n", "press", "button"),
    (b"{\"cmd\":\"press\",\"button\":\"jump\"}\n", "press", "button"),
    (b"{\"cmd\":\"press\",\"button\":\"roll\",\"long\":1}\n", "press", "long"),
    (b"{\"cmd\":\"resend\",\"from\":\"3\",\"game\":\"x\"}\n", "resend", "from"),
    (b"{\"cmd\":\"resend\",\"from\":-1,\"game\":\"x\"}\n", "resend", "from"),
    (b"{\"cmd\":\"resend\",\"from\":0}\n", "resend", "game"),
    (b"{\"cmd\":\"resend\",\"from\":0,\"game\":\"deadbeef\"}\n", "resend", "no game"),
    (b"{\"cmd\":\"resend\",\"from\":9999,\"game\":\"GID\"}\n", "resend", "last event"),
    (b"{\"cmd\":\"new\",\"preset\":\"chess\"}\n", "new", "unknown preset"),
    (b"{\"cmd\":\"new\",\"players\":7}\n", "new", "players"),
    (b"{\"cmd\":\"new\",\"players\":true}\n", "new", "players"),
    (b"{\"cmd\":\"new\",\"options\":[1]}\n", "new", "options"),
    (b"{\"cmd\":\"new\",\"options\":{\"warp\":true}}\n", "new", "unknown option"),
    (b"{\"cmd\":\"new\",\"preset\":\"club\",\"players\":3,\"options\":{\"mode\":\"ordinary\"}}\n", "new", "mode"),
    (b"{\"cmd\":\"new\",\"kinds\":{\"R\":\"genius\"}}\n", "new", "kinds"),
    (b"{\"cmd\":\"new\",\"dice\":\"loaded\"}\n", "new", "dice"),
    (b"{\"cmd\":\"new\",\"seed\":-5}\n", "new", "seed"),
    (b"{\"cmd\":\"time\"}\n", "time", "now"),
    (b"{\"cmd\":\"time\",\"now\":\"yesterday\"}\n", "time", "2026-11-29"),
    (b"{\"cmd\":\"time\",\"now\":\"2026-13-40T99:00:00Z\"}\n", "time", "no date and time"),
    (b"\xff\xfe\x00garbage\x80\n", None, "UTF-8"),
    (b"\x00\x01\x02\x03\n", None, "not JSON"),
    (b"{\"cmd\":\"status\"}" + b" " * 1100 + b"\n", None, "longer than 1024"),
    # nested 400 deep: valid JSON to CPython's parser, but not an object (MicroPython's
    # parser may give up on the depth instead: "not JSON"; these tests run on CPython)
    (b"[" * 400 + b"]" * 400 + b"\n", None, "expected a JSON object"),
    # the limits of what a value may be
    (b"{\"cmd\":\"new\",\"seed\":18446744073709551616}\n", "new", "2**64 - 1"),
    (b"{\"cmd\":\"new\",\"preset\":\"strict\",\"options\":{\"deadline\":3601}}\n", "new", "0 to 3600"),
    (b"{\"cmd\":\"new\",\"options\":{\"stars\":1.0}}\n", "new", "takes true or false"),
    (b"{\"cmd\":\"time\",\"now\":\"2026-02-31T23:59:59Z\"}\n", "time", "no such day"),
    (b"{\"cmd\":\"time\",\"now\":\"2026-04-31T10:00:00Z\"}\n", "time", "no such day"),
    (b"{\"cmd\":\"time\",\"now\":\"2027-02-29T10:00:00Z\"}\n", "time", "no such day"),
    # a message quoting a long input is clipped, so that it stays one line within the limit
    (("{\"cmd\":\"resend\",\"from\":0,\"game\":\"%s\"}\n" % ("\u00e9" * 300)).encode(), "resend",
     "no game \u00e9\u00e9"),
    (("{\"cmd\":\"new\",\"options\":{\"%s\":1}}\n" % ("\u00e9" * 300)).encode(), "new", "unknown option"),
    (b"{\"cmd\":\"new\",\"players\":\"" + b"R" * 990 + b"\"}\n", "new", "seat"),
    # characters outside the BMP: 4 bytes in the line, 12 escaped in the reply (a pair)
    (("{\"cmd\":\"new\",\"preset\":\"%s\"}\n" % ("\U0001F600" * 80)).encode(), "new", "preset"),
    (("{\"cmd\":\"new\",\"preset\":\"%s\"}\n" % ("\U0001F600" * 240)).encode(), "new", "preset"),
    (("{\"cmd\":\"new\",\"players\":\"%s\"}\n" % ("\U0001F600" * 240)).encode(), "new", "players"),
    (("{\"cmd\":\"new\",\"options\":{\"%s\":1}}\n" % ("\U0001F600" * 240)).encode(), "new", "option"),
    (("{\"cmd\":\"new\",\"options\":{\"three_sixes\":\"%s\"}}\n" % ("\U0001F600" * 240)).encode(),
     "new", "three_sixes"),
    (("{\"cmd\":\"resend\",\"from\":0,\"game\":\"%s\"}\n" % ("\U0001F600" * 240)).encode(), "resend",
     "no game"),
    (b"{\"cmd\":\"time\",\"now\":\"2026-01-01T24:00:00Z\"}\n", "time", "00:00:00 to 23:59:59"),
    (b"{\"cmd\":\"time\",\"now\":\"2026-13-01T10:00:00Z\"}\n", "time", "month 01-12"),
    (b"{\"cmd\":\"time\",\"now\":\"1999-12-31T10:00:00Z\"}\n", "time", "years 2000-2099"),
] + [(raw, None, "not JSON") for raw in [
    # blank-looking lines: only spaces and tabs make a blank line (what str.strip() takes
    # differs between CPython and MicroPython; JSON's own spaces are " \t\r\n")
    b"\x0c\n", b"\x0b\n", b" \x0c\t\n", b"\x1c\x1d\x1e\x1f\n", "\u00a0\n".encode(), "\u2028\n".encode(),
    "\u2029\n".encode(), "\u3000\n".encode(), "\ufeff\n".encode(), b"\r\r\n",
    b"{\"cmd\":\"status\"}\x0c\n", b"\x0c{\"cmd\":\"status\"}\n", b"{\"cmd\":\x0b\"status\"}\n",
]]


@pytest.mark.parametrize("raw,re,words", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_command_gets_one_error_line_and_changes_nothing(board, raw, re, words):
    raw = raw.replace(b"GID", board.game.game_id.encode())
    before = snapshot(board)
    board.hw.to_board.extend(raw)
    board.wait(50)
    sent = bytes(board.hw.from_board)
    out = board.lines()
    assert len(out) == 1, (out, sent[:200])
    assert sent.endswith(b"\n") and len(sent) - 1 <= 1024, len(sent)   # one line, within the limit
    assert sent == (json.dumps(json.loads(sent), sort_keys=True, separators=(",", ":")) + "\n").encode()
    assert set(out[0]) == {"error", "re"}
    assert out[0]["re"] == re
    assert words, "a case must name words of its message (every message contains '')"
    assert words.lower() in out[0]["error"].lower()
    assert "\n" not in out[0]["error"]
    assert len(json.dumps(out[0])) <= 1024
    assert snapshot(board) == before
    # and the link still works
    assert board.ask({"cmd": "status"})[0]["re"] == "status"


def test_a_day_that_exists_is_a_time(board):
    for now in ("2028-02-29T10:00:00Z", "2026-12-31T23:59:59Z", "2026-04-30T10:00:00Z"):
        assert board.ask({"cmd": "time", "now": now}) == [{"cmd": "time", "re": "ok"}]


def test_a_line_of_1024_bytes_ends_with_crlf_too(board):
    """docs/serial-protocol.md: at most 1024 bytes without the line end; a "\\r" before the
    "\\n" is ignored, so it does not count."""
    line = b'{"cmd":"status"}'
    line += b" " * (1024 - len(line))
    for end in (b"\n", b"\r\n"):
        board.hw.to_board.extend(line + end)
        board.wait(50)
        out = board.lines()
        assert [x.get("re") for x in out] == ["status"], (end, out)
    board.hw.to_board.extend(line + b" \r\n")
    board.wait(50)
    assert board.lines() == [{"error": "line longer than 1024 bytes", "re": None}]


def test_a_line_of_spaces_is_a_blank_line(board):
    before = snapshot(board)
    board.hw.to_board.extend(b"   \n\t\n \r\n")
    board.wait(50)
    assert board.lines() == []
    assert snapshot(board) == before


@pytest.mark.parametrize("cmd", ["resend", "record"])
def test_a_reply_a_new_game_cuts_short_ends_with_one_error_line(cmd):
    """A long reply streams as the PC reads; a new game begun meanwhile (here: the PC's
    `new` right behind it) replaces its game, and the reply ends with an error line
    that says so, not silently."""
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=7))
    play(b, 80)
    old = b.game.game_id
    b.lines()
    b.hw.pass_limit = b.hw.pass_left = 100      # a PC that reads slowly
    ask = {"cmd": cmd, "from": 0, "game": old} if cmd == "resend" else {"cmd": cmd}
    b.hw.to_board.extend((json.dumps(ask) + "\n" + json.dumps(new_game_cmd("classic", 2, seed=8)) + "\n").encode())
    b.wait(3000)
    b.hw.pass_limit = None
    b.wait(100)
    out = b.lines()
    gone = [x for x in out if "error" in x]
    assert gone == [{"error": "no game %s on the board any more (a new game began): the reply stopped" % old,
                     "re": cmd}], [x for x in out if "ev" not in x and x.get("re") != cmd][:5]
    assert not [x for x in out if x.get("re") in ("resend", "record-end") and "error" not in x]
    new = b.game.game_id
    assert new != old
    assert [(x["ev"], x["game"]) for x in out if x.get("ev") in ("start", "end")][-2:] == [
        ("end", old), ("start", new)]


def test_binary_garbage_with_many_line_ends_one_error_per_line(board):
    before = snapshot(board)
    board.hw.to_board.extend(b"\x01\n\xfa\xfb\n\x00\x00\n")
    board.wait(50)
    out = board.lines()
    assert len(out) == 3 and all("error" in x for x in out)
    assert snapshot(board) == before


def test_half_lines_are_assembled_and_blank_lines_ignored(board):
    for part in (b'{"cmd":', b'"sta', b'tus"}'):
        board.hw.to_board.extend(part)
        board.wait(30)
        assert board.lines() == []
    board.hw.to_board.extend(b"\r\n\n\r\n")
    board.wait(30)
    out = board.lines()
    assert len(out) == 1 and out[0]["re"] == "status"


def test_status(board):
    st = board.ask({"cmd": "status"})[0]
    g = board.game
    assert st == {"re": "status", "game": g.game_id, "seq": len(g.transcript), "state": "playing",
                  "turn": "RGYB"[g.turn], "deadline_ms": None, "menu": None, "remote": "", "signal": "pass"}
    with_position = board.ask({"cmd": "status", "position": True})[0]
    assert with_position == dict(st, position=g.position())
    assert board.ask({"cmd": "status", "position": False}) == [st]
    assert board.ask({"cmd": "status", "position": 1})[0]["error"] == 'status: "position" and "lights" are true or false'


def test_the_loggers_status_loads_no_module(board):
    """The logger asks {"cmd":"status"} every few seconds: the board answers it from code it
    keeps loaded (compiling commands.py and status.py for it would take the heap's room of a
    module's parse tree each time); any other spelling goes through commands.py, alike."""
    import sys
    saved = {name: sys.modules.pop(name, None) for name in ("ludoboard.commands",)}
    sys.modules["ludoboard.commands"] = None        # importing it now fails
    try:
        board.lines()
        board.hw.to_board.extend(b'{"cmd":"status"}\n')
        board.wait(30)
        fast = board.lines()
    finally:
        del sys.modules["ludoboard.commands"]
        for name, module in saved.items():
            if module is not None:
                sys.modules[name] = module
    assert [x["re"] for x in fast] == ["status"]
    assert board.ask({"cmd": "status", "position": False}) == fast     # through commands.py: the same
    board.hw.to_board.extend(b'{ "cmd" : "status" }\n')
    board.wait(30)
    assert board.lines() == fast


def test_status_of_a_new_game_before_its_first_action():
    """A game just begun (no action yet) is the board's game: status names it, at seq 0,
    and a resend of another game says which one the board is on."""
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=3))
    g = b.game
    assert len(g.transcript) == 0
    st = b.ask({"cmd": "status", "position": True})[0]
    assert st == {"re": "status", "game": g.game_id, "seq": 0, "state": "playing", "turn": "R",
                  "position": g.position(), "deadline_ms": None, "menu": None, "remote": "", "signal": None}
    out = b.ask({"cmd": "resend", "from": 0, "game": "ffffffff"})
    assert out == [{"error": "no game ffffffff on the board (the current one is %s)" % g.game_id,
                    "re": "resend"}]


def test_status_on_a_fresh_board_is_the_menu():
    b = Board()
    idle = {"deadline_ms": None, "menu": {"item": None, "page": 1, "value": "classic"}, "remote": "",
            "signal": None}
    assert b.ask({"cmd": "status"})[0] == dict(idle, re="status", game=None, seq=None, state="menu", turn=None)
    assert b.ask({"cmd": "status", "position": True})[0] == dict(idle, re="status", game=None, seq=None,
                                                                 state="menu", turn=None, position=None)
    out = b.ask({"cmd": "record"})
    assert out[0]["re"] == "record" and "error" in out[0]
    assert b.ask({"cmd": "resend", "from": 0, "game": "ffffffff"}) == [
        {"error": "no game ffffffff on the board (it has no game now)", "re": "resend"}]


def test_events_and_resend_agree(board):
    b = Board()
    b.ask({"cmd": "time", "now": "2026-11-29T14:00:00Z"})
    sent = b.ask(new_game_cmd("club", 2, seed=3))
    assert sent[-1] == {"re": "ok", "cmd": "new"}
    for _ in range(40):
        if b.app.fixing():
            b.press("confirm")
        elif b.game.needs_roll():
            b.press("roll")
        else:
            b.press("select")
            b.press("confirm")
            b.press("back")         # club allows undo: take-backs are events too
    sent += b.lines()
    events = [e for e in sent if "ev" in e]
    assert events[0]["ev"] == "start" and events[0]["seq"] == 0
    assert events[0]["header"]["start"] == "2026-11-29T14:00:00Z"
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert any(e["line"] == "undo" for e in events[1:])
    gid = b.game.game_id
    again = b.ask({"cmd": "resend", "from": 0, "game": gid}, until=lambda x: x.get("re") == "resend")
    assert again[:-1] == events
    assert again[-1] == {"re": "resend", "from": 0, "to": len(events) - 1, "game": gid}
    part = b.ask({"cmd": "resend", "from": 17, "game": gid}, until=lambda x: x.get("re") == "resend")
    assert part[:-1] == events[17:]


def test_new_game_ends_the_old_one_as_abandoned(board):
    old = board.game
    out = board.ask(new_game_cmd("strict", 2, seed=4, kinds={}, dice="hand"))
    assert out[0] == {"ev": "end", "game": old.game_id, "seq": len(old.transcript) + 1,
                      "footer": {"result": "*", "termination": "abandoned", "seed": "11"}}
    assert out[1]["ev"] == "start" and out[1]["header"]["preset"] == "strict"
    assert out[2] == {"re": "ok", "cmd": "new"}
    assert board.app.hand
    board.press("select")
    board.press("select")
    board.press("confirm")
    assert board.lines()[0]["line"] == "roll 2 hand"


@pytest.mark.parametrize("dice", ["device", "hand"])
def test_a_game_abandoned_before_any_roll_reveals_its_seed(board, dice):
    """A game ended before anyone rolled entered no die by hand: its end line reveals the
    seed its start line committed to, as the rules core's record does."""
    board.ask(new_game_cmd("strict", 2, seed=4, kinds={}, dice=dice))
    first = board.game
    out = board.ask(new_game_cmd("classic", 2, seed=5, kinds={}))
    assert out[0]["ev"] == "end" and out[0]["game"] == first.game_id
    assert out[0]["footer"] == {"result": "*", "termination": "abandoned", "seed": "4"}
    assert out[0]["footer"] == footer_of(first)


def test_a_game_of_hand_rolls_says_so_and_reveals_its_seed(board):
    """The start line's header says the dice ("dice": "hand"); the end line reveals the seed
    as for the game's own dice, since the commitment covers the header's set-up too: the
    board's record of the game, abandoned, verifies."""
    out = board.ask(new_game_cmd("strict", 2, seed=4, kinds={"Y": "hard"}, dice="hand"))
    header = out[1]["header"]
    assert header["dice"] == "hand" and header["format"] == "ludo-record/2"
    assert header["game"] == out[1]["game"] == board.game.game_id == header["commitment"][:8]
    board.press("select")
    board.press("select")
    board.press("confirm")      # roll 2 hand
    first = board.game
    lines = [canonical(header)] + [e["line"] for e in board.lines()]
    out = board.ask(new_game_cmd("classic", 2, seed=5, kinds={}))
    assert out[0]["footer"] == {"result": "*", "termination": "abandoned", "seed": "4"}
    assert footer_of(first) == out[0]["footer"]
    text = "\n".join(lines + [canonical(out[0]["footer"])]) + "\n"
    assert ludo.verify_record(ludo.Record.parse(text)) == []
    assert ludo.verify_record(ludo.Record.parse(text.replace('"Y":"hard"', '"Y":"human"'))) != []


def canonical(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def test_press_command_is_a_button(board):
    g = board.game
    n = len(g.transcript)
    name = "roll" if g.needs_roll() else "select"
    out = board.ask({"cmd": "press", "button": name})
    assert {"re": "ok", "cmd": "press"} in out
    if name == "roll":
        assert len(g.transcript) == n + 1
    long = board.ask({"cmd": "press", "button": "back", "long": True})
    assert {"re": "ok", "cmd": "press"} in long and board.app.mode == 3    # pause menu


def test_slow_host_gets_every_line_whole_and_in_order(board):
    board.hw.write_limit = 5
    for _ in range(20):
        if board.app.fixing():
            board.press("confirm")
        elif board.game.needs_roll():
            board.press("roll")
        else:
            board.press("confirm") if board.app.selected >= 0 else board.press("select")
    board.wait(3000)
    events = [e for e in board.lines() if "ev" in e]
    assert [e["seq"] for e in events] == list(range(events[0]["seq"], events[0]["seq"] + len(events)))


def test_stuck_or_absent_host_never_blocks_the_game_and_resend_recovers(board):
    gid = board.game.game_id
    first = len(board.game.transcript) + 1
    board.hw.write_limit = 0            # the PC stopped reading
    for _ in range(120):
        if board.app.fixing():
            board.press("confirm")
        elif board.game.needs_roll():
            board.press("roll")
        else:
            board.press("confirm") if board.app.selected >= 0 else board.press("select")
    assert len(board.game.transcript) >= first + 60
    assert board.app.link.dropped > 0  # lines were dropped whole, the game went on
    board.hw.host_connected = False
    board.press("roll") if board.game.needs_roll() else board.press("select")
    board.wait(50)
    board.hw.write_limit = None
    board.hw.host_connected = True      # the logger comes back: status, then resend
    board.wait(50)
    board.lines()
    st = board.ask({"cmd": "status"})[0]
    out = board.ask({"cmd": "resend", "from": first, "game": gid}, until=lambda x: x.get("re") == "resend")
    events = [e for e in out if "ev" in e]
    assert [e["seq"] for e in events] == list(range(first, st["seq"] + 1))


def test_record_command_streams_the_boards_record(board):
    out = board.ask({"cmd": "record"}, until=lambda x: x.get("re") == "record-end")
    recs = [x for x in out if x["re"] == "record"]
    assert [x["n"] for x in recs] == list(range(len(recs)))
    assert out[-1] == {"re": "record-end", "game": board.game.game_id, "lines": len(recs)}
    text = "".join(x["text"] + "\n" for x in recs)
    assert text == str(board.game.record(transcript=True))


def test_real_serial_port_through_a_pty(repo_root):
    """pyserial on the virtual board's pseudo-terminal: the bytes a PC would see."""
    from ludo_host.virtual import VirtualBoard
    with VirtualBoard(data_port="pty") as vb:
        port = serial.Serial(vb.data_port_path, timeout=0.2)
        try:
            port.write(b'{"cmd":"new","preset":"family","players":2,"seed":8}\n')
            port.write(b'not json\n')
            port.flush()
            lines = []
            deadline = time.time() + 20
            while time.time() < deadline and len(lines) < 3:
                vb.wait(50)
                line = port.readline()
                if line:
                    lines.append(json.loads(line))
            assert lines[0]["ev"] == "start" and lines[0]["header"]["preset"] == "family"
            assert lines[1] == {"re": "ok", "cmd": "new"}
            assert lines[2]["re"] is None and "not JSON" in lines[2]["error"]
            vb.press("roll")
            got = None
            deadline = time.time() + 20
            while time.time() < deadline and got is None:
                vb.wait(50)
                line = port.readline()
                if line:
                    got = json.loads(line)
            assert got["ev"] == "action" and got["seq"] == 1 and got["line"].startswith("roll ")
        finally:
            port.close()


LINK = firmware_consts("link")
STATUS = b'{"cmd":"status"}\n'


def drain(b, limit=5000):
    """Loop passes until the PC's bytes are all taken and one pass found none; their count."""
    passes = 0
    while b.hw.to_board or not passes:
        b.app.step()
        b.hw.now += STEP_MS
        passes += 1
        assert passes < limit, "the board stopped taking input"
    b.wait(STEP_MS)
    return passes


def test_a_loop_pass_takes_a_bounded_share_of_the_input_and_one_command(board):
    """Much sent at once cannot hold the loop: a pass reads at most _IN_READS chunks and
    runs one command; the rest waits in the port for the next passes."""
    board.hw.to_board.extend(STATUS * 1000)
    waiting = len(board.hw.to_board)
    board.app.step()
    assert 0 < waiting - len(board.hw.to_board) <= LINK.IN_READS * LINK.IN_CHUNK
    assert [x["re"] for x in board.lines()] == ["status"]
    board.hw.to_board.clear()
    board.wait(50)                                  # (the chunk's rest is answered)
    board.hw.to_board.extend(b"x" * 100000)         # one endless line: bounded too
    board.app.step()
    assert 100000 - len(board.hw.to_board) == LINK.IN_READS * LINK.IN_CHUNK


def test_a_burst_of_commands_is_answered_whole_and_in_order(board):
    """Commands sent together (fewer than a flood) are all answered, one a pass, in order."""
    times = ["2026-11-29T14:%02d:00Z" % i for i in range(LINK.FLOOD_PASSES // 2)]
    for now in times:
        board.hw.to_board.extend(b'{"cmd":"time","now":"%s"}\n' % now.encode() + STATUS)
    drain(board)
    out = board.lines()
    assert [x.get("cmd", x["re"]) for x in out] == ["time", "status"] * len(times)
    assert not [x for x in out if "error" in x]


@pytest.mark.parametrize("line,count", [(STATUS, 100000), (b"\x00garbage\n", 100000),
                                        (b"x" * 1500 + b"\n", 1000), (b"x" * 2000000, 1)],
                         ids=["status", "garbage", "too-long", "endless"])
def test_a_flood_is_dropped_and_said_in_one_line_while_the_loop_runs_on(board, line, count):
    """100,000 lines at once (or 1.5 MB of too long lines, or one endless line): every loop
    pass still runs (frames drawn, the watchdog fed), the first lines are answered, the rest
    is dropped and one error line says how much; then the board answers again."""
    flood = line * count
    board.lines()
    board.hw.to_board.extend(flood)
    shows, feeds = board.hw.shows, board.hw.feeds
    passes = drain(board)
    assert board.hw.feeds - feeds >= passes             # the watchdog fed every pass
    assert board.hw.shows - shows >= passes // 8        # the animation went on (a frame per 40 ms)
    out = board.lines()
    drops = [x for x in out if "dropped" in x.get("error", "")]
    answered = [x for x in out if x not in drops]
    assert len(drops) == 1 and drops[0]["re"] is None, out[-3:]
    dropped = int(re.search(r": (\d+) bytes dropped$", drops[0]["error"]).group(1))
    if line == STATUS:
        assert len(answered) == LINK.FLOOD_PASSES and {x["re"] for x in answered} == {"status"}
        assert len(answered) * len(line) + dropped == len(flood)
    else:
        assert all("error" in x for x in answered) and len(answered) <= LINK.FLOOD_PASSES
    assert dropped > len(flood) * 9 // 10
    if line[-1:] != b"\n":
        board.hw.to_board.extend(b"\n")            # (the end of the line cut by the drop)
    assert board.ask({"cmd": "status"})[0]["re"] == "status"


def test_the_rest_of_a_line_cut_by_a_drop_is_skipped_without_a_word(board):
    board.lines()
    board.hw.to_board.extend(STATUS * 20000 + b'{"cmd":"sta')
    drain(board)
    assert ["dropped" in x.get("error", "") for x in board.lines()][-1:] == [True]
    board.hw.to_board.extend(b'tus"}\n' + STATUS)
    board.wait(50)
    assert board.lines() == [board.ask({"cmd": "status"})[0]]
