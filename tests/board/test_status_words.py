"""The status line in words (ludo_host.words) from the board's snapshot
(ludo_host.virtual.snapshot): in every state docs/lights.md shows (the golden
scenarios), and for a snapshot as plain data."""
import json

import pytest

import golden
from harness import Board, hold_for_a_hint, new_game_cmd, to_a_choice
from ludo_host.virtual.snapshot import MENU_PAGES, empty, snapshot_of
from ludo_host.words import status_words

# scenario -> words the two lines must contain (what is going on | what the buttons do)
EXPECTED = {
    "start": ("Red's turn: roll.", "roll: throw the die"),
    "destinations": ("Green rolled 6: 3 moves.", "select: pick a move"),
    "selected": ("Green rolled 6: 3 moves.", "confirm: play the lit move"),
    "coach": ("The coach's hint is lit.", "confirm: play the hint"),
    "pass-prompt": ("Red rolled 2: no token can move.", "no token can move: confirm passes"),
    "pass": ("Pass: no token could use the 1. Green's turn", "roll"),
    "pool": ("Blue rolled 6 and 1: 1 move.", "confirm: play the lit move"),
    "hand-entry": ("enter the real die's value: 3", "confirm: enter it"),
    "computer": ("Green (Hard computer) rolled 6: its move is lit.", "then confirm"),
    "remote": ("Red's turn (played from afar): roll.", "roll: throw the die"),
    "remote-move": ("Played from afar: G", "confirm: done"),
    "capture-fixup": ("Put the tokens right", "confirm: done"),
    "undo-fixup": ("Put the tokens right", "confirm: done"),
    "hurry": ("Red's turn: roll. \u00b7 9 s left", "roll"),
    "refusal": ("Red's turn", "That press means nothing now."),
    "bonus": ("Bonus roll!", "roll"),
    "three-sixes": ("Roll forfeited.", "roll"),
    "check": ("After a reset: the saved game, Green to play.", "confirm: go on"),
    "pause": ("Pause menu: a new game", "confirm: do it"),
    "win": ("Game over: Red won.", "confirm or roll: the set-up menu"),
    "resign": ("Game over: Yellow won: Red resigned.", "the set-up menu"),
    "menu-preset": ("Set-up menu, page 1, preset: classic. Stars safe,", "confirm: next \u00b7 roll: start the game"),
    "menu-players": ("Set-up menu, page 2, players: 4 players.", "roll: start the game"),
    "menu-kinds": ("Set-up menu, page 3, computer seats: Red is played by the Medium computer.", "confirm: next"),
    "menu-option": ("Set-up menu, page 4, options: Out on a 1: Only a 6 brings a token out.", "back: previous"),
    "menu-dice": ("Set-up menu, page 5, dice: a real die, entered by hand.", "confirm or roll: start the game"),
    "map-error": ("Something went wrong: see the console.", ""),
}


def board_in(name):
    info = golden.load(name)
    return golden.reach(name, {"seed": info["seed"], "plan": info["plan"]})


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_signal_of_the_lights_is_said_in_words(name):
    said, buttons = EXPECTED[name]
    snap = snapshot_of(board_in(name).app)
    lines = status_words(snap)
    assert len(lines) == 2
    assert said in lines[0] and buttons in lines[1], lines
    assert json.loads(json.dumps(snap)) == snap          # plain data: could come over serial


def test_the_snapshot_follows_the_set_up_menu_page_by_page():
    b = Board()
    b.wait(100)
    seen = []
    for _ in range(4):
        menu = snapshot_of(b.app)["menu"]
        seen.append((menu["page"], menu["name"], menu["value"]))
        b.press("confirm")
    assert seen[:2] == [(1, "preset", "classic"), (2, "players", 4)]
    b.press("select")                   # the options page's first option: on -> off, or a choice
    menu = snapshot_of(b.app)["menu"]
    assert menu["name"] in ("options", "computer seats") and menu["item"]


