# The set-up menu's lights on its pages of one item at a time: the computer
# seats (a seat's yard: its kind) and the options (the track: which one).
from . import const
from .lights import scale
from .places import PIPS
from .die_lights import die_mask, SEAT_RGB

_WHITE = const(0xFFFFFF)        # colours and periods as in signals.py
_GREEN = const(0x00FF00)
_RED = const(0xFF0000)
_YELLOW = const(0xFFC000)
_MEDIUM = const(8)


def paint_kinds(menu, scene):
    seats = menu.seats()
    for j in range(len(seats)):
        s = seats[j]
        kind = menu.kind_index(s)
        rgb = SEAT_RGB[s]
        for i in range(4):
            p = 72 + s * 4 + i
            c = rgb if not kind or i < 4 - kind else scale(_WHITE, 50)
            if j == menu.cursor:
                scene.cycle(p, _MEDIUM, 0, 0, c, 0)
            else:
                scene.set(p, c)
        if j == menu.cursor:
            die_mask(scene, PIPS[kind + 1], rgb)


def paint_options(menu, scene):
    for sq in range(menu.cursor + 1):
        scene.set(sq, scale(_WHITE, 90))
    kind, index = menu.option_display()
    if kind:
        die_mask(scene, PIPS[index + 1 if index < 6 else 6], _YELLOW)
    elif index:
        die_mask(scene, 0b1111111, _GREEN)
    else:
        die_mask(scene, 0b0001000, _RED)
