"""The app's behaviour beyond single frames: menu choices, computer seats,
deadlines, dice by hand, long presses across the ticks wrap, random presses,
the pixel map and the map check."""
import json

import pytest
from hypothesis import given, strategies as st, settings, HealthCheck

import ludo
from ludo.replay import game_of
from harness import option_display, Board, PIXEL_MAP, new_game_cmd, stand_in_players, to_a_choice, hold_for_a_hint
from ludoboard import players, pixelmap

from ludoboard import names, palette  # noqa: E402
from ludoboard.names import MENU, PLAY, PAUSE, MAP_CHECK
import golden


@pytest.fixture
def computers():
    """A stand-in ludo.ai (the first legal move; Hard and Expert, the coach's: the last)."""
    class Last:
        def choose(self, game):
            return game.legal_moves[-1]

    class AI:
        Easy = Medium = golden.FirstMoveAI
        Hard = Expert = Last
    with stand_in_players(AI):
        yield AI


from ludo.rules import PRESETS  # noqa: E402
from ludoboard.setup_menu.options import chosen  # noqa: E402
from ludoboard.setup_menu.pages import PAGE_KINDS  # noqa: E402


def test_menu_refuses_options_the_rules_refuse():
    b = Board()
    menu = b.app.screen
    while PRESETS[menu.choices.preset] != "club":
        b.press("select")
    b.press("confirm")
    while menu.choices.players != 3:
        b.press("select")
    b.press("confirm")
    while menu.choices.page == PAGE_KINDS:                    # computer seats (ludo.ai installed): all human
        b.press("confirm")
    assert menu.choices.names[0] == "mode"
    assert option_display(b) == (1, 1)      # three players: free mode (two yellow pips)
    b.press("select")                                 # ordinary: refused at once, with 3 players
    assert b.app.banner == names.SIG_REFUSE
    assert option_display(b) == (1, 1) and "mode" not in chosen(menu.choices)
    b.wait(500)
    b.press("roll")
    assert b.app.mode == PLAY and b.game.options["mode"] == "free" and b.game.seats == (0, 1, 2)


def test_menu_a_set_option_that_no_longer_fits_the_players_goes_back():
    """Free mode set for four players, then two players: ordinary again (free is for 3-4),
    with what ordinary makes of the untouched options, and the game starts."""
    b = Board()
    menu = b.app.screen
    while PRESETS[menu.choices.preset] != "club":
        b.press("select")
    b.press("confirm")
    b.press("confirm")                                # 4 players
    while menu.choices.page == PAGE_KINDS:
        b.press("confirm")
    assert menu.choices.names[0] == "mode" and option_display(b) == (1, 0)
    b.press("select")                                 # free
    assert chosen(menu.choices) == {"mode": "free"}
    b.press("confirm")
    safe = menu.choices.names.index("safe_squares")
    assert menu.choices.values["safe_squares"] == 1           # free mode: the safe squares are on
    b.press("select")                                 # ... and can't be turned off
    assert b.app.banner == names.SIG_REFUSE and menu.choices.values["safe_squares"] == 1
    b.wait(500)
    for _ in range(1 + safe + 1):                     # back to the players page
        b.press("back")
    while menu.choices.page == PAGE_KINDS:
        b.press("back")
    assert menu.choices.page == 1
    while menu.choices.players != 2:
        b.press("select")
    assert "mode" not in chosen(menu.choices)
    assert menu.choices.values["mode"] == 0 and menu.choices.values["safe_squares"] == 0   # ordinary, no safe squares
    b.press("roll")
    assert b.app.mode == PLAY and b.game.options["mode"] == "ordinary" and b.game.seats == (0, 3)


def test_menu_back_walks_back_and_returns_to_the_saved_game():
    b = Board()
    b.press("roll")                                   # classic, 4, from the menu at once
    g = b.game
    b.press("back", long=True)
    b.press("select")                                 # resign is not offered in 4-player classic
    assert b.app.screen.item == 2
    b.press("confirm")
    assert b.app.mode == MENU
    b.press("confirm")
    b.press("back")
    b.press("back")                                   # first page: back to the game
    assert b.app.mode == PLAY and b.game is g