def test_a_strict_deadline_counts_down_in_seconds():
    b = Board()
    b.ask(new_game_cmd("strict", 2, seed=3, options={"deadline": 30}))
    assert status_words(snapshot_of(b.app))[0].endswith("30 s left")
    b.wait(12000)
    snap = snapshot_of(b.app)
    assert 17000 < snap["deadline_ms"] <= 18000
    assert status_words(snap)[0] == "Red's turn: roll. \u00b7 18 s left"


def test_words_of_a_plain_snapshot():
    snap = dict(empty(), mode="play", turn="G", kind="human", rolls=[6], moves=1, selected=True, undo=True)
    assert status_words(snap) == ["Green rolled 6: 1 move.", "confirm: play the lit move \u00b7 back: undo"]
    assert status_words(empty()) == ["The board is starting.", ""]
    assert status_words(dict(empty(), mode="starting"))[0] == "A new game is being set up."
    over = dict(empty(), mode="over", turn="R", result="R+G")
    assert status_words(over)[0] == "Game over: Red and Green won."
    menu = dict(empty(), mode="menu", menu={"page": 4, "name": "options", "item": "deadline", "value": 60})
    assert status_words(menu)[0] == "Set-up menu, page 4, options: Time per turn: 60 s."
    passed = dict(empty(), mode="play", turn="Y", kind="human", signal="pass", last_roll=4)
    assert status_words(passed)[0] == "Pass: no token could use the 4. Yellow's turn: roll."
    pause = dict(empty(), mode="pause", turn="B", kind="medium", pause="hand over")
    assert status_words(pause)[0] == "Pause menu: hand Blue to a person."


def test_the_snapshots_names_follow_the_firmwares_numbers():
    """The snapshot names the board's banner kinds and menu pages by the firmware's numbers."""
    from ludoboard import names as banners, protocol
    names = {"refused": banners.SIG_REFUSE, "start": banners.SIG_START, "home": banners.SIG_HOME,
             "bonus": banners.SIG_BONUS, "pass": banners.SIG_PASS, "turned": banners.SIG_TURNED,
             "door": banners.SIG_DOOR, "leave": banners.SIG_LEAVE, "forfeit": banners.SIG_FORFEIT,
             "error": banners.SIG_ERROR}
    b = Board()
    said = {}
    for number in names.values():       # the board's status names each signal as it shows
        b.app.banner = number
        said[json.loads(protocol.status_line(b.app))["signal"]] = number
        assert snapshot_of(b.app)["signal"] == json.loads(protocol.status_line(b.app))["signal"]
    assert said == names
    from ludoboard.setup_menu import pages as menu
    assert [MENU_PAGES.index(x) for x in ("preset", "players", "computer seats", "options", "dice")] == [
        menu.PAGE_PRESET, menu.PAGE_PLAYERS, menu.PAGE_KINDS, menu.PAGE_OPTIONS, menu.PAGE_DICE]


def test_a_computer_seat_with_a_real_die_says_what_it_needs():
    """A real die (hand dice): the board cannot throw it for a computer seat, so the words
    say who counts it and how, never that the seat rolls by itself."""
    snap = dict(empty(), mode="play", turn="Y", kind="easy", hand=True)
    said, buttons = status_words(snap)
    assert said == ("Yellow (Easy computer)'s turn: count the die for Yellow: roll once per pip, "
                    "then confirm.")
    assert "by itself" not in said and "roll or select: count up" in buttons
    said, buttons = status_words(dict(snap, entry=4))
    assert said == "Yellow (Easy computer)'s turn: the die counted for Yellow: 4." and "confirm: enter it" in buttons
    assert status_words(dict(snap, hand=False))[0] == "Yellow (Easy computer)'s turn: it rolls by itself."


def test_a_computers_move_without_fixups_is_said_to_go_on_by_itself():
    snap = dict(empty(), mode="play", turn="G", kind="hard", rolls=[6], moves=2, selected=True)
    take = " \u00b7 long back: pause menu (to play Green yourself)"
    assert status_words(snap) == ["Green (Hard computer) rolled 6: its move is lit.",
                                  "move its token as lit, then confirm" + take]
    assert status_words(dict(snap, skip_fixups=True)) == [
        "Green (Hard computer) rolled 6: its move is lit; it plays it by itself.", "confirm: play it now" + take]


