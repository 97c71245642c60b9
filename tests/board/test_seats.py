"""Seats played from afar (docs/serial-protocol.md, `seat` and `act`; issue 19): the PC
flags a seat remote or hands it to another kind, and acts for the seat on turn; every
rule of both commands, and on any error exactly one line and nothing changed."""
import json

import pytest
from ludo.replay import game_of

from harness import Board, new_game_cmd

from ludoboard.names import SIG_REFUSE


def ask(b, **cmd):
    return b.ask(cmd)


def state(b):
    """Everything an error must leave as it was: the save, the game, the lights, the flags."""
    app = b.app
    return (bytes(b.nvm.data), bytes(b.game.transcript) if b.game else None, app.mode, app.selected,
            app.remote, app.acted, bytes(app.physical), b.frame_at(0), b.frame_at(7), app.banner,
            dict(b.game.kinds) if b.game else None)


def play_on_until(b, seat, ready, what):
    """Play on at the table (pressing its buttons) until `seat` is on turn and `ready(b)`."""
    for _ in range(400):
        g = b.game
        if b.app.fixing():
            b.press("confirm")
        elif "RGYB"[g.turn] == seat and ready(b):
            return
        elif g.needs_roll():
            b.press("roll")
        else:
            if b.app.selected < 0:
                b.press("select")
            b.press("confirm")
    raise AssertionError("%s never %s" % (seat, what))


def to_move(b, seat):
    """Play on until `seat` is on turn with a move to choose."""
    play_on_until(b, seat, lambda b: not b.game.needs_roll() and not b.app.legal[0].is_pass, "had a move")


def to_roll(b, seat):
    """Play on until `seat` must roll."""
    play_on_until(b, seat, lambda b: b.game.needs_roll(), "had to roll")


@pytest.fixture
def board():
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=11))
    b.press("roll")                 # the game has begun: its seats can change hands
    b.wait(2000)
    b.lines()
    return b


def error_of(b, cmd):
    """The one error line a command gets, checking that nothing changed."""
    before = state(b)
    b.lines()
    b.hw.from_board.clear()
    out = b.ask(cmd)
    b.wait(100)
    assert len(out) == 1 and set(out[0]) == {"error", "re"}, out
    sent = bytes(b.hw.from_board)
    assert sent == b"" or sent.count(b"\n") == 0       # nothing more came
    assert state(b) == before
    return out[0]


# -- seat ------------------------------------------------------------------
def test_remote_on_a_persons_seat_is_the_boards_flag_only(board):
    before = bytes(board.nvm.data)
    assert ask(board, cmd="seat", seat="B", kind="remote") == [{"cmd": "seat", "re": "ok"}]
    assert board.app.remote == 8 and bytes(board.nvm.data) == before     # no record line, no save
    assert board.ask({"cmd": "status"})[0]["remote"] == "B"
    ask(board, cmd="seat", seat="R", kind="remote")
    assert board.ask({"cmd": "status"})[0]["remote"] == "RB"
    from ludo_host.virtual.snapshot import snapshot_of
    assert snapshot_of(board.app)["remote"] == "RB"            # the virtual board's words say the same
    assert ask(board, cmd="seat", seat="B", kind="human") == [{"cmd": "seat", "re": "ok"}]
    assert board.ask({"cmd": "status"})[0]["remote"] == "R"
    assert bytes(board.nvm.data) == before and "\nkind " not in str(board.game.record(transcript=True))


def test_a_computer_takes_a_remote_seat_and_gives_it_back(board):
    ask(board, cmd="seat", seat="B", kind="remote")
    n = len(board.game.transcript)
    out = ask(board, cmd="seat", seat="B", kind="medium")
    assert [x.get("line") for x in out] == ["kind B medium", None] and out[-1] == {"cmd": "seat", "re": "ok"}
    assert board.game.kinds["B"] == "medium" and board.app.remote == 0
    assert len(board.game.transcript) == n + 1
    out = ask(board, cmd="seat", seat="B", kind="remote")      # control back: a person, from afar
    assert [x.get("line") for x in out] == ["kind B human", None]
    assert board.game.kinds["B"] == "human" and board.app.remote == 8
    # the save has both: a reset takes them up (the flag is the PC's to give again)
    again = Board(nvm=board.nvm)
    assert again.game.kinds["B"] == "human" and again.app.remote == 0
    assert str(again.game.record(transcript=True)) == str(board.game.record(transcript=True))