def test_computer_seat_rolls_lights_its_move_and_waits_for_confirm(computers):
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=2, kinds={"Y": "easy"}))
    while True:
        if b.app.fixing():
            b.press("confirm")
        elif b.game.turn == 2 and not b.game.needs_roll() and b.app.legal:
            break
        elif b.game.needs_roll():
            if b.game.turn == 2:
                n = len(b.game.transcript)
                b.wait(1000)
                assert len(b.game.transcript) == n      # it waits a moment
                b.wait(600)
                assert len(b.game.transcript) == n + 1  # then rolls by itself
            else:
                b.press("roll")
        else:
            b.press("select") if b.app.selected < 0 else None
            b.press("confirm")
    move = b.app.legal[b.app.selected]
    assert move.code == b.game.legal_moves[0].code
    n = len(b.game.transcript)
    b.wait(3000)
    assert len(b.game.transcript) == n                  # waits for the person
    b.press("select")                                   # not yours to choose
    assert b.app.banner == names.SIG_REFUSE
    b.wait(500)
    b.press("confirm")
    assert b.game.transcript[-1] == move.code


def test_back_after_a_computers_move_takes_back_the_persons_last_move(computers):
    """A take-back skips back over the computer's moves (taken back, the same roll and the
    same choice would only be played again) to the last move a person chose: that move and
    everything after it go, its roll stays, and the person chooses again."""
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=2, kinds={"Y": "easy"}))
    red_at = -1                 # where Red's last move is on the stack
    for _ in range(3000):
        g = b.game
        codes = bytes(g.codes)
        if b.app.fixing():
            b.press("confirm")
        elif g.turn == 2:
            if g.needs_roll():
                b.wait(200)
            else:
                b.wait(1600)
                b.press("confirm")          # the computer's lit move, as the table plays it
        elif g.needs_roll():
            if red_at >= 0 and 16 <= codes[-1] < 112 and (codes[-1] - 16) // 24 == 2:
                break                       # Yellow (the computer) moved last: Red's turn
            b.press("roll")
        else:
            if b.app.selected < 0:
                b.press("select")
            b.press("confirm")
            if len(b.game.codes) > len(codes) and 16 <= b.game.codes[len(codes)] < 112:
                red_at = len(codes)
    else:
        raise AssertionError("no move of Red's followed by one of Yellow's")
    b.press("back")
    g = b.game
    assert bytes(g.codes) == codes[:red_at]         # Red's move and Yellow's after it
    assert g.turn == 0 and not g.needs_roll() and b.app.legal
    while b.app.fixing():
        b.press("confirm")
    b.wait(3000)
    assert bytes(g.codes) == codes[:red_at]         # Red's to choose again: nobody plays for it


def test_a_pass_shows_its_roll_and_a_computer_waits_until_it_has_been_seen(computers):
    """An automatic pass shows the roll no token could use and the dash, in turn, in the
    colour of the seat that rolled (Red), not the next seat's; the computer on turn next
    rolls only once that signal has been seen (1.4 s)."""
    for seed in range(1, 40):
        b = Board()
        b.ask(new_game_cmd("classic", 2, seed=seed, kinds={"Y": "easy"}))
        b.press("roll")                                  # Red: no token out without a six
        if b.game.turn == 2 and len(b.game.transcript) == 1:
            break
    roll = b.game.transcript[0] & 7
    assert b.app.banner == names.SIG_PASS
    red = (255, 0, 0)
    faces = [[b.colour("d%d" % k, b.frame_at(step)) for k in range(1, 8)] for step in (0, palette.MEDIUM)]
    pips = [red if palette.PIPS[roll] >> k & 1 else (0, 0, 0) for k in range(7)]
    dash = [red if palette.ROW_MASK >> k & 1 else (0, 0, 0) for k in range(7)]
    assert sorted(faces) == sorted([pips, dash])
    while b.app.banner:
        assert len(b.game.transcript) == 1               # the signal still shows: Yellow waits
        b.wait(20)
    b.wait(500)
    assert len(b.game.transcript) == 2 and b.game.transcript[1] < 16    # then it rolls


