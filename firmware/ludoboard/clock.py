# Wall-clock time for the record header's "start": the time now, from what the
# PC's `time` command set (settime.py) and the board's ticks since.  The app
# holds the state, a list of three ints: [seconds since 2000-01-01 at ticks
# `at` (None: never told), at, ms beyond it].  Loaded only to read it (a new
# game's job) and dropped again.
from .buttons import ticks_diff


def now_iso(state, now_ticks):
    # The time now, or None when the PC never told it.
    if state[0] is None:
        return None
    # ticks wrap every ~6 days: fold elapsed time into the seconds as we go
    ms = state[2] + ticks_diff(now_ticks, state[1])
    state[1] = now_ticks
    state[0] += ms // 1000
    state[2] = ms % 1000
    return format_iso(state[0])


def format_iso(seconds):
    days = seconds // 86400
    rest = seconds - days * 86400
    y, m, d = _civil_from_days(days)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (y, m, d, rest // 3600, rest // 60 % 60, rest % 60)


def _civil_from_days(z):
    z += 730425
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return yoe + era * 400 + (m <= 2), m, d
