# The wall clock, for a record header's "start": the PC's `time` command sets it
# (set_clock), and a new game reads the time now (now_iso) from it and the
# board's ticks since.  The app holds the state, a list of three ints: [seconds
# since 2000-01-01 at ticks `at` (None: never told), at, ms beyond it].  Loaded
# for those two only and released again.
from .buttons import ticks_diff


def time(app, obj):
    """The PC's `time` (commands.py's table): sets the clock the next game's header starts at."""
    text = obj.get("now")
    if not isinstance(text, str):
        raise ValueError("time needs \"now\": like \"2026-11-29T14:00:00Z\"")
    set_clock(app.clock, text, app.hw.ticks_ms())
    return '{"cmd":"time","re":"ok"}'


def set_clock(state, text, now_ticks):
    """Set the clock to `text` ('YYYY-MM-DDTHH:MM:SSZ') at ticks now_ticks; ValueError
    if it is not such a time.
    """
    state[0] = parse_iso(text)
    state[1] = now_ticks
    state[2] = 0


def now_iso(state, now_ticks):
    """The time now, or None when the PC never told it."""
    if state[0] is None:
        return None
    # ticks wrap every ~6 days: fold elapsed time into the seconds as we go
    ms = state[2] + ticks_diff(now_ticks, state[1])
    state[1] = now_ticks
    state[0] += ms // 1000
    state[2] = ms % 1000
    return format_iso(state[0])


def format_iso(seconds):
    """'YYYY-MM-DDTHH:MM:SSZ' of seconds since 2000-01-01."""
    days = seconds // 86400
    rest = seconds - days * 86400
    y, m, d = _civil_from_days(days)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (y, m, d, rest // 3600, rest // 60 % 60, rest % 60)


def parse_iso(text):
    """Seconds since 2000 of 'YYYY-MM-DDTHH:MM:SSZ'; ValueError if it is not that."""
    if not isinstance(text, str) or len(text) != 20 or text[4] != "-" or text[7] != "-" \
            or text[10] != "T" or text[13] != ":" or text[16] != ":" or text[19] != "Z":
        raise ValueError("time must look like 2026-11-29T14:00:00Z")
    digits = text[0:4] + text[5:7] + text[8:10] + text[11:13] + text[14:16] + text[17:19]
    for ch in digits:
        if ch < "0" or ch > "9":
            raise ValueError("time must look like 2026-11-29T14:00:00Z")
    y, mo, d = int(text[0:4]), int(text[5:7]), int(text[8:10])
    h, mi, s = int(text[11:13]), int(text[14:16]), int(text[17:19])
    if not 2000 <= y <= 2099:
        raise ValueError("time %r is out of range (years 2000-2099)" % text)
    if not (1 <= mo <= 12 and 1 <= d <= 31 and h < 24 and mi < 60 and s < 60):
        raise ValueError("time %r is no date and time (month 01-12, day 01-31, 00:00:00 to 23:59:59)"
                         % text)
    day = _days_from_civil(y, mo, d)
    if day >= _days_from_civil(y + mo // 12, mo % 12 + 1, 1):     # past the month's last day
        raise ValueError("time %r: there is no such day" % text)
    return ((day * 24 + h) * 60 + mi) * 60 + s


def _days_from_civil(y, m, d):
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 730425          # days since 2000-01-01


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