def test_presses_that_mean_nothing_do_not_hold_a_computer_back(computers):
    """A refused press (red flash) on a computer's turn does not restart its pause."""
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=2, kinds={"R": "easy", "Y": "easy"}))
    assert b.game.needs_roll() and len(b.game.transcript) == 0
    for _ in range(5):                               # select: not yours, refused, every 0.5 s
        b.press("select")
        assert b.app.banner == names.SIG_REFUSE or len(b.game.transcript) == 1
        b.wait(400)
    assert len(b.game.transcript) == 1               # it rolled all the same


def test_leaving_hands_the_seat_to_the_computer_and_it_is_recorded(computers):
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=5))
    b.press("roll")
    while b.app.fixing() or not b.game.needs_roll():
        b.press("confirm") if b.app.fixing() or b.app.selected >= 0 else b.press("select")
    seat = "RGYB"[b.game.turn]
    b.press("back", long=True)
    assert b.app.mode == PAUSE and b.app.screen.item == 0
    b.press("confirm")
    assert b.game.kinds[seat] == "medium"
    text = str(b.game.record(transcript=True))
    assert "kind %s medium" % seat in text
    again = Board(nvm=b.nvm)
    assert again.game.kinds[seat] == "medium"
    lines = again.ask({"cmd": "record"}, until=lambda x: x.get("re") == "record-end")
    assert "kind %s medium" % seat in [x["text"] for x in lines if x.get("re") == "record"]


def test_coach_hint_selects_the_hard_move(computers):
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=1))
    while b.app.fixing() or b.game.needs_roll() or len(b.app.legal) < 2:
        if b.app.fixing():
            b.press("confirm")
        elif b.game.needs_roll():
            b.press("roll")
        else:
            b.press("confirm") if b.app.selected >= 0 else b.press("select")
    b.press("select", long=True)
    assert b.app.hint and b.app.legal[b.app.selected].code == b.game.legal_moves[-1].code
    m = b.app.legal[b.app.selected]
    assert b.colour(m.end_place, b.frame_at(4)) == (0, 192, 255)      # cyan


def test_while_the_coach_thinks_the_die_breathes_cyan(computers):
    """On the board the coach's hint takes a second or more (its code compiles, then it
    chooses) and nothing showed it was coming: a child pressed again. Now, from the long
    press until the hint is lit, the die breathes cyan (the coach's colour)."""
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=1))
    to_a_choice(b)
    b.press("select")
    mine = b.app.selected
    hold_for_a_hint(b)
    b.app.step()                                # (the job's first stage asks for the repaint)
    assert b.app.jobs and b.app.selected == mine
    die = ["d%d" % i for i in range(1, 8)]
    shown = [[b.colour(d, b.frame_at(step)) for d in die] for step in range(0, 64, 4)]
    lit = [c for frame in shown for c in frame if c != (0, 0, 0)]
    assert lit and all(c[0] == 0 and c[2] > c[1] > 0 for c in lit)      # cyan, all seven
    assert len({frame[0] for frame in shown}) > 1                      # breathing
    b.hw.keys.append(names.BUTTONS.index("select") * 2)
    b.wait(500)
    assert not b.app.jobs and b.app.hint and b.app.selected >= 0
    seat = palette.SEAT_RGB[b.game.turn]
    pips = {b.colour(d, b.frame_at(4)) for d in die} - {(0, 0, 0)}
    assert pips == {(seat >> 16 & 255, seat >> 8 & 255, seat & 255)}    # the hint's roll, as a move's


