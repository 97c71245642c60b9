# The set-up menu's lights (docs/lights.md, The set-up menu): the page counted on
# Red's home column, and each page's picture on the yards, the track and the die.
from ludoboard.palette import SEAT_RGB, WHITE, GREEN, RED, YELLOW, ORANGE, MEDIUM, SLOW, PIPS, ALL, CENTRE_PIP
from ludoboard.painter import die_mask, die_cycle, die_blink
from ludoboard.scene import HOME, YARD, scale
from ludoboard.setup_menu.pages import PAGE_PRESET, PAGE_PLAYERS, PAGE_KINDS, PAGE_OPTIONS
from ludoboard.setup_menu.options import CHOICES


def paint(c, scene):
    """The pages counted on Red's home column, and the page's own picture."""
    page = c.page
    for k in range(page + 1):
        scene.set(HOME + k, scale(WHITE, 60))
    if page == PAGE_PRESET:
        die_mask(scene, PIPS[c.preset + 1], WHITE)
    elif page == PAGE_PLAYERS:
        for s in c.seats:
            for i in range(4):
                scene.set(YARD + s * 4 + i, SEAT_RGB[s])
        die_mask(scene, PIPS[c.players], WHITE)
    elif page == PAGE_KINDS:
        paint_kinds(c, scene)
    elif page == PAGE_OPTIONS:
        paint_options(c, scene)
    elif c.hand:
        die_blink(scene, ALL, ORANGE, 0, SLOW)
    else:
        die_cycle(scene, (PIPS[5], PIPS[2], PIPS[6], PIPS[3]), WHITE, 4)


def paint_kinds(c, scene):
    """Computer seats: a seat's yard shows its kind (the cursor's blinks)."""
    seats = c.seats
    for j in range(len(seats)):
        s = seats[j]
        kind = c.kinds[s]
        rgb = SEAT_RGB[s]
        for i in range(4):
            p = YARD + s * 4 + i
            colour = rgb if not kind or i < 4 - kind else scale(WHITE, 50)
            if j == c.cursor:
                scene.cycle(p, MEDIUM, 0, 0, colour, 0)
            else:
                scene.set(p, colour)
        if j == c.cursor:
            die_mask(scene, PIPS[kind + 1], rgb)


def paint_options(c, scene):
    """Options: the track counts which one; the die shows its value (a choice in
    yellow pips; on green, off a red dot).
    """
    for sq in range(c.cursor + 1):
        scene.set(sq, scale(WHITE, 90))
    name = c.names[c.cursor]
    index = c.values[name]
    if name in CHOICES:
        die_mask(scene, PIPS[index + 1 if index < 6 else 6], YELLOW)
    elif index:
        die_mask(scene, ALL, GREEN)
    else:
        die_mask(scene, CENTRE_PIP, RED)

