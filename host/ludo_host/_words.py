"""Counts and times in plain English: "1 game", "2 games"; "Fri 4 Dec 2026, 14:03"."""


def count(n, noun, plural=None):
    """`n` and the noun, singular for exactly one: count(1, "game") is "1 game"."""
    return "%d %s" % (n, noun if n == 1 else (plural or noun + "s"))


def local_time(iso):
    """A record's start time (UTC, "2026-11-29T14:03:00Z") as this computer's local time in
    words: "Sun 29 Nov 2026, 15:03"; None for no time or one that is not ISO 8601 (a
    header's own text is never shown raw as a time)."""
    from datetime import datetime, timezone
    if not isinstance(iso, str) or not iso:
        return None
    try:
        when = datetime.strptime(iso.strip(), "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        try:
            when = datetime.fromisoformat(iso.strip().replace("Z", "+00:00"))
        except ValueError:
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
    local = when.astimezone()
    return "%s %d %s %d, %02d:%02d" % (local.strftime("%a"), local.day, local.strftime("%b"), local.year,
                                       local.hour, local.minute)