def test_expert_takes_a_remote_seat_saved_as_its_own_code_and_taken_up_after_a_reset(board):
    ask(board, cmd="seat", seat="G", kind="remote")
    out = ask(board, cmd="seat", seat="G", kind="expert")
    assert [x.get("line") for x in out] == ["kind G expert", None] and out[-1] == {"cmd": "seat", "re": "ok"}
    assert board.game.kinds["G"] == "expert" and board.app.remote == 0
    assert board.game.transcript[-1] == 139                     # 138 + seat: Expert's hand-overs
    again = Board(nvm=board.nvm)
    assert again.game.kinds["G"] == "expert"
    assert str(again.game.record(transcript=True)) == str(board.game.record(transcript=True))
    lines = again.ask({"cmd": "record"}, until=lambda x: x.get("re") == "record-end")
    assert "kind G expert" in [x["text"] for x in lines if x.get("re") == "record"]


def test_the_pause_menus_hand_over_ends_the_remote_flag(board):
    to_roll(board, "R")
    ask(board, cmd="seat", seat="R", kind="remote")
    board.presses("back! confirm")           # pause menu: hand the seat on turn to the computer
    assert board.game.kinds["R"] == "medium" and board.app.remote == 0


def test_a_new_game_has_no_remote_seat(board):
    ask(board, cmd="seat", seat="Y", kind="remote")
    board.ask(new_game_cmd("classic", 2, seed=4))
    assert board.app.remote == 0 and board.ask({"cmd": "status"})[0]["remote"] == ""


SEAT_ERRORS = [
    ({"seat": "G", "kind": "easy"}, "2 players", "not \"G\""),
    ({"kind": "remote"}, None, "seat needs \"seat\""),
    ({"seat": 3, "kind": "remote"}, None, "a seat playing"),
    ({"seat": "RG", "kind": "remote"}, None, "a seat playing"),
    ({"seat": "B", "kind": "genius"}, None, "one of remote, human, easy, medium, hard"),
    ({"seat": "B"}, None, "seat needs \"kind\""),
    ({"seat": "B", "kind": ["hard"]}, None, "seat needs \"kind\""),
]


@pytest.mark.parametrize("args,game,words", SEAT_ERRORS)
def test_seat_errors(board, args, game, words):
    if game == "2 players":
        board.ask(new_game_cmd("classic", 2, seed=4))
        board.press("roll")
        board.wait(2000)
    out = error_of(board, dict(args, cmd="seat"))
    assert out["re"] == "seat" and words in out["error"], out


def test_seat_needs_a_game_in_play():
    b = Board()
    assert error_of(b, {"cmd": "seat", "seat": "R", "kind": "remote"}) == {"error": "no game in play", "re": "seat"}
    b.ask(new_game_cmd("classic", 2, seed=4))
    assert ask(b, cmd="seat", seat="Y", kind="remote") == [{"cmd": "seat", "re": "ok"}]     # (a flag: fine)


def test_a_seat_changes_hands_before_the_first_roll_and_the_record_still_verifies():
    """The natural order (issue 24): the game starts, the room is made, friends join, the
    table fills the empty seats, all before anyone rolls.  The header (sent at the start) keeps
    the kinds its commitment covers; the hand-overs are `kind` lines, saved, taken up after a
    reset, and the record verifies against the revealed seed."""
    import ludo
    from ludo.record_check import verify_record
    b = Board()
    events = b.ask(new_game_cmd("classic", 4, seed=9))
    out = ask(b, cmd="seat", seat="G", kind="medium")
    assert [x.get("line") for x in out] == ["kind G medium", None]
    events += out
    out = ask(b, cmd="seat", seat="B", kind="remote")                  # a friend joins: the flag only
    assert out == [{"cmd": "seat", "re": "ok"}]
    out = ask(b, cmd="seat", seat="B", kind="medium")                  # ... and leaves before rolling
    assert [x.get("line") for x in out] == ["kind B medium", None] and b.app.remote == 0
    events += out
    g = b.game
    header = [x for x in events if x.get("ev") == "start"][0]["header"]
    assert g.kinds == {"R": "human", "G": "medium", "Y": "human", "B": "medium"}
    assert g.start_kinds == header["kinds"] == {"R": "human", "G": "human", "Y": "human", "B": "human"}
    assert g.game_id == header["game"]                                # the commitment as sent
    again = Board(nvm=b.nvm)                                            # a reset: the save has both
    assert again.game.kinds == g.kinds and again.game.game_id == g.game_id
    events += again.ask({"cmd": "new", "preset": "classic", "players": 2, "seed": 1})   # seed revealed
    footer = [x for x in events if x.get("ev") == "end"][0]["footer"]
    text = "".join(line + "\n" for line in [ludo.dumps(header)] + [
        x["line"] for x in events if x.get("ev") == "action"] + [ludo.dumps(footer)])
    assert "\nkind G medium\nkind B medium\n" in text
    rec = ludo.Record.parse(text)
    assert verify_record(rec) == []
    replayed = game_of(rec)
    assert replayed.kinds["G"] == "medium" and replayed.start_kinds["G"] == "human"