@pytest.mark.parametrize("room, coach", [(None, "Expert"), (40000, "Expert"), (20000, "Hard")])
def test_the_coach_hint_is_expert_where_the_board_has_room_else_hard(room, coach):
    """With ludo.ai installed: the hint is the move ludo.ai.Expert chooses for the person on
    turn where the board has names.COACH_ROOM free (a PC: always), else ludo.ai.Hard's (the
    80 KB budget: docs/board-memory.md)."""
    from ludo import ai
    b = Board()
    b.hw.room = room
    b.ask(new_game_cmd("classic", 4, seed=5))
    hints = differ = 0
    while hints < 3 or not differ:      # (until Hard and Expert chose differently once)
        to_a_choice(b)
        expected = getattr(ai, coach)().choose(b.game)
        differ += ai.Hard().choose(b.game).code != ai.Expert().choose(b.game).code
        b.press("select", long=True)
        assert b.app.hint and b.app.legal[b.app.selected].code == expected.code
        b.press("confirm")
        hints += 1
        assert hints < 40 and not b.game.is_over()
    assert names.COACH_SMALL == "hard" and 20000 < names.COACH_ROOM <= 40000


def test_the_hint_in_a_game_with_an_expert_seat_is_experts_without_room():
    """An Expert seat's code is there anyway: the hint is Expert's, however little room is
    left (no second player's code beside it), also where Hard would choose otherwise."""
    from ludo import ai
    b = Board()
    b.hw.room = 1000
    b.ask(new_game_cmd("classic", 2, seed=5, kinds={"Y": "expert"}))
    differ = 0
    for _ in range(30):
        to_a_choice(b)
        e = ai.Expert()
        e.rng.x = players._players["expert"].rng.x     # (the seat's player: its ties so far)
        expected = e.choose(b.game)
        differ += expected.code != ai.Hard().choose(b.game).code
        b.press("select", long=True)
        assert b.app.hint and b.app.legal[b.app.selected].code == expected.code
        b.press("confirm")
        if differ >= 2 or b.game.is_over():
            break
    assert differ >= 2


def test_a_game_with_an_expert_seat_plays_to_its_end_through_the_app():
    """Seat Y played by the real Expert (a game of two, no wooden tokens): each of its moves
    is the one ludo.ai.Expert chooses; the game ends, its record verifies and reads back."""
    from ludo import ai
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("classic", 2, seed=4, kinds={"Y": "expert"}))
    assert b.game.kinds["Y"] == "expert"
    mine = ai.Expert()
    checked = 0
    for _ in range(3000):
        g = b.game
        if g.is_over():
            break
        if g.turn == 2:                 # Yellow, the Expert: it rolls and moves by itself
            if not g.needs_roll() and b.app.selected >= 0 and len(g.legal_moves) > 1:
                assert b.app.legal[b.app.selected].code == mine.choose(g).code
                assert players._players["expert"].clock == b.hw.ticks_ms     # its deadline's clock
                checked += 1
            b.wait(1500)
        elif b.app.fixing():
            b.press("confirm")
        elif g.needs_roll():
            b.press("roll")
        else:
            b.press("confirm") if b.app.selected >= 0 else b.press("select")
    assert b.game.is_over() and b.app.mode == names.OVER and checked > 5
    text = str(b.game.record(transcript=True))
    rec = ludo.Record.parse(text)
    assert rec.header["kinds"]["Y"] == "expert" and ludo.verify_record(rec) == []
    assert str(game_of(rec).record(transcript=True)).split("\n")[1:-2] == text.split("\n")[1:-2]


def test_the_menu_offers_expert_and_starts_its_seat():
    """Page 3 (computer seats): select steps human, easy, medium, hard, expert, then back to
    human; the die shows 5 pips for Expert and its yard is all white."""
    from ludoboard.setup_menu import pages
    b = Board()
    menu = b.app.screen
    b.press("confirm")
    b.press("confirm")
    assert menu.choices.page == PAGE_KINDS and menu.choices.cursor == 0
    seen = []
    for _ in range(5):
        seen.append(names.KINDS[menu.choices.kinds[0]])
        b.press("select")
    assert seen == ["human", "easy", "medium", "hard", "expert"]
    assert names.KINDS[menu.choices.kinds[0]] == "human"        # round again
    for _ in range(4):
        b.press("select")
    assert pages.shown(menu.choices) == '{"item":"R","page":3,"value":"expert"}'
    yard = [b.colour("yR%d" % i, b.frame_at(0)) for i in range(1, 5)]    # (the cursor: it blinks)
    assert len(set(yard)) == 1 and yard[0][0] == yard[0][1] == yard[0][2] > 0      # all four white
    b.press("roll")
    assert b.app.mode == PLAY and b.game.kinds["R"] == "expert"


