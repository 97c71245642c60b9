"""The set-up menu's staged loading (ludoboard/menu_load.py): its modules are
compiled one a loop pass by a job, a press while it loads waits for it, and
the first choices written out there are what the rules say."""
from harness import Board, new_game_cmd
from ludoboard import menu_load, menu_rules
from ludoboard.app import MENU, OVER, PLAY
from ludoboard.menu import Menu


def test_first_choices_are_what_the_rules_make_of_classic_for_four():
    written = Menu(False, menu_load.first_state())
    asked = Menu(False, menu_load.first_state())
    menu_rules.preset_changed(asked)               # classic, 4: asking ludo.rules
    assert asked.state() == written.state()
    assert written.preset_name() == "classic" and written.count() == 4


def test_after_a_reset_the_menu_starts_from_the_game_taken_up():
    """A game the PC started (club, 3 players: free mode; quick; Yellow Easy), taken up
    after a reset: the pause menu's new game shows its set-up, and roll at once
    starts a game like it."""
    b = Board()
    b.ask(new_game_cmd("club", 3, seed=5, options={"quick": True}, kinds={"Y": "easy"}))
    g = b.game
    b.press("roll")
    again = Board(nvm=b.nvm)                        # the power cut: the same save
    assert again.game.preset == "club" and again.app.menu_state is None
    again.press("confirm")                          # the position checked
    again.press("back", long=True)                  # the pause menu
    while again.app.pause_item != 2:                # its new game
        again.press("select")
    again.press("confirm")
    menu = again.app.menu
    assert again.app.mode == MENU and menu.preset_name() == "club" and menu.count() == 3
    assert menu.options() == g.options and tuple(menu.seats()) == g.seats
    assert [menu.kind_index(s) for s in g.seats] == [0, 0, 1]      # human, human, easy
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
        if b.app.pause_item != 1:
            b.press("back")
            b.press("roll") if g.needs_roll() else b.press("confirm")
            continue
        b.press("confirm")
    while b.app.fixing():
        b.press("confirm")
    assert b.app.mode == OVER
    return b


def test_the_menu_opens_a_few_loop_passes_after_the_press_one_module_a_pass():
    b = finished_game()
    app = b.app
    lights = bytes(app.scene.ncol)
    app.on_press(2, False)                          # confirm on a finished game: the set-up menu
    assert app.mode == MENU and app._menu is None and app.menu_job in app.jobs
    passes = 0
    while app._menu is None:
        app.step()
        passes += 1
        if app._menu is None:
            assert bytes(app.scene.ncol) == lights          # the finished game's lights stay meanwhile
    assert 4 <= passes <= 10 and not app.jobs and app.menu_job is None
    app.step()
    assert app._menu.page == 0 and app._menu.can_leave
    b.press("back")                                 # first page: back to the finished game
    assert app.mode == OVER and app._menu is None


def test_a_press_while_the_menu_loads_waits_for_it():
    b = finished_game()
    app = b.app
    app.on_press(2, False)
    app.step()                                      # one stage done, the rest to come
    assert app._menu is None
    app.on_press(2, False)                          # confirm: the menu loads now and goes on
    assert app._menu is not None and app._menu.page == 1 and not app.jobs


def test_a_game_begun_by_the_pc_while_the_menu_loads_stops_its_loading():
    b = Board()                                     # a fresh board loads the menu
    assert b.app.mode == MENU and b.app.menu_job is not None
    b.ask(new_game_cmd("classic", 4, seed=5))
    assert b.app.mode == PLAY and b.app.menu_job is None and b.app._menu is None
    assert not b.app.jobs
