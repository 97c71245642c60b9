# The one-line text form of a position (docs/position.md).
#
#     classic RGYB R=y,y,0,h2/G=13,y,y,y/Y=y,y,y,y/B=c,c,c,40 R move 6 1 37
#
# Fields, separated by one space: preset (with `:name=value,...` for options
# that differ from the preset's defaults), seats in turn order, tokens of each
# seat (y yard, a track square 0..51, h1..h5 home column, c home, x off the
# board), seat on turn, phase (roll, move, rolloff, over), rolls thrown and
# not yet spent (`-` for none), sixes thrown in a row this turn, rolls drawn
# from the dice so far.  Then, only when they matter: `doors=RB` (club doors
# opened by a kill), `out=B` (seats that resigned or missed a deadline),
# `ro=RGY:5:G` (roll-off: seats still in it, best roll, seats holding it),
# `won=R:finished`, and `ts=<tokens>` / `tsd=R` (the position and doors at the
# start of the turn, when a three-sixes void could still take the turn back).
from .rules import Rules, SEAT_LETTERS, option_defaults
from .errors import PositionError, LudoError, OptionError
from .actions import PHASE_NAMES, TERMINATIONS, OFF, ROLLOFF, OVER, MAX_PENDING, square_text


def options_text(rules):
    """The options of a game that differ from the preset's defaults, as `k=v,k=v` (sorted)."""
    base = option_defaults(rules.preset)
    parts = []
    for name in sorted(rules.options):
        v = rules.options[name]
        if base.get(name) != v and not (name in ("mode", "safe_squares", "tokens_to_win")
                                         and _implied(rules, name, v)):
            parts.append("%s=%s" % (name, _fmt(v)))
    return ",".join(parts)


def _implied(rules, name, value):
    """values forced by other settings need not be written out"""
    if name == "mode":
        return len(rules.seats) == 3
    if name == "safe_squares":
        return rules.free
    return bool(rules.options.get("quick")) and value == 2


def _fmt(v):
    if v is True:
        return "1"
    if v is False:
        return "0"
    return str(v)


def parse_options_text(preset, text):
    """Inverse of options_text: 'quick=1,mode=free' -> dict."""
    out = {}
    if not text:
        return out
    from .options import OPTIONS        # only while reading: the board drops it again
    for item in text.split(","):
        if "=" not in item:
            raise OptionError("option %r is not name=value" % (item,))
        name, value = item.split("=", 1)
        if name not in OPTIONS:
            raise OptionError("unknown option %r" % (name,))
        kind = OPTIONS[name][0]
        if kind == 0:
            if value not in ("0", "1"):
                raise OptionError("option %r takes 0 or 1, not %r" % (name, value))
            out[name] = value == "1"
        elif kind == 1:
            try:
                out[name] = int(value)
            except ValueError:
                raise OptionError("option %r takes a whole number, not %r" % (name, value))
        else:
            out[name] = value
    return out


def _letters(mask):
    return "".join(SEAT_LETTERS[s] for s in range(4) if (mask >> s) & 1) or "-"


def _mask(text, whole):
    m = 0
    if text == "-":
        return 0
    for ch in text:
        if ch not in SEAT_LETTERS:
            raise PositionError("bad seats %r in %r" % (text, whole))
        m |= 1 << SEAT_LETTERS.index(ch)
    return m


def _tokens_text(rules, pos):
    parts = []
    for s in rules.seats:
        cells = []
        for i in range(4):
            b = pos[s * 4 + i]
            cells.append(square_text(rules, s, None if b == OFF else b - 1))
        parts.append("%s=%s" % (SEAT_LETTERS[s], ",".join(cells)))
    return "/".join(parts)