def test_without_ludo_ai_every_seat_is_human():
    with stand_in_players(None):
        b = Board()
        assert not b.app.screen.computers           # the set-up menu has no computer seats page
        b.ask(new_game_cmd("classic", 2, seed=2, kinds={"Y": "hard"}))
        assert b.game.kinds["Y"] == "human"


def test_deadline_times_out_the_seat_and_saves_it():
    b = Board()
    b.ask(new_game_cmd("strict", 2, seed=3, options={"deadline": 30}))
    b.wait(19000)
    assert not b.app.warned
    b.wait(2000)
    assert b.app.warned
    assert b.colour("yR1", b.frame_at(0)) != b.colour("yR1", b.frame_at(4))   # the yard blinks fast
    b.wait(10000)
    g = b.game
    assert g.is_over() and g.outcome().termination == "deadline"
    assert "timeout R" in str(g.record(transcript=True))
    assert Board(nvm=b.nvm).game.outcome().termination == "deadline"


def test_dice_by_hand():
    b = Board()
    b.ask(new_game_cmd("family", 2, seed=3, dice="hand"))
    b.press("confirm")                      # nothing entered yet: refused
    assert b.app.banner == names.SIG_REFUSE and len(b.game.transcript) == 0
    for _ in range(8):
        b.press("select")                   # 1..6, then 1, 2
    b.press("back")                         # cancel
    assert b.app.entry_value == 0
    for _ in range(6):
        b.press("roll")
    b.press("confirm")
    assert b.game.transcript[-1] == 8 + 6
    assert str(b.game.record(transcript=True)).split("\n")[1] == "roll 6 hand"
    b.wait(2000)
    assert Board(nvm=b.nvm).app.hand


def test_long_press_across_the_ticks_wrap():
    b = Board()
    b.hw.now = 65536 - 500 - 10                   # ticks wrap 500 ms from now
    b.wait(0)
    b.press("roll")                               # start a game
    b.hw.now = 65536 - 400
    b.wait(0)
    b.hw.keys.append(3 * 2 + 1)                   # back down just before the wrap
    b.wait(700)
    assert b.app.mode == PLAY                     # 0.7 s: not long yet
    b.wait(400)
    assert b.app.mode == PAUSE                    # past 0.9 s across the wrap: long
    b.hw.keys.append(3 * 2)
    b.wait(100)
    assert b.app.mode == PAUSE                    # its release does nothing more


@settings(suppress_health_check=[HealthCheck.too_slow], max_examples=25, deadline=None)
@given(presses=st.lists(st.sampled_from(["roll", "select", "confirm", "back", "back!", "select!", "wait"]),
                        min_size=5, max_size=60),
       preset=st.sampled_from(list(ludo.PRESETS)))
def test_random_presses_never_corrupt_the_game(presses, preset):
    """Any presses: every transcript entry is a legal action, the save always resumes the same game."""
    b = Board()
    b.ask(new_game_cmd(preset, 2, seed=4))
    for p in presses:
        if p == "wait":
            b.wait(1000)
        else:
            b.presses(p)
        if b.app.mode == MENU:
            b.press("back") if b.app.screen.can_leave else b.press("roll")
    g = b.game
    replay = game_of(ludo.Record.parse(str(g.record(transcript=True))))
    assert replay.position() == g.position()
    again = Board(nvm=b.nvm)
    assert bytes(again.game.transcript) == bytes(g.transcript)


