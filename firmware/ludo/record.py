# Game records: a JSON header line, one action per line, a JSON footer line.
#
# See docs/record-format.md.  JSON is written by our own `dumps` with sorted
# keys (MicroPython's dicts keep no order and its json has no sort_keys), so a
# record is byte-identical on every runtime.  The reader is lenient: it keeps
# what it can and reports each bad line by number.
import json
from .rules import SEAT_LETTERS
from .errors import LudoError, RecordError
from .jsonstr import quoted as _str
from .actions import KINDS

FORMAT = "ludo-record/2"
FORMAT_1 = "ludo-record/1"      # older records: their commitment is of the seed alone
DICE_MODES = ("device", "hand")
MAX_LINE = 4096
BOM = "\ufeff"


def dumps(obj):
    """JSON text with sorted keys and no spaces: the same bytes as CPython's
    json.dumps(obj, sort_keys=True, separators=(",", ":")).
    """
    if obj is None:
        return "null"
    if obj is True:
        return "true"
    if obj is False:
        return "false"
    if isinstance(obj, int):
        return "%d" % obj
    if isinstance(obj, str):
        return _str(obj)
    if isinstance(obj, dict):
        return "{" + ",".join(_str(k) + ":" + dumps(obj[k]) for k in sorted(obj)) + "}"
    if isinstance(obj, (list, tuple)):
        return "[" + ",".join(dumps(v) for v in obj) + "]"
    raise TypeError("cannot write %r as JSON" % (obj,))


def header_of(g, headers=None):
    """The record header (a dict) of game `g`, with `headers` added."""
    h = {"format": FORMAT, "game": g.game_id, "preset": g.preset,
         "players": "".join(SEAT_LETTERS[s] for s in g.seats),
         "options": dict(g.options), "commitment": g.commitment, "start": g.start_time,
         "kinds": dict(g.start_kinds), "dice": g.dice}
    if g.root_position:
        h["position"] = g.root_position
    if headers:
        for k in headers:
            h[k] = headers[k]
    return h


def footer_of(g):
    """The seed is revealed whatever the dice: it proves the header's set-up too."""
    out = g.outcome()
    return {"result": out.result() if out else "*",
            "termination": out.termination if out else "abandoned",
            "seed": None if g.seed is None else "%d" % g.seed}


class Record:
    # A game record: `header` (dict), `actions` (list of line texts), `footer` (dict or None),
    # and `errors`: (line number, message) for every line the lenient reader could not use.

    def __init__(self, header=None, actions=None, footer=None, errors=None):
        self.header = header or {}
        self.actions = actions or []
        self.footer = footer
        self.errors = errors or []
        # where parse() found them in the text (blank lines and comments skipped): the
        # line number of each action, of the footer, and of the last line read
        self.action_lines = self.footer_line = self.last_line = None

    @property
    def names(self):
        """{seat letter: a person's name} of the seats that carry one: the header's `names`
        (given when the game began), then the footer's (given during the game) over them.
        Not a rule: the commitment does not cover them (docs/record-format.md)."""
        out = {}
        players = self.header.get("players")
        for part in (self.header, self.footer or {}):
            given = part.get("names")
            if isinstance(given, dict):
                for k in given:
                    v = given[k]
                    if isinstance(players, str) and k in players and len(k) == 1 and isinstance(v, str) and v.strip():
                        out[k] = clean_name(v)
        return out

    def line_of(self, i):
        """The line number of action i (0-based) in the text it was read from."""
        return self.action_lines[i] if self.action_lines else i + 2

    @classmethod
    def of_game(cls, g, transcript=False, headers=None):
        """The record of a game: its stack of actions, or its whole transcript (take-backs too)."""
        scratch = _start_game(type(g), g.rules, g.seed, g.root_position)
        codes = g.transcript if transcript else g.codes
        lines = []
        for c in codes:
            lines.append(scratch.push_transcript_code(c))
        rec = cls(header_of(g, headers), lines)
        if g.is_over():
            rec.footer = footer_of(g)
        return rec

    def lines(self):
        """The record's lines: the header, each action, the footer once the game is over."""
        yield dumps(self.header)
        for a in self.actions:
            yield a
        if self.footer is not None:
            yield dumps(self.footer)

    def __str__(self):
        return "\n".join(self.lines()) + "\n"

    @classmethod
    def parse(cls, text):
        """Read a record leniently: bad lines are listed in `.errors` by number and skipped.
        Ignored: a leading byte-order mark, and blank, whitespace-only and `#` lines anywhere.
        """
        rec = cls()
        rec.action_lines = []
        if isinstance(text, bytes):
            try:
                text = text.decode()
            except UnicodeError:
                rec.errors.append((1, "not UTF-8 text"))
                return rec
        if not isinstance(text, str):
            raise TypeError("Record.parse takes a record's text (str or bytes), not %s" % type(text).__name__)
        if text.startswith(BOM):
            text = text[1:]
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        elif lines and text and not ignored(lines[-1]):
            # a cut line may read as another action ('roll 4 hand' cut to 'roll 4'): not used
            rec.errors.append((len(lines), "last line is cut short (no line end): file truncated?"))
            if len(lines) > 1:
                lines.pop()
        rec.last_line = len(lines)
        if not lines:
            rec.errors.append((1, "empty record"))
            return rec
        header_read = False
        for i in range(len(lines)):
            n = i + 1
            line = lines[i].rstrip("\r")
            if len(line) > MAX_LINE:
                rec.errors.append((n, "line longer than %d characters" % MAX_LINE))
                continue
            if ignored(line):
                continue
            if not header_read:
                head = _json_object(line)
                if head is None or head.get("format") not in (FORMAT, FORMAT_1):
                    rec.errors.append((n, "not a ludo record header (expected JSON with \"format\": \"%s\")"
                                       % FORMAT))
                    return rec
                problem = _check_header(head)
                if problem:
                    rec.errors.append((n, problem))
                    return rec
                rec.header = head
                header_read = True
            elif line.startswith("{"):
                foot = _json_object(line)
                if foot is None or "result" not in foot:
                    rec.errors.append((n, "bad footer line (expected JSON with \"result\")"))
                elif rec.footer is not None:
                    rec.errors.append((n, "second footer"))
                else:
                    rec.footer = foot
                    rec.footer_line = n
            elif rec.footer is not None:
                rec.errors.append((n, "action after the footer: %r" % line[:60]))
            else:
                rec.actions.append(line)
                rec.action_lines.append(n)
        if not header_read:
            rec.errors.append((1, "no record header: the text holds only blank lines and comments"))
        return rec