def position_text(g):
    """Game `g`'s position as its one-line text form."""
    r = g.rules
    opts = options_text(r)
    fields = [r.preset + (":" + opts if opts else ""),
              "".join(SEAT_LETTERS[s] for s in r.seats),
              _tokens_text(r, g.pos),
              SEAT_LETTERS[g.turn],
              PHASE_NAMES[g.phase],
              ",".join("%d" % g.pend[i] for i in range(g.npend)) or "-",
              "%d" % g.sixes,
              "%d" % g.rolls]
    if g.doors:
        fields.append("doors=" + _letters(g.doors))
    if g.out:
        fields.append("out=" + _letters(g.out))
    if g.phase == ROLLOFF:
        fields.append("ro=%s:%d:%s" % (_letters(g.ro_mask), g.ro_best, _letters(g.ro_bestmask)))
    if g.phase == OVER:
        fields.append("won=%s:%s" % (_letters(g.win_mask), TERMINATIONS[g.term]))
    elif g.turn_start != g.pos:
        fields.append("ts=" + _tokens_text(r, g.turn_start))
    if g.ts_doors != g.doors and g.phase != OVER:
        fields.append("tsd=" + _letters(g.ts_doors))
    return " ".join(fields)


def _parse_tokens(rules, text, whole, into):
    parts = text.split("/")
    if len(parts) != len(rules.seats):
        raise PositionError("expected tokens of %d seats in %r" % (len(rules.seats), whole))
    for part in parts:
        if len(part) < 2 or part[1] != "=" or part[0] not in SEAT_LETTERS:
            raise PositionError("bad tokens %r in %r" % (part, whole))
        s = SEAT_LETTERS.index(part[0])
        if s not in rules.seats:
            raise PositionError("seat %s is not playing in %r" % (part[0], whole))
        cells = part[2:].split(",")
        if len(cells) != 4:
            raise PositionError("seat %s needs 4 tokens in %r" % (part[0], whole))
        for i in range(4):
            into[s * 4 + i] = _parse_cell(rules, s, cells[i], whole)


def _parse_cell(rules, s, cell, whole):
    if cell == "y":
        return 0
    if cell == "x":
        return OFF
    if cell == "c":
        return rules.home + 1
    if cell[:1] == "h" and cell[1:] in ("1", "2", "3", "4", "5"):
        return rules.track_len + int(cell[1:])
    try:
        sq = int(cell)
    except ValueError:
        raise PositionError("bad square %r in %r" % (cell, whole))
    if not 0 <= sq < 52:
        raise PositionError("no track square %r in %r" % (cell, whole))
    rel = (sq - rules.entry[s]) % 52
    if rel >= rules.track_len:
        raise PositionError("%s cannot stand on %d in %r" % (SEAT_LETTERS[s], sq, whole))
    return rel + 1


def _count(text, whole):
    """A counter's field: ASCII digits only (int() would take other scripts' digits too)."""
    if not text or len(text) > 8 or [ch for ch in text if ch not in "0123456789"]:
        raise PositionError("bad counters in %r" % (whole,))
    return int(text)


def parse_position(cls, text, seed=None, dice="device"):
    """A game of class `cls` set up from a position's one-line text (PositionError if malformed)."""
    try:
        return _parse(cls, text, seed, dice)
    except PositionError:
        raise
    except (ValueError, IndexError, TypeError) as exc:     # none expected: still one clear error
        raise PositionError("bad position %r: %s" % (text, exc))