def test_refused_presses_change_nothing():
    b = Board()
    b.ask(new_game_cmd("strict", 2, seed=6))
    before = (bytes(b.nvm.data), b.game.position())
    for button in ("select", "confirm", "back"):   # a roll is due; strict has no undo
        b.press(button)
        assert b.app.banner == names.SIG_REFUSE
        assert (bytes(b.nvm.data), b.game.position()) == before
        b.wait(500)


# --- the pixel map ---------------------------------------------------------
def test_built_in_order_is_the_shipped_map():
    with open(PIXEL_MAP) as f:
        shipped = json.load(f)["pixels"]
    m = pixelmap.PixelMap(99)
    assert [pixelmap.place_name(p) for p in sorted(range(99), key=lambda p: m.pixel[p])] == shipped


@pytest.mark.parametrize("content,words", [
    (None, "file not found"),
    ("{", "not JSON"),
    ('{"format":"other","pixels":[]}', "not a ludo-pixelmap/1"),
    ('{"format":"ludo-pixelmap/1","pixels":"t0"}', "not a list"),
    ('{"format":"ludo-pixelmap/1","pixels":["t0","t0"]}', "twice"),
    ('{"format":"ludo-pixelmap/1","pixels":["t0","q9"]}', "unknown place"),
    ('{"format":"ludo-pixelmap/1","pixels":["t0"]}', "has no pixel"),
    ('{"format":"ludo-pixelmap/1","pixels":[' + ",".join(['"t0"'] * 120) + ']}', "LUDO_PIXEL_COUNT"),
])
def test_broken_pixel_map_falls_back_and_shows_the_error(tmp_path, content, words):
    path = tmp_path / "pixelmap.json"
    if content is not None:
        path.write_text(content)
    b = Board(settings={"LUDO_PIXEL_MAP": str(path)})
    assert words in b.app.errors[0]
    assert b.app.banner == names.SIG_ERROR
    assert b.colour("cR", b.frame_at(0)) == (255, 0, 192)            # magenta
    assert b.app.pixel == pixelmap.PixelMap(99).pixel          # the built-in order
    b.wait(4500)
    assert b.app.banner == names.SIG_NONE


def test_a_rewired_map_moves_the_lights(tmp_path):
    with open(PIXEL_MAP) as f:
        names = json.load(f)["pixels"]
    names.reverse()
    path = tmp_path / "pixelmap.json"
    path.write_text(json.dumps({"format": "ludo-pixelmap/1", "pixels": names}))
    b = Board(settings={"LUDO_PIXEL_MAP": str(path)})
    assert not b.app.errors
    b.press("roll")                                 # classic, 4 players: Red rolls
    b.wait(3000)
    frame = b.hw.shown
    assert b.app.pixel[pixelmap.place_id("t0")] == 98
    assert frame[3 * 98:3 * 99] == bytes((0x16, 0x16, 0x16))            # t0: a safe square
    assert frame[0:3] == bytes((0, 0x2f, 0x96))                       # yB1 now first: a blue token


def test_map_check_walks_every_pixel_then_plays():
    b = Board(settings={"LUDO_MAP_CHECK": 1})
    assert b.app.mode == MAP_CHECK
    seen = set()
    for _ in range(99 * 3 + 20):
        frame = b.hw.shown
        lit = [i for i in range(99) if frame[3 * i:3 * i + 3] != b"\x00\x00\x00"]
        if b.app.mode == MAP_CHECK and lit:
            assert len(lit) == 1
            seen.add(lit[0])
        b.wait(100)
    assert seen == set(range(99))
    assert b.app.mode == MENU


def test_a_scene_keeps_every_colour_it_is_given_past_its_first_palette():
    # scene.Scene keeps a byte a colour (an index into its palette): more colours than the
    # palette's first size still read back exactly, and a cleared scene starts a new palette.
    from ludoboard.scene import Scene
    scene = Scene()
    colours = [0x010203 * (k + 1) & 0xFFFFFF for k in range(70)]
    for p in range(70):
        scene.set(p, colours[p])
    scene.cycle(80, 2, 1, 1, colours[0], 0x00FF00, 0x0000FF, colours[69])
    assert [scene.colour(p) for p in range(70)] == colours
    assert [scene.colour(80, k) for k in range(4)] == [colours[0], 0x00FF00, 0x0000FF, colours[69]]
    assert scene.colour_at(80, 0) == 0x00FF00 and scene.colour_at(80, 1) == 0x007F7F   # half-way fade
    scene.clear()
    scene.set(0, 0x123456)
    assert scene.used == 1 and scene.colour(0) == 0x123456


