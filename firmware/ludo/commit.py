# A game's commitment (ludo-record/2, docs/record-format.md): the SHA-256 of its
# seed together with the set-up its record's header states, so that neither the
# seed nor that set-up can be changed after the start without it showing.  The
# game id is its first 8 hex digits, so the id is covered too.
#
# The text hashed is JSON with sorted keys and no spaces (what ludo.dumps and
# CPython's json.dumps(sort_keys=True, separators=(",", ":")) write): the header's
# covered fields that it has, and "seed" (decimal text).  Written here without
# ludo.record (the board computes it once per game, and drops nothing else for it).
from .dice import sha256_hex
from .rules import SEAT_LETTERS

# The header fields the commitment covers, in sorted order ("seed" sorts after them).
COVERED = ("dice", "kinds", "options", "players", "position", "preset")


def game_commitment(g):
    """The commitment of a game whose seed is known, from its set-up at the start."""
    fields = {"dice": g.dice, "kinds": g.start_kinds, "options": g.options,
              "players": "".join(SEAT_LETTERS[s] for s in g.seats), "preset": g.preset}
    if g.root_position:
        fields["position"] = g.root_position
    return setup_commitment("%d" % g.seed, fields)


def setup_commitment(seed_text, header):
    """The commitment of a seed (its decimal text) and a header's covered fields;
    ValueError when a field holds something no game's header can (verify's check).
    """
    return sha256_hex(setup_text(seed_text, header).encode())


def setup_text(seed_text, header):
    """The text the commitment hashes (the covered fields `header` has, and the seed)."""
    out = []
    for key in COVERED:
        if key in header:
            out.append("," if out else "{")
            out.append('"%s":' % key)
            _put(out, header[key])
    out.append(',"seed":' if out else '{"seed":')
    _put(out, seed_text)
    out.append("}")
    return "".join(out)


def _put(out, value):
    if isinstance(value, str):
        for ch in value:        # a game's names and option values are printable ASCII
            if ch < " " or ch > "~" or ch == '"' or ch == "\\":
                raise ValueError("%r is not a name or value a game has" % (value[:40],))
        out.append('"')
        out.append(value)
        out.append('"')
    elif value is None or value is True or value is False:
        out.append("null" if value is None else "true" if value else "false")
    elif isinstance(value, int):
        out.append("%d" % value)
    elif isinstance(value, dict):
        sep = "{"
        for k in sorted(value):
            out.append(sep)
            _put(out, k)
            out.append(":")
            _put(out, value[k])
            sep = ","
        out.append("{}" if sep == "{" else "}")
    else:
        raise ValueError("%r is not a value a game's header has" % (value,))