def test_a_hand_dice_computer_seat_on_the_board_is_counted_by_a_person():
    """On the board: the computer seat with hand dice waits for its die to be counted."""
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("classic", 2, seed=3, kinds={"R": "easy"}, dice="hand"))
    b.wait(3000)
    snap = snapshot_of(b.app)
    assert snap["turn"] == "R" and snap["hand"] and snap["rolls"] == [] and not b.game.transcript
    assert "count the die for Red" in status_words(snap)[0]
    for _ in range(6):
        b.press("roll")
    b.press("confirm")
    assert b.game.last_roll == 6


def test_the_menus_last_page_says_the_game_a_roll_starts():
    """The set-up menu keeps the last game's computer seats and dice: its last page says
    the whole game before it starts (preset, who plays each seat, dice, house rules)."""
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=3, kinds={"G": "medium"}, dice="hand",
                       options={"entry_on_1": True}))
    b.press("back", long=True)                      # the pause menu: a new game
    while b.app.screen.item != 2:
        b.press("select")
    b.press("confirm")
    b.wait(200)
    while snapshot_of(b.app)["menu"]["name"] != "dice":
        b.press("confirm")
    snap = snapshot_of(b.app)
    assert snap["setup"]["kinds"]["G"] == "medium" and snap["setup"]["dice"] == "hand"
    said = status_words(snap)[0]
    assert said == ("Set-up menu, page 5, dice: a real die, entered by hand. This game: Classic, 4 players: "
                    "Red a person, Green the Medium computer, Yellow a person, Blue a person. A real die, "
                    "counted in by hand. House rules: A 1 also brings a token out."), said


def test_undo_says_what_it_took_back():
    """back in play takes the last move back (and a roll after it): the words say what."""
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("classic", 2, seed=3))
    while True:                                      # roll until a move is played
        if b.game.needs_roll():
            b.press("roll")
        else:
            seat = "RGYB"[b.game.turn]
            roll = b.game.pending_rolls[0]
            b.presses("select confirm") if b.app.selected < 0 else b.press("confirm")
            if any(c >= 16 for c in b.game.codes):
                break
    assert snapshot_of(b.app)["undone"] is None
    b.press("back")                                  # undo
    snap = snapshot_of(b.app)
    assert snap["undone"] and snap["undone"][0][0] == seat
    said = status_words(snap)[0]
    assert said.startswith("Took back: %s's move of %s" % ({"R": "Red", "Y": "Yellow"}[seat], seat)), said
    assert list(b.game.pending_rolls) == [roll]      # its roll stays, to be played again
    b.press("confirm") if b.app.selected >= 0 else b.presses("select confirm")
    assert snapshot_of(b.app)["undone"] is None


def test_undo_words_of_a_plain_snapshot():
    snap = dict(empty(), mode="play", turn="R", rolls=[3], moves=2, undone=[["R", "R1 12-15"], ["Y", "roll 5"]])
    assert status_words(snap)[0] == "Took back: Red's move of R1 and Yellow's roll 5. Red rolled 3: 2 moves."
    snap = dict(empty(), mode="play", turn="R", undone=[["R", "roll 3 hand"]])
    assert status_words(snap)[0].startswith("Took back: Red's roll 3. Red's turn")


def test_the_virtual_boards_menu_offers_expert_in_words_and_its_seat_says_so():
    """The PC's words of the set-up menu's computer seats page, read off the running app:
    select on Red steps to Expert; the game's start and the seat's turn name it."""
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.press("confirm")
    b.press("confirm")
    for _ in range(4):
        b.press("select")
    snap = snapshot_of(b.app)
    assert status_words(snap)[0] == "Set-up menu, page 3, computer seats: Red is played by the Expert computer."
    assert snap["setup"]["kinds"]["R"] == "expert"
    b.press("roll")
    b.wait(300)
    snap = snapshot_of(b.app)
    assert snap["kind"] == "expert" and snap["turn"] == "R"
    assert status_words(snap)[0].startswith("Red (Expert computer)'s turn")


