"""A room of seat links, as the rule text 002 has them ("Play a friend (send a link)").

The host side of the seat links, written against a small interface to the board so that
the board's side (a remote seat kind and an action command checked against the legal
moves, in the serial protocol) slots in later.  The board is anything with:

- `set_kind(seat, kind)`: hand a seat to "remote" (played from a link), or to a computer
  ("medium": the rule text's computer), or back; returns None or an error text;
- `act(seat, action)`: carry out one action for a seat ("roll", "pass", "resign", or a
  move's text such as "R1 0-6"), checked against the legal moves; returns None or an
  error text (one line; nothing changed).

What the room decides itself (002, issue 24): who holds which seat; a seat link acts only
for its seat and only on its turn; "Fill empty seats with the computer" before everyone
joined (before the first roll too); "Leave (the computer takes over)" with 3 or more
players, resign where the game allows it; a player who left takes the seat back from their
link (Join again) while the computer plays it; the table reopens any seat (a new link: the
old one no longer plays it), which hands a computer's seat to a late friend; after 45 s
disconnected the computer plays the seat's turns, and control returns when the player
reconnects; the room goes on into the next game with the same players (`next_game`); it is
over 30 minutes after everyone disconnected, or 24 hours after it was made.  Times come
from `clock` (seconds), and `tick()` applies them.
"""
import secrets
import time

AWAY_S = 45                   # disconnected this long: the computer plays the seat's turns
EMPTY_S = 30 * 60             # everyone disconnected this long: the room is over
LIFETIME_S = 24 * 3600        # the room is over this long after it was made
COMPUTER = "medium"           # "the computer (Medium)"
ACTIONS = ("roll", "pass", "resign")

OPEN, REMOTE, COMPUTER_SEAT, TABLE = "open", "remote", "computer", "table"


class Seat:
    """One seat of the room: its link's token and who plays it."""

    def __init__(self, letter, state):
        self.letter = letter
        self.token = secrets.token_urlsafe(18)
        self.state = state            # open, remote (a link's player), computer, table
        self.connections = 0          # the seat's player's open pages
        self.away_since = None        # when its last page closed (remote seats)
        self.covered = False          # the computer plays its turns while it is away
        self.left = False             # its player pressed Leave: the link may Join again
        self.covered_from = 0         # the game's step count when the computer began to cover it
        self.away_steps = None        # [from, to): the steps of its last time covered (its page sums them up)


