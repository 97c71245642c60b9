# The vocabulary of a game: phases, action codes, a Move, an Outcome, token names
# and places.  (ludo.game re-exports all of it.)
from .rules import SEAT_LETTERS

# phases
ROLL = 0
MOVE = 1
ROLLOFF = 2
OVER = 3
PHASE_NAMES = ("roll", "move", "rolloff", "over")

# action codes (one byte each; docs/api.md)
CODE_MOVE = 16
CODE_PASS = 112
CODE_RESIGN = 113
CODE_TIMEOUT = 117
CODE_UNDO = 121
CODE_KIND = 122
# a seat handed to the player kind KINDS[i] (Game.set_kind): CODE_KIND + seat * 4 + i for
# human..hard (122..137), CODE_KIND + 16 + seat for expert (138..141)
KINDS = ("human", "easy", "medium", "hard", "expert")

OFF = 255           # pos byte of a token off the board (resigned, or lifted in Quick Ludo)
# club keeps rolling while 6s come; with three_sixes=none a run of sixes is cut
# at this many rolls (one turn in 46656 would reach it) and they are spent
MAX_PENDING = 6
TERMINATIONS = (None, "finished", "resigned", "deadline")

# Events (what an action caused).  The game keeps them as one byte each,
# kind << 4 | subject, where the subject is a token, a seat or a mask of seats;
# Game.event_at(i) gives them without text, Game.last_events as the protocol's
# words.  The kinds, by number:
EV_PASS = 0         # no token could use the roll (subject: the seat that rolled)
EV_BONUS = 1        # an extra roll
EV_FORFEIT = 2      # pending rolls no token can use are lost
EV_THREE_SIXES = 3  # the third six in a row
EV_VOID = 4         # ... and the turn's moves are taken back
EV_TURNED = 5       # a token turned back at the door (subject: the token)
EV_CAPTURE = 6      # a token captured (subject: the token)
EV_HOME = 7         # a token reached the centre (subject: the token)
EV_DOOR = 8         # a seat's door opened (subject: the seat)
EV_WIN = 9          # the game is won (subject: a mask of the winning seats)
EV_START = 10       # the roll-off is decided (subject: the seat that starts)
EV_RESIGN = 11      # a seat resigned (subject: the seat)
EV_TIMEOUT = 12     # a seat ran out of time (subject: the seat)
_EV_WORDS = ("pass", "bonus", "forfeit", "three-sixes", "void", "turned ", "capture ", "home ",
             "door ", "win ", "start ", "resign ", "timeout ")


def event_text(e):
    """An event byte (kind << 4 | subject) as the protocol's words: "pass", "home R2", ..."""
    k = e >> 4
    a = e & 15
    if k < 5:
        return _EV_WORDS[k]
    if k < 8:
        return _EV_WORDS[k] + token_name(a)
    if k == 9:
        return "win " + "+".join(SEAT_LETTERS[s] for s in range(4) if (a >> s) & 1)
    return _EV_WORDS[k] + SEAT_LETTERS[a]


def token_name(t):
    """A token's name: its seat letter and number (`R1`)."""
    return "%s%d" % (SEAT_LETTERS[t >> 2], (t & 3) + 1)


def square_text(rules, owner, p):
    """Notation for where a token of `owner` at progress p stands: y, 17, h3, c (x: off)."""
    if p is None:
        return "x"
    if p < 0:
        return "y"
    if p < rules.track_len:
        return "%d" % ((rules.entry[owner] + p) % 52)
    if p < rules.home:
        return "h%d" % (p - rules.track_len + 1)
    return "c"


def move_text(move):
    """A move's notation (docs/record-format.md): R1 0-6, R1 3-9xG2, R1 h4-c, R1 y-0/1, pass."""
    if move.code == CODE_PASS:
        return "pass"
    o = move.token >> 2
    text = "%s %s-%s" % (token_name(move.token), square_text(move.rules, o, move.start),
                         square_text(move.rules, o, move.end))
    if move.captures:
        text += "x" + "".join(token_name(t) for t in move.captures)
    r = move.rules
    # club spends pending rolls in any order, and two of them can make the same move:
    # entering when a 1 enters as well as a 6 (entry_mask bit 1), or rebounding
    if r.pool and (move.start + move.roll > r.home or move.start < 0 < r.entry_mask & 2):
        text += "/%d" % move.roll
    return text


class Outcome:
    # How a game ended: `winners` (seats; two for a team) and `termination`.

    def __init__(self, winners, termination):
        self.winners = winners
        self.termination = termination

    def result(self):
        """The record's result text: the winners' letters joined by `+`."""
        return "+".join(SEAT_LETTERS[s] for s in self.winners)

    def __eq__(self, other):
        return (isinstance(other, Outcome) and self.winners == other.winners
                and self.termination == other.termination)

    def __repr__(self):
        return "Outcome(winners=%r, termination=%r)" % (self.winners, self.termination)


class Move:
    # One legal move: `seat` plays `token` from `start` to `end` (progress; -1 = yard).

    def __init__(self, rules, seat, token, start, end, roll, captures, code):
        self.rules = rules
        self.seat = seat
        self.token = token
        self.start = start
        self.end = end
        self.roll = roll
        self.captures = captures
        self.code = code

    @property
    def is_pass(self):
        """True for a pass (no token could move)."""
        return self.code == CODE_PASS

    @property
    def start_place(self):
        """Where the token started, as a notation place."""
        return place_of(self.rules, self.token, self.start)

    @property
    def end_place(self):
        """Where the token ends, as a notation place."""
        return place_of(self.rules, self.token, self.end)

    def __str__(self):
        return move_text(self)

    def __repr__(self):
        return "<Move %s>" % self

    def __eq__(self, other):
        return (isinstance(other, Move) and self.code == other.code and self.start == other.start
                and self.end == other.end and self.captures == other.captures)

    def __hash__(self):
        return hash((self.code, self.start, self.end))


def place_of(rules, t, p):
    """Physical place (pixel group) of token t at progress p; None off the board."""
    if p is None:
        return None
    o = t >> 2
    if p < 0:
        return "y%s%d" % (SEAT_LETTERS[o], (t & 3) + 1)
    if p < rules.track_len:
        return "t%d" % ((rules.entry[o] + p) % 52)
    lane = SEAT_LETTERS[rules.entry[o] // 13]
    if p < rules.home:
        return "h%s%d" % (lane, p - rules.track_len + 1)
    return "c" + lane
