# The set-up menu: preset, players, computer seats, options of the preset
# (house rules included), dice; then the game starts (docs/lights.md, The set-up
# menu).  Five modules, loaded one a loop pass while the menu is shown and
# released when it closes (app.py's mode table), the longest first (each
# compile leaves the free room in smaller pieces; this file has no code, so
# that the first compile of the package is the longest module):
#   setup_menu.pages          the pages: what select, confirm and back do on each
#   setup_menu.options        the options offered and their values, the first choices
#   setup_menu.lights         what the menu shows
#   setup_menu.option_checks  what the rules say to the choices
#   setup_menu.menu           the mode: a press, the game it starts
#
# select = next value, confirm = next item, back = previous item, roll = start the
# game now with what is chosen.  The choices are the app's (app.Choices): they stay
# while the menu's code is released.
