"""The set-up menu: its first choices, written out, are what the rules say; it
starts from a game taken up after a reset; it opens while the game's lights stay,
and a press or the PC's `new` while its code loads is not lost."""
import importlib
import os
import sys

from harness import Board, new_game_cmd
from ludo.rules import PRESETS
from ludoboard import app as app_mod
from ludoboard.setup_menu import options, option_checks
from ludoboard.names import MENU, OVER, PLAY

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "firmware")


def test_first_choices_are_what_the_rules_make_of_classic_for_four():
    written = options.first_choices()
    asked = options.first_choices()
    asked.values = {}
    asked.touched = []
    option_checks.players_changed(asked)               # classic, 4: asking ludo.rules
    assert vars(asked) == vars(written)
    assert isinstance(written, app_mod.Choices)
    assert PRESETS[written.preset] == "classic" and written.players == 4


def test_after_a_reset_the_menu_starts_from_the_game_taken_up():
    """A game the PC started (club, 3 players: free mode; quick; Yellow Easy), taken up
    after a reset: the pause menu's new game shows its set-up, and roll at once
    starts a game like it."""
    b = Board()
    b.ask(new_game_cmd("club", 3, seed=5, options={"quick": True}, kinds={"Y": "easy"}))
    g = b.game
    b.press("roll")
    again = Board(nvm=b.nvm)                        # the power cut: the same save
    assert again.game.preset == "club" and again.app.choices is None
    again.press("confirm")                          # the position checked
    again.press("back", long=True)                  # the pause menu
    while again.app.screen.item != 2:                # its new game
        again.press("select")
    again.press("confirm")
    menu = again.app.screen
    assert again.app.mode == MENU and PRESETS[menu.choices.preset] == "club" and menu.choices.players == 3
    assert options.chosen(menu.choices) == g.options and tuple(menu.choices.seats) == g.seats
    assert [menu.choices.kinds[s] for s in g.seats] == [0, 0, 1]      # human, human, easy
    again.press("roll")                             # start at once: a game like the last
    new = again.game
    assert again.app.mode == PLAY and new is not g
    assert (new.preset, new.seats, new.options) == (g.preset, g.seats, g.options)
    assert new.kinds == g.kinds


def finished_game():
    b = Board()
    b.ask(new_game_cmd("classic", 2, seed=3))
    g = b.game
    while not g.is_over():                          # resign ends a 2-player classic game
        b.press("back", long=True)
        b.press("select")
        if b.app.screen.item != 1:
            b.press("back")
            b.press("roll") if g.needs_roll() else b.press("confirm")
            continue
        b.press("confirm")
    while b.app.fixing():
        b.press("confirm")
    assert b.app.mode == OVER
    return b


def test_the_menu_opens_over_the_finished_games_lights_and_back_returns_to_it():
    b = finished_game()
    app = b.app
    app.on_press(2, False)                          # confirm on a finished game: the set-up menu
    while app.mode != MENU:
        app.step()
    app.step()
    assert app.choices.page == 0 and app.screen.can_leave
    b.press("back")                                 # first page: back to the finished game
    assert app.mode == OVER


def test_a_press_right_after_the_one_that_opens_the_menu_is_the_menus():
    b = finished_game()
    app = b.app
    app.on_press(2, False)                          # opens the menu (its code loads in a job)
    app.on_press(2, False)                          # confirm: on the menu's first page
    assert app.mode == MENU and app.choices.page == 1


def test_a_game_begun_by_the_pc_as_the_board_starts_is_played():
    b = Board()                                     # a fresh board shows the menu
    assert b.app.mode == MENU
    b.ask(new_game_cmd("classic", 4, seed=5))
    assert b.app.mode == PLAY and not b.app.jobs


def test_a_new_game_lets_a_finished_game_go_and_a_refused_one_leaves_the_set_up_menu():
    """A finished game goes when a new game is asked for (before the new game's code
    compiles): the PC's `new` that the rules refuse gets its error line, and the board
    shows the set-up menu, whose back no longer leads to the finished game.  Its save
    stays: a reset brings the finished game back."""
    b = finished_game()
    g = b.game
    out = b.ask({"cmd": "new", "preset": "classic", "players": 5})
    assert [x["re"] for x in out] == ["new"] and "error" in out[0]
    assert b.app.mode == MENU and b.game is None and not b.app.screen.can_leave
    b.press("back")                                 # first page: nothing to go back to
    assert b.app.mode == MENU and b.app.choices.page == 0
    again = Board(nvm=b.nvm)                        # a reset: the finished game, from its save
    assert again.game.transcript == g.transcript and again.game.is_over()
    b.press("roll")                                 # the menu's own start: a game is played
    assert b.app.mode == PLAY and b.game is not None and not b.game.is_over()


def test_a_bad_argument_of_the_pcs_new_keeps_the_finished_game():
    """The PC's `new` with an argument of the wrong type is refused as the command
    arrives: the finished game and its lights stay."""
    b = finished_game()
    g = b.game
    out = b.ask({"cmd": "new", "preset": 7})
    assert out == [{"error": "new: \"preset\" is a preset name", "re": "new"}]
    assert b.app.mode == OVER and b.game is g


def _code_lines(module):
    path = os.path.join(FIRMWARE, *module.split(".")) + ".py"
    if not os.path.exists(path):
        path = path[:-3] + "/__init__.py"
    with open(path) as f:
        return sum(1 for line in f if line.strip() and not line.strip().startswith("#"))


def test_the_menus_modules_load_one_a_pass_longest_first_its_class_last():
    """Each compile beside a finished game leaves the free room in smaller pieces, so the
    menu's package file has no code and its modules load longest first; the mode's class
    is in the last (app.py's mode table).  Each of them is loaded in a pass of its own."""
    cls, names = app_mod._MODES[MENU]
    assert names[0] == "ludoboard.setup_menu" and _code_lines(names[0]) == 0
    sizes = [_code_lines(n) for n in names[1:-1]]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] >= _code_lines(names[-1])
    assert hasattr(importlib.import_module(names[-1]), cls)
    b = finished_game()
    app = b.app
    for name in names:
        sys.modules.pop(name, None)     # (a PC keeps modules: drop them, as the board has)
    app.on_press(2, False)              # opens the menu: its modules load in a job
    loaded = []
    while app.mode != MENU:
        before = [n for n in names if n in sys.modules]
        app.step()
        new = [n for n in names if n in sys.modules and n not in before]
        assert len(new) <= 1, new
        loaded += new
    assert loaded == list(names)