def test_seat_in_a_finished_game_is_refused():
    b = Board()
    b.ask(new_game_cmd("strict", 2, seed=3))
    b.press("roll")
    b.wait(2000)
    assert ask(b, cmd="act", seat="Y", action="resign")[-1] == {"cmd": "act", "re": "ok"}
    assert b.game.is_over()
    assert error_of(b, {"cmd": "seat", "seat": "R", "kind": "remote"})["error"] == "the game is over"
    assert error_of(b, {"cmd": "act", "seat": "R", "action": "roll"})["error"] == "the game is over"


def test_a_computer_kind_needs_the_computer_players(board):
    board.app.computers = False     # (a board without ludo.ai: the start-up found none)
    out = error_of(board, {"cmd": "seat", "seat": "B", "kind": "hard"})
    assert "no computer players" in out["error"]
    assert ask(board, cmd="seat", seat="B", kind="remote") == [{"cmd": "seat", "re": "ok"}]


# -- act -----------------------------------------------------------------
def test_act_roll_and_move_go_the_way_of_a_press(board):
    to_roll(board, "G")
    ask(board, cmd="seat", seat="G", kind="remote")
    n = len(board.game.transcript)
    out = ask(board, cmd="act", seat="G", action="roll")
    assert out[-1] == {"cmd": "act", "re": "ok"} and out[0]["line"].startswith("roll ")
    assert out[0]["seq"] == n + 1
    to_move(board, "G")
    assert board.app.selected in (-1, 0)
    m = board.app.legal[-1]
    n = len(board.game.transcript)
    saved = bytes(board.nvm.data)
    out = ask(board, cmd="act", seat="G", action=str(m))
    assert out == [{"ev": "action", "events": out[0]["events"], "game": board.game.game_id, "line": str(m),
                    "seq": n + 1, "turn": "RGYB"[board.game.turn]}, {"cmd": "act", "re": "ok"}]
    assert board.game.transcript[-1] == m.code and bytes(board.nvm.data) != saved    # saved
    assert board.app.acted is not None and board.app.acted.code == m.code
    # nobody at the table moved the token yet: it is lit for them, and confirm says it is done
    assert board.app.fixing()
    board.press("roll")
    assert board.app.banner == SIG_REFUSE and len(board.game.transcript) == n + 1
    board.press("confirm")
    assert not board.app.fixing()
    assert Board(nvm=board.nvm).game.transcript == board.game.transcript


def test_act_takes_the_short_form_and_a_stacks_other_name():
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("classic", 2, seed=5))
    for _ in range(60):
        g = b.game
        if g.needs_roll():
            ask(b, cmd="act", seat="RGYB"[g.turn], action="roll")
            continue
        m = b.app.legal[0]
        if not m.is_pass:
            break
        ask(b, cmd="act", seat="RGYB"[g.turn], action="pass")
    letter = "RGYB"[m.token >> 2]
    short = "%s%d+%d" % (letter, (m.token & 3) + 1, m.roll)
    out = ask(b, cmd="act", seat=letter, action=short)
    assert out[0]["line"] == str(m) and out[-1] == {"cmd": "act", "re": "ok"}


