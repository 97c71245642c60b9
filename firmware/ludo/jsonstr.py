# A string as JSON text: the bytes CPython's json.dumps writes (ASCII only), on every
# runtime.  MicroPython's json writes characters beyond ASCII as they are, and
# "\b" "\f" as "\u0008" "\u000c": records (record.py) and the board's error lines
# (ludoboard/commands.py) use this instead.  A module of its own: small to load.
_SHORT = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def quoted(s):
    """The JSON text of string s, as CPython's json.dumps(s) writes it."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in _SHORT:
            out.append(_SHORT[ch])
        elif 0x20 <= o < 0x7F:
            out.append(ch)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    out.append('"')
    return "".join(out)