def test_a_refused_press_never_looks_like_any_seats_roll_prompt():
    """The refusal blinks all seven die pixels white; a seat's "roll now" breathes in its
    colour.  For every seat, no frame of the refusal is a frame of any seat's prompt
    (it was a steady red, which Red's prompt passes through)."""
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=3))
    steps = range(0, 50)
    die = ["d%d" % k for k in range(1, 8)]
    prompts = set()
    refusals = set()
    seats = set()
    for _ in range(40):
        g = b.game
        while not g.needs_roll() or b.app.banner or b.app.fixing():
            if b.app.fixing() or not g.needs_roll():
                b.press("confirm")
            else:
                b.wait(100)
        seat = g.turn
        seats.add(seat)
        for step in steps:
            prompts.add(tuple(b.colour(p, b.frame_at(step)) for p in die))
        b.press("select")                               # means nothing while a roll is due
        assert b.app.banner == names.SIG_REFUSE and g.turn == seat
        refusals.update(tuple(b.colour(p, b.frame_at(step)) for p in die) for step in steps)
        b.wait(500)
        b.press("roll")
        if len(seats) == 4:
            break
    assert seats == {0, 1, 2, 3}
    assert refusals & prompts == set()
    assert ((255, 255, 255),) * 7 in refusals


@pytest.mark.parametrize("skip", [0, 1])
def test_skip_fixups_setting_lets_play_go_on_without_confirming(skip):
    """LUDO_SKIP_FIXUPS = 1 (the virtual board: no wooden tokens): after a capture play goes
    on at once; by default (a real board) the players put the token back and confirm first."""
    info = golden.load("capture-fixup")
    b = Board(settings={"LUDO_SKIP_FIXUPS": skip})
    b.ask(new_game_cmd("classic", 4, info["seed"]))
    for step in info["plan"]:
        assert not (skip and b.app.fixing())
        if b.app.fixing():
            b.press("confirm")
        if step == "roll":
            b.press("roll")
        else:
            b.select_code(int(step[5:]))
            b.press("confirm")
    assert "capture" in " ".join(b.game.last_events)
    assert b.app.fixing() == (not skip)
    n = len(b.game.transcript)
    b.press("roll" if b.game.needs_roll() else "confirm")
    assert len(b.game.transcript) == n + skip       # taken at once, or refused until confirmed
    if not skip:
        b.press("confirm")
        assert not b.app.fixing()


def test_without_fixups_a_game_of_computers_plays_through_with_no_press(computers):
    """LUDO_SKIP_FIXUPS = 1 (no wooden tokens to move): a computer's lit move goes on by
    itself after the pause its roll has, as a seat link's move does; four computers play a
    game to its end with nobody at the buttons.  With fix-ups (a real board) a person moves
    its token and confirms."""
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("classic", 4, seed=3, kinds={s: "easy" for s in "RGYB"}))
    moved = 0
    for _ in range(4000):
        if b.game.is_over():
            break
        n = len(b.game.transcript)
        b.wait(1500)
        assert len(b.game.transcript) > n, "the computer waited: %s" % b.game.transcript
        moved += 1
    assert b.game.is_over() and b.app.mode == names.OVER and moved > 50

    real = Board()
    real.ask(new_game_cmd("classic", 4, seed=3, kinds={s: "easy" for s in "RGYB"}))
    while real.game.needs_roll() or real.app.selected < 0:     # rolls by itself, passes ...
        real.wait(100)
    n = len(real.game.transcript)
    real.wait(5000)
    assert len(real.game.transcript) == n              # ... and waits for its token to be moved
    real.press("confirm")
    assert len(real.game.transcript) == n + 1
