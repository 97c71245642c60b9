# The pause menu's light (pause.py): loaded while the pause menu is shown, a loop
# pass after pause.py, and dropped with it.
from .lights import scale
from .places import PIPS
from .die_lights import die_blink


def paint(scene, item):
    # The pause menu over the position: the die shows the item (1 hand over, 2 resign, 3 new game).
    colour = (0x00C0FF, 0xFF0000, 0xFFFFFF)[item]       # signals.py's cyan, red, white
    die_blink(scene, PIPS[item + 1], colour, scale(colour, 40), 12)