def test_act_resign_for_a_seat_not_on_turn():
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=3))
    b.press("roll")
    b.wait(2000)
    b.lines()
    assert "RGYB"[b.game.turn] == "Y"
    out = ask(b, cmd="act", seat="R", action="resign")
    assert out[0]["line"] == "resign R" and out[0]["events"][0] == "resign R"
    assert [x.get("ev") for x in out] == ["action", "end", None] and out[-1] == {"cmd": "act", "re": "ok"}
    assert b.game.outcome().termination == "resigned"


def test_act_pass_where_a_pass_is_confirmed():
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("family", 2, seed=3))
    b.press("roll")
    b.wait(2000)
    for _ in range(100):
        g = b.game
        if not g.needs_roll() and b.app.legal[0].is_pass:
            break
        b.press("roll" if g.needs_roll() else "confirm")
    seat = "RGYB"[b.game.turn]
    out = error_of(b, {"cmd": "act", "seat": seat, "action": "roll"})
    assert out["error"] == "%s has rolled: a move is due (legal: pass)" % seat
    out = ask(b, cmd="act", seat=seat, action="pass")
    assert out[0]["line"] == "pass" and out[-1] == {"cmd": "act", "re": "ok"}


def test_act_with_dice_by_hand():
    b = Board()
    b.ask(new_game_cmd("family", 2, seed=3, dice="hand"))
    for bad in (None, 0, 7, True, "6", 2.0):
        cmd = {"cmd": "act", "seat": "R", "action": "roll"}
        if bad is not None:
            cmd["value"] = bad
        assert "roll needs \"value\" 1 to 6" in error_of(b, cmd)["error"]
    out = ask(b, cmd="act", seat="R", action="roll", value=6)
    assert out[0]["line"] == "roll 6 hand" and out[-1] == {"cmd": "act", "re": "ok"}


def test_a_strict_deadline_runs_for_a_remote_seat_and_starts_again_after_its_act():
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("strict", 2, seed=3, options={"deadline": 30}))
    ask(b, cmd="seat", seat="R", kind="remote")
    b.wait(5000)
    left = b.ask({"cmd": "status"})[0]["deadline_ms"]
    assert 24000 <= left <= 25100
    while "RGYB"[b.game.turn] == "R":
        g = b.game
        ask(b, cmd="act", seat="R", action="roll" if g.needs_roll() else str(b.app.legal[0]))
    b.wait(100)
    assert b.ask({"cmd": "status"})[0]["deadline_ms"] >= 29000      # Yellow's own 30 s
    b.wait(31000)                                                   # Yellow does nothing: timed out
    assert b.game.is_over() and b.game.outcome().termination == "deadline"
    assert b.ask({"cmd": "status"})[0]["deadline_ms"] is None


def test_act_errors(board):
    to_move(board, "R")
    legal = ", ".join(str(m) for m in board.app.legal)
    cases = [
        ({"seat": "G", "action": "roll"}, "not G's turn (it is R's)"),
        ({"seat": "R", "action": "roll"}, "R has rolled: a move is due (legal: %s)" % legal),
        ({"seat": "R", "action": "R1 y-13"}, "R1 y-13 is not a legal move now (legal: %s)" % legal),
        ({"seat": "R", "action": "pass"}, "pass is not a legal move now (legal: %s)" % legal),
        ({"seat": "R", "action": "fly me"}, "bad move \"fly me\""),
        ({"seat": "R", "action": "R9+9"}, "bad move \"R9+9\""),
        ({"seat": "R", "action": "x" * 300}, '"%s..." is not a legal move now' % ("x" * 40)),
        ({"seat": "R", "action": "resign"}, "R cannot resign: this game does not allow it"),
        ({"seat": "R"}, "act needs \"action\""),
        ({"seat": "R", "action": 6}, "act needs \"action\""),
        ({"seat": "R", "action": "roll", "value": 3}, "R has rolled"),
        ({"action": "roll"}, "act needs \"seat\": a seat playing (R, G, Y, B)"),
    ]
    for args, words in cases:
        out = error_of(board, dict(args, cmd="act"))
        assert out["re"] == "act" and words in out["error"], (args, out)