def _parse(cls, text, seed, dice):
    whole = text
    if not isinstance(text, str):
        raise PositionError("a position is text, not %r" % (text,))
    fields = text.strip().split(" ")
    if len(fields) < 8:
        raise PositionError("a position has at least 8 fields: %r" % (whole,))
    preset, _, opts = fields[0].partition(":")
    try:
        options = parse_options_text(preset, opts)
        rules = Rules(preset, fields[1], options)
    except LudoError as exc:
        raise PositionError("%s in %r" % (exc, whole))
    if "".join(SEAT_LETTERS[s] for s in rules.seats) != fields[1]:
        raise PositionError("seats %r must be in turn order in %r" % (fields[1], whole))
    g = cls(rules, seed=seed if seed is not None else False, dice=dice)
    _parse_tokens(rules, fields[2], whole, g.pos)
    g.turn_start[:] = g.pos
    if fields[3] not in SEAT_LETTERS or SEAT_LETTERS.index(fields[3]) not in rules.seats:
        raise PositionError("seat on turn %r is not playing in %r" % (fields[3], whole))
    g.turn = SEAT_LETTERS.index(fields[3])
    if fields[4] not in PHASE_NAMES:
        raise PositionError("unknown phase %r in %r" % (fields[4], whole))
    g.phase = PHASE_NAMES.index(fields[4])
    g.npend = 0
    if fields[5] != "-":
        rolls = fields[5].split(",")
        if len(rolls) > MAX_PENDING:
            raise PositionError("at most %d pending rolls in %r" % (MAX_PENDING, whole))
        for v in rolls:
            if v not in ("1", "2", "3", "4", "5", "6"):
                raise PositionError("bad pending roll %r in %r" % (v, whole))
            g.pend[g.npend] = int(v)
            g.npend += 1
    if (g.phase == 1 and not g.npend) or (g.npend and g.phase != 1 and not (g.phase == 0 and rules.pool)):
        raise PositionError("pending rolls %r do not fit phase %r in %r" % (fields[5], fields[4], whole))
    g.sixes = _count(fields[6], whole)
    g.rolls = _count(fields[7], whole)
    if (g.sixes > 3 and rules.three_sixes) or g.sixes > 255 or not g.rolls < 1 << 24:
        raise PositionError("counters out of range in %r" % (whole,))
    won = False
    for extra in fields[8:]:
        key, _, value = extra.partition("=")
        if key == "doors":
            g.doors = _mask(value, whole)
        elif key == "out":
            g.out = _mask(value, whole)
        elif key == "ro":
            bits = value.split(":")
            if len(bits) != 3 or bits[1] not in ("0", "1", "2", "3", "4", "5", "6"):
                raise PositionError("bad roll-off %r in %r" % (value, whole))
            g.ro_mask, g.ro_best, g.ro_bestmask = _mask(bits[0], whole), int(bits[1]), _mask(bits[2], whole)
        elif key == "won":
            bits = value.split(":")
            if len(bits) != 2 or bits[1] not in TERMINATIONS[1:]:
                raise PositionError("bad result %r in %r" % (value, whole))
            g.win_mask, g.term = _mask(bits[0], whole), TERMINATIONS.index(bits[1])
            won = True
        elif key == "ts":
            _parse_tokens(rules, value, whole, g.turn_start)
        elif key == "tsd":
            g.ts_doors = _mask(value, whole)
        else:
            raise PositionError("unknown field %r in %r" % (extra, whole))
    if "tsd=" not in text:
        g.ts_doors = g.doors
    if won != (g.phase == OVER):
        raise PositionError("phase and result disagree in %r" % (whole,))
    if (g.phase == ROLLOFF) != (" ro=" in text):
        raise PositionError("a roll-off needs ro=..., and only a roll-off has it, in %r" % (whole,))
    g._recount()
    _check_reachable(g, rules, whole)
    g._snaps = bytearray(g._snapshot())
    g.root_position = g.position()
    return g


def _check_reachable(g, rules, whole):
    """What no game can reach: a game going on that someone has won, or with nobody left
    to play; winners who are not one seat (or one team); a move due that nothing can make.
    """
    seats = [s for s in rules.seats if not (g.out >> s) & 1]
    if g.phase == OVER:
        winners = [s for s in range(4) if (g.win_mask >> s) & 1]
        if not winners or [s for s in winners if s not in rules.seats] or (
                len(winners) > 1 and (len(winners) != 2 or rules.partner[winners[0]] != winners[1])):
            raise PositionError("no game is won by %s in %r" % ("".join(SEAT_LETTERS[s] for s in winners)
                                                                or "nobody", whole))
        return
    if len(seats) < 2 and len(rules.seats) > 1:
        raise PositionError("a game going on needs two seats still playing in %r" % (whole,))
    for s in seats:
        p = rules.partner[s]
        if g._finished(s) and (p < 0 or g._finished(p)):
            raise PositionError("%s has won: the game is over, not going on, in %r" % (SEAT_LETTERS[s], whole))
    if g.phase == 1 and not g._gen():
        raise PositionError("a move is due that no token can make in %r" % (whole,))
    g._nl = -1
