"""The status line in words (ludo_host.words) from the board's snapshot
(ludo_host.virtual.snapshot): in every state docs/lights.md shows (the golden
scenarios), and for a snapshot as plain data."""
import json

import pytest

import golden
from harness import Board, new_game_cmd
from ludo_host.virtual.snapshot import MENU_PAGES, empty, snapshot_of
from ludo_host.words import status_words

# scenario -> words the two lines must contain (what is going on | what the buttons do)
EXPECTED = {
    "start": ("Red's turn: roll.", "roll: throw the die"),
    "destinations": ("Green rolled 6: 3 moves.", "select: pick a move"),
    "selected": ("Green rolled 6: 3 moves.", "confirm: play the lit move"),
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
    "menu-preset": ("Set-up menu, page 1, preset: classic.", "select: next value"),
    "menu-players": ("Set-up menu, page 2, players: 4 players.", "roll: start the game"),
    "menu-kinds": ("Set-up menu, page 3, computer seats: Red is played by Medium computer.", "confirm: next"),
    "menu-option": ("Set-up menu, page 4, options: entry_on_1 = off.", "back: previous"),
    "menu-dice": ("Set-up menu, page 5, dice: a real die, entered by hand.", "select: next value"),
    "map-error": ("Set-up problem: see the console.", ""),
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
    assert status_words(menu)[0] == "Set-up menu, page 4, options: deadline = 60 s a turn."
    passed = dict(empty(), mode="play", turn="Y", kind="human", signal="pass", last_roll=4)
    assert status_words(passed)[0] == "Pass: no token could use the 4. Yellow's turn: roll."
    pause = dict(empty(), mode="pause", turn="B", kind="medium", pause="hand over")
    assert status_words(pause)[0] == "Pause menu: hand Blue back to a person."


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