def replay(cls, rec, upto=None, strict=True, check=None):
    """The game record `rec` describes, as a `cls` (a Game: ludo.replay.game_of), and how
    many of its actions were played.  With strict=False, stops quietly at the first bad
    action and appends it to `rec.errors` instead of raising; check(g, line, number),
    if given, sees each action line before it is played (ludo-host verify's dice).
    """
    h = rec.header
    try:
        start = h.get("position")
        dice = h.get("dice") if h.get("dice") in DICE_MODES else "device"
        if start:
            g = cls.from_position(start, dice=dice)
            g.start_time = h.get("start")
        else:
            g = cls(h["preset"], players=h["players"], options=h.get("options") or {},
                    seed=False, start=h.get("start"), dice=dice)
        g.commitment = h.get("commitment")
        if h.get("game"):
            g.game_id = h["game"]
        kinds = h.get("kinds") or {}
        for k in sorted(kinds):
            if k in g.kinds and kinds[k] in KINDS:
                g.kinds[k] = kinds[k]
    except (LudoError, KeyError, TypeError) as exc:
        raise RecordError("line 1: cannot start the game: %s%s"
                          % ("the header has no " if isinstance(exc, KeyError) else "", exc))
    n = len(rec.actions) if upto is None else upto
    for i in range(n):
        line = rec.actions[i]
        try:
            if check is not None:
                check(g, line, rec.line_of(i))
            push_line(g, line)
        except LudoError as exc:
            msg = "action %d (%r): %s" % (i + 1, line[:60], exc)
            if strict:
                raise RecordError("line %d: %s" % (rec.line_of(i), msg))
            rec.errors.append((rec.line_of(i), msg))
            return g, i
    return g, n


MAX_NAME = 24


def clean_name(text):
    """A person's name as a record keeps it: printable, spaces collapsed, at most MAX_NAME
    characters ("" when nothing is left)."""
    out = []
    for ch in str(text):
        out.append(" " if ord(ch) < 32 or 127 <= ord(ch) < 160 or ch in "\u2028\u2029" else ch)
    return " ".join("".join(out).split())[:MAX_NAME]


def _json_object(line):
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError, MemoryError):
        return None
    return obj if isinstance(obj, dict) else None


def ignored(line):
    """True for a line a reader skips: blank, only spaces and tabs, or a `#` comment."""
    s = line.strip()
    return not s or s[0] == "#"


def _check_header(h):
    for key, kind in (("preset", str), ("players", str)):
        if not isinstance(h.get(key), kind):
            return "header needs %r (text)" % key
    if not isinstance(h.get("options", {}), dict):
        return "header 'options' must be an object"
    if h.get("format") == FORMAT and h.get("dice") not in DICE_MODES:
        return "header needs \"dice\": \"device\" (the game's own dice) or \"hand\" (entered by hand)"
    return None


def _start_game(cls, rules, seed, root_position):
    if root_position:
        return cls.from_position(root_position, seed=seed)
    return cls(rules, seed=seed if seed is not None else False)


def push_line(g, line):
    """Apply one record line to the game (raises a LudoError if it does not fit)."""
    if line.startswith("roll "):
        parts = line.split(" ")
        if len(parts) not in (2, 3) or parts[1] not in ("1", "2", "3", "4", "5", "6") \
                or (len(parts) == 3 and parts[2] != "hand"):
            raise RecordError("bad roll line %r (expected 'roll N' or 'roll N hand')" % line)
        v = int(parts[1])
        g.push_code(v + 8 if len(parts) == 3 else v)
    elif line == "undo":
        g.pop()
    elif line.startswith("kind "):
        parts = line.split(" ")
        if len(parts) != 3:
            raise RecordError("bad line %r (expected 'kind R hard')" % line)
        g.set_kind(parts[1], parts[2], True)
    elif line.startswith("resign "):
        g.resign(line[7:])
    elif line.startswith("timeout "):
        seat = line[8:]
        if seat not in SEAT_LETTERS or SEAT_LETTERS.index(seat) != g.turn:
            raise RecordError("timeout %r: not the seat on turn" % seat)
        g.timeout()
    else:
        g.push(line)
