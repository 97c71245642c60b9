# The set-up menu's pages: what select, confirm and back do to the choices on each
# page, and what a page shows in words (the PC's status).  The pages, in order
# (the Red home column counts them): preset, players, computer seats (only when the
# computer players are installed), options, dice.
from ludo.rules import PRESETS
from ludoboard import load
from ludoboard.names import KINDS, SEATS

PAGE_PRESET = 0
PAGE_PLAYERS = 1
PAGE_KINDS = 2
PAGE_OPTIONS = 3
PAGE_DICE = 4
# what a press came to (select, step)
CHANGED = 1
START = 2
LEAVE = 3
REFUSED = 4


def _options():
    return load("ludoboard.setup_menu.options")


def _checks():
    return load("ludoboard.setup_menu.option_checks")


def select(c):
    """The next value of what the page shows; CHANGED, or REFUSED."""
    page = c.page
    if page == PAGE_PRESET:
        c.preset = (c.preset + 1) % len(PRESETS)
        c.values = {}
        c.touched = []
        _checks().players_changed(c)
    elif page == PAGE_PLAYERS:
        c.players = c.players + 1 if c.players < 4 else 2
        _checks().players_changed(c)
    elif page == PAGE_KINDS:
        s = c.seats[c.cursor]
        c.kinds[s] = (c.kinds[s] + 1) % len(KINDS)
    elif page == PAGE_OPTIONS:
        return CHANGED if _checks().select_option(c) else REFUSED
    else:
        c.hand = not c.hand
    return CHANGED


def step(c, delta, computers, can_leave):
    """confirm (delta 1) or back (-1): the next or previous seat or option on the page,
    else the next or previous page (the computer seats' only with `computers`).  CHANGED;
    START past the last page; LEAVE before the first (REFUSED unless `can_leave`).
    """
    i = c.cursor + delta
    if i >= 0 and (c.page == PAGE_KINDS and i < len(c.seats) or
                   c.page == PAGE_OPTIONS and i < len(c.names)):
        c.cursor = i
        return CHANGED
    page = c.page + delta
    if page == PAGE_KINDS and not computers:
        page += delta
    if page < PAGE_PRESET:
        return LEAVE if can_leave else REFUSED
    if page > PAGE_DICE:
        return START
    c.page = page
    c.cursor = 0
    if delta < 0 and c.page == PAGE_KINDS:
        c.cursor = len(c.seats) - 1
    elif delta < 0 and c.page == PAGE_OPTIONS:
        c.cursor = len(c.names) - 1
    return CHANGED


def shown(c):
    """What the menu shows now, as the PC's `status` has it (the virtual board's words read
    it there): its page (1..5), item (the seat letter on the computer seats' page, the
    option's name on the options', else null) and value, as JSON.
    """
    page = c.page
    item = None
    if page == PAGE_PRESET:
        value = PRESETS[c.preset]
    elif page == PAGE_PLAYERS:
        value = c.players
    elif page == PAGE_KINDS:
        s = c.seats[min(c.cursor, len(c.seats) - 1)]
        item = SEATS[s]
        value = KINDS[c.kinds[s]]
    elif page == PAGE_OPTIONS and c.names:
        item = c.names[min(c.cursor, len(c.names) - 1)]
        value = _options().values_of(item)[c.values[item]]
    elif page == PAGE_OPTIONS:
        value = None
    else:
        value = "hand" if c.hand else "game"
    if value is None:               # (names, numbers, on/off: plain JSON)
        value = "null"
    elif value is True or value is False:
        value = "true" if value else "false"
    elif isinstance(value, int):
        value = "%d" % value
    else:
        value = '"' + value + '"'
    return '{"item":%s,"page":%d,"value":%s}' % ("null" if item is None else '"' + item + '"', page + 1, value)