class Room:
    """The seats of one game.  `linked`: the seats given to links (the others are played
    at the table); `turn()`: the seat letter on turn now (from the game); `can_resign(seat)`:
    whether the game lets that seat resign now."""

    def __init__(self, seats, linked, board, turn, can_resign=lambda seat: False, clock=time.monotonic):
        self.board = board
        self.turn = turn
        self.can_resign = can_resign
        self.clock = clock
        self.created = clock()
        self.seats = {s: Seat(s, OPEN if s in linked else TABLE) for s in seats}
        self.watchers = 0
        self.empty_since = self.created      # nobody connected yet

    # -- links -------------------------------------------------------------------
    def seat_of(self, token):
        """The Seat a link's token opens, or None (a wrong token: 403)."""
        for seat in self.seats.values():
            if isinstance(token, str) and secrets.compare_digest(seat.token.encode(), token.encode("utf-8", "replace")):
                return seat
        return None

    def links(self):
        """{seat letter: token} of the seats a link can still take (open ones)."""
        return {s.letter: s.token for s in self.seats.values() if s.state == OPEN}

    # -- people ------------------------------------------------------------------
    def join(self, seat):
        """A seat link's page pressed Join (or came back).  Returns None or why not."""
        if seat.state == OPEN or (seat.state == COMPUTER_SEAT and seat.left):
            problem = self.board.set_kind(seat.letter, "remote")
            if problem:
                return problem
            seat.state, seat.left = REMOTE, False
        elif seat.state != REMOTE:
            if seat.state == COMPUTER_SEAT:
                return "the computer plays this seat now (the table can reopen it: a new link)"
            return "this seat is played at the table"
        seat.connections += 1
        seat.away_since = None
        self.empty_since = None
        if seat.covered:                     # back within the game: control returns
            problem = self.board.set_kind(seat.letter, "remote")
            if problem:
                return problem
            seat.covered = False
        return None

    def watch(self):
        """A watch page connected."""
        self.watchers += 1
        self.empty_since = None

    def closed(self, seat=None):
        """A page closed: a seat's (`seat`), or a watcher's."""
        if seat is None:
            self.watchers = max(0, self.watchers - 1)
        else:
            seat.connections = max(0, seat.connections - 1)
            if seat.connections == 0 and seat.state == REMOTE:
                seat.away_since = self.clock()
        if self.watchers == 0 and all(s.connections == 0 for s in self.seats.values()):
            self.empty_since = self.clock()

    # -- the host's buttons --------------------------------------------------------
    def fill(self):
        """"Fill empty seats with the computer": every open seat to the computer (Medium)."""
        for seat in self.seats.values():
            if seat.state == OPEN:
                problem = self.board.set_kind(seat.letter, COMPUTER)
                if problem:
                    return problem
                seat.state = COMPUTER_SEAT
        return None

    # -- a seat's player ---------------------------------------------------------------
    def leave(self, seat):
        """"Leave (the computer takes over)", with 3 or more players."""
        if seat.state != REMOTE:
            return "only a player who joined can leave"
        if len(self.seats) < 3:
            return "with two players there is no leaving: resign instead"
        problem = self.board.set_kind(seat.letter, COMPUTER)
        if problem:
            return problem
        seat.state, seat.covered, seat.away_since, seat.left = COMPUTER_SEAT, False, None, True
        seat.connections = 0          # (its pages stay open: they count again on Join)
        if self.watchers == 0 and all(s.connections == 0 for s in self.seats.values()):
            self.empty_since = self.clock()
        return None

    # -- the table's -------------------------------------------------------------------
    def reopen(self, letter):
        """The table reopens a seat: a new link (the old one no longer plays it).  Whoever
        plays it now goes on until someone joins by the new link: the computer (handed to a
        late friend so), the table, or (a link's player) the table's buttons.  Returns the
        new Seat, or an error text."""
        old = self.seats.get(letter) if isinstance(letter, str) else None
        if old is None:
            return "seat %s is not in this room" % str(letter)[:1]
        if old.state == REMOTE and not old.covered:
            problem = self.board.set_kind(letter, "human")      # (its flag: the table plays it now)
            if problem:
                return problem
        seat = Seat(letter, OPEN)
        self.seats[letter] = seat
        return seat

    def next_game(self, kinds):
        """The table started the next game with the same seats (`kinds`: {seat: rules kind}):
        the links and who holds which seat go on.  A link's player is flagged again (the board
        forgets it in a new game) and gets the seat back if the new game gave it to the
        computer; a seat the computer played goes on with the computer.  None or the error."""
        for seat in self.seats.values():
            kind = kinds.get(seat.letter, "human")
            seat.away_steps = None                      # (the last game's steps)
            if seat.state == REMOTE:
                seat.covered = False
                if seat.away_since is not None:
                    seat.away_since = self.clock()      # (the 45 s count starts again)
                problem = self.board.set_kind(seat.letter, "remote")
            elif seat.state == COMPUTER_SEAT and kind == "human":
                problem = self.board.set_kind(seat.letter, COMPUTER)
            else:
                problem = None
            if problem:
                return problem
        return None

    def act(self, seat, action, value=None):
        """One action of a seat's player: `roll` (`value`: a die's value in a game with
        dice by hand), `pass`, `resign` or a move's text.  Only for its own seat, only on
        its turn (resign: whenever the game allows it)."""
        if not isinstance(action, str) or not action or len(action) > 20:
            return "an action is roll, pass, resign or a move such as R1 0-6"
        if seat.state != REMOTE:
            return "this link does not play its seat now"
        if seat.covered:
            return "the computer is playing this seat's turns (it was away)"
        if action == "resign":
            if not self.can_resign(seat.letter):
                return "this game does not let %s resign now" % seat.letter
            return self.board.act(seat.letter, action)
        own_move = len(action) > 2 and action[0] == seat.letter and action[1] in "1234" and action[2] == " "
        if action not in ACTIONS and not own_move:
            return "an action is roll, pass, resign or a move of your own token such as %s1 0-6" % seat.letter
        if self.turn() != seat.letter:
            return "not your turn"
        if value is not None:
            return self.board.act(seat.letter, action, value)
        return self.board.act(seat.letter, action)

    # -- time ------------------------------------------------------------------------
    def tick(self):
        """Apply the clock: seats away for AWAY_S are played by the computer.  Returns True
        while the room lives, False once it is over (EMPTY_S after everyone left, or
        LIFETIME_S after it was made)."""
        now = self.clock()
        for seat in self.seats.values():
            if seat.state == REMOTE and not seat.covered and seat.away_since is not None \
                    and now - seat.away_since >= AWAY_S:
                if not self.board.set_kind(seat.letter, COMPUTER):
                    seat.covered = True
        if now - self.created >= LIFETIME_S:
            return False
        return not (self.empty_since is not None and now - self.empty_since >= EMPTY_S)
