# The set-up menu's lights (docs/lights.md, The set-up menu): the pages
# counted on Red's home column, the preset, players and dice pages; the
# pages with an item at a time are menu_lights_items.py.
from . import const
from .lights import scale
from .places import PIPS
from .die_lights import die_mask, die_cycle, die_blink, SEAT_RGB
from .menu_lights_items import paint_kinds, paint_options

_WHITE = const(0xFFFFFF)        # colours and periods as in signals.py
_ORANGE = const(0xFF6000)
_SLOW = const(12)


def paint(menu, scene):
    page = menu.page
    for k in range(page + 1):
        scene.set(52 + k, scale(_WHITE, 60))
    if page == 0:                   # menu.py's pages: the preset
        die_mask(scene, PIPS[menu.preset + 1], _WHITE)
    elif page == 1:                 # players
        for s in menu.seats():
            for i in range(4):
                scene.set(72 + s * 4 + i, SEAT_RGB[s])
        die_mask(scene, PIPS[menu.count()], _WHITE)
    elif page == 2:                 # computer seats
        paint_kinds(menu, scene)
    elif page == 3:                 # options
        paint_options(menu, scene)
    elif menu.hand:                 # dice
        die_blink(scene, 0b1111111, _ORANGE, 0, _SLOW)
    else:
        die_cycle(scene, (PIPS[5], PIPS[2], PIPS[6], PIPS[3]), _WHITE, 4)
