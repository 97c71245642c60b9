# The PC's `time` command (docs/serial-protocol.md): sets the wall clock that
# the next game's record header starts at (clock.py reads it).  Loaded with
# commands.py for it and dropped again.


def reply(app, obj):
    text = obj.get("now")
    if not isinstance(text, str):
        raise ValueError("time needs \"now\": like \"2026-11-29T14:00:00Z\"")
    set_clock(app.clock, text, app.hw.ticks_ms())
    return '{"cmd":"time","re":"ok"}'


def set_clock(state, text, now_ticks):
    # state = [seconds since 2000 at ticks `at` (None: never told), at, ms beyond it]
    state[0] = parse_iso(text)
    state[1] = now_ticks
    state[2] = 0


def parse_iso(text):
    # Seconds since 2000 of 'YYYY-MM-DDTHH:MM:SSZ'; ValueError if it is not that.
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