def test_back_on_the_menus_first_page_says_it_returns_to_the_game():
    """On the set-up menu's first page back returns to the game it was opened from (the
    pause menu's "a new game"), and is refused with no game: the line said "back: previous"
    in both cases."""
    b = Board()
    b.wait(100)
    first = status_words(snapshot_of(b.app))[1]
    assert "back" not in first and "roll: start the game" in first      # no game: back is refused
    b.press("roll")                     # a game starts
    b.wait(300)
    b.press("back", long=True)          # the pause menu
    while snapshot_of(b.app)["pause"] != "new game":
        b.press("select")
    b.press("confirm")                  # the set-up menu, from the game
    snap = snapshot_of(b.app)
    assert snap["mode"] == "menu" and snap["menu"]["page"] == 1
    assert "back: to the game" in status_words(snap)[1] and len(status_words(snap)[1]) <= 80
    b.press("back")
    assert snapshot_of(b.app)["mode"] == "play"


def test_a_finished_game_taken_up_after_a_reset_says_who_won_not_who_is_to_play():
    """A board reset (the virtual board's q, then a new run) with a finished game saved
    showed 'After a reset: the saved game, Green to play.': nobody is to play a game won."""
    snap = dict(empty(), mode="check", turn="G", result="G")
    assert status_words(snap)[0] == "After a reset: the saved game, over: Green won. Check the tokens stand as lit."
    left = dict(snap, result="R", left=[["Y", "resign"]])
    assert "over: Red won: Yellow resigned." in status_words(left)[0]
    going = dict(empty(), mode="check", turn="G")
    assert status_words(going)[0] == "After a reset: the saved game, Green to play. Check the tokens stand as lit."


def test_a_seat_handed_to_the_computer_says_how_to_take_it_back():
    """At the table, Red handed to the computer (pause menu) is taken back from the pause menu
    on Red's own turn; the words of a computer's turn did not say that long back opens it
    there ('roll: roll for it now' only), so nobody at the table found the way back."""
    b = Board(settings={"LUDO_SKIP_FIXUPS": 1})
    b.ask(new_game_cmd("classic", 2, seed=3))
    b.press("back", long=True)
    assert status_words(snapshot_of(b.app))[0] == "Pause menu: hand Red to the computer (Medium)."
    b.press("confirm")
    said, buttons = status_words(snapshot_of(b.app))
    assert said.startswith("Red (Medium computer)'s turn") and "long back: pause menu" in buttons, buttons
    b.press("back", long=True)
    assert status_words(snapshot_of(b.app))[0] == "Pause menu: hand Red to a person."
    for snap in (dict(empty(), mode="play", turn="G", kind="hard"),
                 dict(empty(), mode="play", turn="G", kind="hard", rolls=[6], moves=2, selected=True),
                 dict(empty(), mode="play", turn="G", kind="hard", rolls=[6], moves=2, selected=True,
                      skip_fixups=True),
                 dict(empty(), mode="play", turn="G", kind="hard", rolls=[6], moves=2)):
        assert status_words(snap)[1].endswith("long back: pause menu (to play Green yourself)"), snap


def test_while_the_coach_thinks_the_terminal_says_so():
    """The die breathes cyan while the coach's hint is on its way (a second or more on a
    board): the terminal says so in words, not just the move count it said before."""
    b = Board()
    b.ask(new_game_cmd("classic", 4, seed=1))
    to_a_choice(b)
    hold_for_a_hint(b)
    snap = snapshot_of(b.app)
    assert snap["thinking"] and not snap["hint"]
    said, buttons = status_words(snap)
    assert said.endswith("The coach is thinking...") and buttons == "wait: its hint lights up in cyan"
    b.wait(600)
    said, buttons = status_words(snapshot_of(b.app))
    assert "The coach's hint is lit." in said and "thinking" not in said