def test_act_must_roll_first_and_the_value_is_for_dice_by_hand(board):
    to_roll(board, "Y")
    assert error_of(board, {"cmd": "act", "seat": "Y", "action": "Y1+6"})["error"] == "Y must roll first"
    out = error_of(board, {"cmd": "act", "seat": "Y", "action": "roll", "value": 6})
    assert "\"value\" is for dice entered by hand" in out["error"]


def test_act_for_a_computer_seat_is_refused(board):
    to_roll(board, "B")
    ask(board, cmd="seat", seat="B", kind="hard")
    out = error_of(board, {"cmd": "act", "seat": "B", "action": "roll"})
    assert out["error"] == "B is played by the computer (hard)"


def test_act_waits_for_the_tables_tokens_and_modes(board):
    to_move(board, "R")
    board.presses("back!")                                  # the pause menu
    assert error_of(board, {"cmd": "act", "seat": "R", "action": str(board.app.legal[0])})["error"] == \
        "not in play now: the pause menu is open"
    board.press("back")
    b = board
    ask(b, cmd="act", seat="R", action=str(b.app.legal[0]))       # nobody moved its token yet
    assert b.app.fixing()
    seat = "RGYB"[b.game.turn]
    assert error_of(b, {"cmd": "act", "seat": seat, "action": "roll"})["error"] == \
        "the tokens must be put right at the table first (then confirm)"
    after_reset = Board(nvm=b.nvm)
    assert error_of(after_reset, {"cmd": "act", "seat": seat, "action": "roll"})["error"] == \
        "not in play now: the position is being checked at the table (confirm)"


# -- status ----------------------------------------------------------------
def test_status_says_the_menus_page_and_value():
    b = Board()
    st = b.ask({"cmd": "status"})[0]
    assert st == {"deadline_ms": None, "game": None, "menu": {"item": None, "page": 1, "value": "classic"},
                  "re": "status", "remote": "", "seq": None, "signal": None, "state": "menu", "turn": None}
    b.press("select")
    assert b.ask({"cmd": "status"})[0]["menu"] == {"item": None, "page": 1, "value": "club"}
    b.presses("select select confirm")          # family, page 2
    assert b.ask({"cmd": "status"})[0]["menu"] == {"item": None, "page": 2, "value": 4}
    b.press("confirm")                          # page 3: computer seats, Red first
    assert b.ask({"cmd": "status"})[0]["menu"] == {"item": "R", "page": 3, "value": "human"}
    b.presses("select confirm")
    assert b.ask({"cmd": "status"})[0]["menu"] == {"item": "G", "page": 3, "value": "human"}
    b.presses("confirm confirm confirm")        # page 4: family's first option
    menu = b.ask({"cmd": "status"})[0]["menu"]
    assert menu["page"] == 4 and isinstance(menu["item"], str)
    from ludo_host.virtual.snapshot import snapshot_of
    snap = snapshot_of(b.app)["menu"]          # the virtual board's words say the same
    assert (snap["page"], snap["item"], snap["value"]) == (menu["page"], menu["item"], menu["value"])
    b.press("select")
    st = b.ask({"cmd": "status"})[0]
    assert st["menu"]["value"] == snapshot_of(b.app)["menu"]["value"]


def test_status_says_the_signal_and_the_lights(board):
    to_roll(board, "R")
    board.press("select")                       # means nothing now
    st = board.ask({"cmd": "status", "lights": True})[0]
    assert st["signal"] == "refused"
    assert len(st["lights"]) == 6 * 99
    assert any(board.frame_at(step).hex() == st["lights"] for step in range(200))   # the scene's, lit now
    board.wait(1000)
    st = board.ask({"cmd": "status"})[0]
    assert st["signal"] is None and "lights" not in st
    both = board.ask({"cmd": "status", "lights": True, "position": True})[0]
    assert both["position"] == board.game.position()
    assert any(board.frame_at(step).hex() == both["lights"] for step in range(200))
    assert list(json.loads(json.dumps(both, sort_keys=True))) == sorted(both)
    out = error_of(board, {"cmd": "status", "lights": 1})
    assert out["error"] == 'status: "position" and "lights" are true or false'


def test_the_lights_of_a_long_strip_do_not_fit_a_line():
    b = Board(pixel_count=170)
    out = b.ask({"cmd": "status", "lights": True})
    assert out == [{"error": "status: the frame's 170 pixels do not fit in one line", "re": "status"}]
    assert b.ask('{"cmd":"status","lights":true}') == out      # the PC's exact bytes, answered at once


def test_the_pcs_exact_status_with_lights_is_answered_as_any_other_spelling(board):
    # (the logger's and the web page's bytes are answered from code kept loaded)
    to_roll(board, "R")
    exact = board.ask('{"cmd":"status","lights":true}')
    spaced = board.ask({"cmd": "status", "lights": True})
    assert len(exact) == 1 and len(exact[0]["lights"]) == 6 * 99
    assert any(board.frame_at(step).hex() == exact[0]["lights"] for step in range(200))
    assert dict(exact[0], lights=None) == dict(spaced[0], lights=None)


# -- lights ----------------------------------------------------------------
def yard_phases(b, seat):
    """Which of the seat's yard spots are at full colour, step by step over a second."""
    from ludoboard.palette import SEAT_RGB
    rgb = SEAT_RGB["RGYB".index(seat)]
    full = ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
    return [tuple(b.colour("y%s%d" % (seat, i + 1), b.frame_at(step)) == full for i in range(4))
            for step in range(0, 25, 2)]


@pytest.mark.parametrize("seat", "RGYB")
def test_a_seat_played_from_afar_shows_it_in_every_seat_colour(seat):
    """On turn, the light runs round a remote seat's yard, one spot at a time; a seat played
    at the table, or by the computer, breathes its whole yard at once."""
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=11))
    b.press("roll")                 # (begun: its seats can change hands)
    to_roll(b, seat)
    table = yard_phases(b, seat)
    assert all(len(set(p)) == 1 for p in table)             # the whole yard together
    ask(b, cmd="seat", seat=seat, kind="remote")
    remote = yard_phases(b, seat)
    assert all(sum(p) == 1 for p in remote)                 # one spot at a time...
    assert len(set(remote)) == 4                            # ... round all four
    assert ask(b, cmd="seat", seat=seat, kind="hard")[-1] == {"cmd": "seat", "re": "ok"}
    assert yard_phases(b, seat) == table                    # the computer's: as the table's


def test_the_move_played_from_afar_is_lit_until_the_table_confirms(board):
    to_move(board, "G")
    m = board.app.legal[-1]
    ask(board, cmd="act", seat="G", action=str(m))
    board.wait(2000)                                        # (past the action's own signal)
    from ludoboard.scene import place_of, DIE
    from ludoboard.palette import SEAT_RGB, PIPS
    r = board.game.rules
    o = place_of(r, m.token, m.start)
    d = place_of(r, m.token, m.end)
    s = board.app.scene
    assert s.ncol[o] == 2 and s.colour(o) == SEAT_RGB[1]      # the token blinks where it stands
    assert SEAT_RGB[1] in [s.colour(d, k) for k in range(s.ncol[d])] and 0xFFFFFF in [
        s.colour(d, k) for k in range(s.ncol[d])]             # its landing square flashes white
    die = [s.colour(DIE + k) if s.ncol[DIE + k] else 0 for k in range(7)]
    assert die == [SEAT_RGB[1] if (PIPS[m.roll] >> k) & 1 else 0 for k in range(7)]   # the roll it used
    board.press("confirm")                                  # the table moved it
    assert board.app.scene.ncol[o] == 0 or board.app.scene.colour(o) != SEAT_RGB[1]


def test_a_seat_that_resigned_cannot_resign_again():
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("strict", 4, seed=3))
    b.press("roll")
    b.wait(2000)
    out = ask(b, cmd="act", seat="B", action="resign")
    assert out[0]["line"] == "resign B" and out[-1] == {"cmd": "act", "re": "ok"} and not b.game.is_over()
    assert error_of(b, {"cmd": "act", "seat": "B", "action": "resign"})["error"] == "B cannot resign now"


def test_the_pause_menus_hand_over_works_before_the_first_roll_too():
    """The pause menu's "hand the seat on turn to the computer" as the room's Fill does:
    before anyone has rolled, recorded as a `kind` line, the header's kinds untouched."""
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=4))
    start_kinds = dict(b.game.start_kinds)
    b.presses("back! confirm")
    assert b.game.kinds["R"] == "medium" and b.game.start_kinds == start_kinds
    assert str(b.game.record(transcript=True)).split("\n")[1] == "kind R medium"
