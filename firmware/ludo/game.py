# The game: the action stack and the API, the top layer of a Game (State <
# Moves < Turns < Game: what a position is (state.py), what moves are legal
# (moves.py), what an action does (turns.py)).
#
# A position is a handful of small ints and three bytearrays, so a snapshot is
# a few dozen bytes and a finished game's stack is one byte per action.  Undo
# restores the nearest snapshot (one is kept every `SNAP_EVERY` actions) and
# replays the actions after it.  The per-square tables (occ, held, anym) are
# derived from the tokens and rebuilt on a restore.
#
# Speed: the common case (one roll, plain movement rules: Rules.simple) is
# inlined in _gen (moves.py), _apply and _move (turns.py), with the Rules tables (sqt, bmask, rivm,
# after); _dest and _roll hold every rule.  tests/core/test_fast_paths.py
# checks the inlined code against them; on CPython, fast_play.py (installed at the
# end of this file) inlines Game.roll and Game.push whole.
from .rules import Rules, SEAT_LETTERS, START_FIRST
from .errors import IllegalMoveError, LudoError
from .dice import Dice, new_seed
from .actions import (ROLL, MOVE, ROLLOFF, OVER, PHASE_NAMES, CODE_MOVE, CODE_PASS,  # noqa: F401
                      CODE_RESIGN, CODE_TIMEOUT, CODE_UNDO, CODE_KIND, KINDS, OFF,
                      MAX_PENDING, TERMINATIONS, token_name, Outcome, Move, place_of, event_text)
from .state import SNAP_EVERY
from .moves import _tokens
from .turns import Turns


class Game(Turns):
    # A game of Ludo under one preset: push actions, pop them, ask what is legal.

    def __init__(self, preset="classic", players=None, seed=None, options=None, start=None,
                 dice="device"):
        if dice != "device" and dice != "hand":
            raise LudoError("dice is \"device\" (the game's own) or \"hand\" (a die's value "
                            "entered), not %r" % (dice,))
        r = self.rules = preset if isinstance(preset, Rules) else Rules(preset, players, options)
        self.preset = r.preset
        self.options = r.options
        self.seats = r.seats
        self.home_progress = r.home
        if seed is None:
            seed = new_seed()
        self.seed = seed if seed is not False else None     # None: unknown (a replayed record)
        self.dice = dice
        self._dice = Dice(seed) if self.seed is not None and dice == "device" else None
        # The commitment and the game id: worked out when first read (commit.py), from
        # the set-up then (kinds given before the first action count); a record's own
        # when set from its header.
        self._commit = self._gid = None
        self.start_time = start
        self.kinds = {}
        for s in r.seats:
            self.kinds[SEAT_LETTERS[s]] = "human"
        self.start_kinds = self.kinds
        # Every layer's attributes are set up here, in one place: the position (state.py)
        self.pos = bytearray(16)
        self.turn_start = bytearray(16)
        self.occ = bytearray(52 * 4)     # tokens of each seat on each track square
        self.held = bytearray(52)        # per square: seats with two or more tokens there
        self.anym = bytearray(52)        # per square: seats with a token there
        self._sqt = r.sqt
        self.pend = bytearray(MAX_PENDING)
        for s in range(4):
            if s not in r.seats:
                for i in range(4):
                    self.pos[s * 4 + i] = OFF
        self.turn = r.seats[0]
        self.phase = ROLL
        self.sixes = self.npend = self.doors = self.ts_doors = self.out = 0
        self.ro_mask = self.ro_best = self.ro_bestmask = 0
        self.win_mask = self.term = self.rolls = self.last_roll = 0
        if r.start != START_FIRST:
            self.phase = ROLLOFF
            for s in r.seats:
                self.ro_mask |= 1 << s
        self.turn_start[:] = self.pos
        # The action stack (this class)
        self._codes = bytearray()       # the stack of actions: the first _ncodes bytes
        self._ncodes = 0                # (MicroPython's bytearray cannot shrink in place)
        # Every action in order, take-backs and seat hand-overs too.  Until the first of
        # those it equals the stack, so it is only kept separately from then on.
        self._trans = None
        self._started = False
        self._snaps = bytearray(self._snapshot())
        self.root_position = None       # set by from_position
        # The legal moves of this position (moves.py): codes and destinations in two buffers made
        # once (the first _nl bytes; -1: not worked out yet), so search allocates no
        # list per position; the Moves (legal_moves) and a list (legal_codes()) are
        # built from them only when asked for.
        self._lc = bytearray(24)
        self._ld = bytearray(24)
        self._nl = -1
        self._legal = None
        self._legal_list = None
        # What the last action caused (turns.py): event bytes (actions.py), the first _nev of
        # _evb; last_events turns them into text when read.
        self._evb = bytearray(8)
        self._nev = 0
        self._evt = None
        # The last move, packed into one small int (-1: the last action was no move)
        self._last = -1
        self._lcaps = 0                 # (its captures: a mask of tokens)

    # ---- the action stack ------------------------------------------------
    def _push_code(self, code):
        self._record(code)
        self._apply(code)

    def _record(self, code):
        """Put an action on the stack (and the transcript)."""
        n = self._ncodes
        if not n % SNAP_EVERY:
            self._mark(n)
        if n < len(self._codes):
            self._codes[n] = code
        else:
            self._codes.append(code)
        self._ncodes = n + 1
        if self._trans is not None:
            self._trans.append(code)

    def _mark(self, n):
        """Before action n (a multiple of SNAP_EVERY): keep a snapshot; note the start."""
        if n:
            at = (n // SNAP_EVERY) * self._SNAP
            if len(self._snaps) <= at:
                self._snaps.extend(bytes(self._SNAP))
            self._write(self._snaps, at)
        if not self._started:
            self._started = True
            self.start_kinds = dict(self.kinds)

    def pop(self):
        """Take back the last action; returns its text."""
        n = self._ncodes
        if not n:
            raise IllegalMoveError("pop: nothing to take back (%s)" % self.position())
        n -= 1
        code = self._codes[n]
        self._ncodes = n
        j = (n - 1) // SNAP_EVERY if n else 0      # the snapshot before action j * SNAP_EVERY
        self._restore(self._snaps, j * self._SNAP)
        self._nev = 0               # no last events, no last move
        self._last = -1
        for k in range(j * SNAP_EVERY, n):
            self._apply(self._codes[k])
        text = self.action_text(code)
        self._transcript_buffer(n + 1).append(CODE_UNDO)
        return text

    def _transcript_buffer(self, n=None):
        if self._trans is None:
            self._trans = bytearray(self._codes[:self._ncodes if n is None else n])
        return self._trans

    @property
    def transcript_length(self):
        """len(transcript), without building it."""
        t = self._trans
        return self._ncodes if t is None else len(t)

    @property
    def transcript(self):
        """Every action in order as codes, take-backs (121) and seat hand-overs (122..) too."""
        if self._trans is None:
            return self.codes
        return bytes(self._trans)

    @property
    def codes(self):
        """The transcript's action codes so far, as bytes."""
        return bytes(self._codes[:self._ncodes])

    def __len__(self):
        return self._ncodes

    # ---- public actions -------------------------------------------------
    def _check_running(self, what):
        if self.phase == OVER:
            raise IllegalMoveError("%s: the game is over (%s)" % (what, self.position()))

    def roll(self, value=None):
        """Throw the game's dice, or enter a physical die's value (1..6). Returns the value."""
        if self.phase != ROLL and self.phase != ROLLOFF:
            self._check_running("roll")
            raise IllegalMoveError("roll: a move is due, not a roll (%s)" % self.position())
        if value is None:
            dice = self._dice
            if dice is None:
                raise IllegalMoveError("roll: this game's %s; enter the die's value (%s)" % (
                    "dice are entered by hand" if self.dice == "hand" else "seed is unknown",
                    self.position()))
            code = dice.roll(self.rolls)
        else:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise IllegalMoveError("roll: a die shows 1 to 6, not %r (%s)" % (value, self.position()))
            code = 8 + value
        n = self._ncodes            # _record, inlined: this is the hot path
        if not n % SNAP_EVERY:
            self._mark(n)
        codes = self._codes
        if n < len(codes):
            codes[n] = code
        else:
            codes.append(code)
        self._ncodes = n + 1
        if self._trans is not None:
            self._trans.append(code)
        self._apply(code)
        return code & 7

    def push(self, move):
        """Play a Move (or its text: 'R1 0-6', 'R1+6', 'pass')."""
        if isinstance(move, str):
            move = self.parse_move(move)
        n = self._nl
        if n < 0:
            n = self._gen()
        code = move.code if isinstance(move, Move) else -1
        codes = self._lc
        for i in range(n):              # _find, inlined: this is the hot path
            if codes[i] == code:
                break
        else:
            self._check_running("move %s" % (move,))
            raise IllegalMoveError("illegal move %s in %s" % (move, self.position()))
        n = self._ncodes            # _record, inlined: this is the hot path
        if not n % SNAP_EVERY:
            self._mark(n)
        codes = self._codes
        if n < len(codes):
            codes[n] = code
        else:
            codes.append(code)
        self._ncodes = n + 1
        if self._trans is not None:
            self._trans.append(code)
        self._apply(code)

    def push_code(self, code):
        """Apply one action code (docs/api.md), checked for legality."""
        from .extras import push_code
        push_code(self, code)

    def resign(self, seat):
        """Seat `seat` (a letter or index) resigns, where the preset allows it (LudoError if not)."""
        from .extras import resign
        resign(self, seat)

    def timeout(self):
        """The seat on turn missed the per-turn deadline (the caller keeps the clock)."""
        from .extras import timeout
        timeout(self)

    def set_kind(self, seat, kind, record=False):
        """Hand a seat to a player kind (human, easy, medium, hard, expert).  Before the first
        action it is part of the set-up (the commitment covers it), unless `record`: a hand-over
        after the header was given out (a board's), kept in the transcript as one in play is;
        returns its transcript code then (actions.KINDS says how it is made), else None."""
        from .rules import seat_of
        s = seat_of(seat)
        if kind not in KINDS:
            raise LudoError("unknown player kind %r (one of %s)" % (kind, ", ".join(KINDS)))
        if s not in self.seats:
            raise LudoError("seat %s is not playing" % SEAT_LETTERS[s])
        if record:
            self._mark(0)           # the set-up is fixed from here on (start_kinds kept)
        self.kinds[SEAT_LETTERS[s]] = kind
        if self._started:
            i = KINDS.index(kind)
            code = CODE_KIND + (s * 4 + i if i < 4 else 16 + s)
            self._transcript_buffer().append(code)
            return code
        elif self.seed is not None:
            self._commit = self._gid = None     # (the set-up the commitment covers changed)

    @property
    def commitment(self):
        """Hex SHA-256 of the seed and the set-up (commit.py); None when the seed is unknown."""
        c = self._commit
        if c is None and self.seed is not None:
            from .commit import game_commitment
            c = self._commit = game_commitment(self)
            self._gid = c[:8]
        return c

    @commitment.setter
    def commitment(self, value):
        self._commit = value

    @property
    def game_id(self):
        """The commitment's first 8 hex digits ("00000000" when the seed is unknown)."""
        gid = self._gid
        if gid is None:
            gid = self.commitment
            gid = self._gid = gid[:8] if gid else "00000000"
        return gid

    @game_id.setter
    def game_id(self, value):
        self._gid = value

    def push_transcript_code(self, code):
        """Apply one transcript code (checked): an action, a take-back (121) or a seat
        hand-over (122..); returns its record line.  Replays a board's saved transcript.
        """
        from .extras import push_transcript_code
        return push_transcript_code(self, code)

    # ---- reading the game -----------------------------------------------
    def action_text(self, code):
        """Record text of an action code, in the position before it is applied."""
        if code < 16:
            return "roll %d%s" % (code & 7, " hand" if code & 8 else "")
        if code <= CODE_PASS:
            return str(self._move_of(code))
        if code < CODE_TIMEOUT:
            return "resign " + SEAT_LETTERS[code - CODE_RESIGN]
        if code < CODE_UNDO:
            return "timeout " + SEAT_LETTERS[code - CODE_TIMEOUT]
        if code == CODE_UNDO:
            return "undo"
        k = code - CODE_KIND
        if k < 16:
            return "kind %s %s" % (SEAT_LETTERS[k >> 2], KINDS[k & 3])
        return "kind %s %s" % (SEAT_LETTERS[k - 16], KINDS[4])

    def parse_move(self, text):
        """A legal Move from its text: 'R1 0-6', 'R1 3-9xG2', 'R1+6' (token and roll), 'pass'."""
        from .notation import parse_move
        return parse_move(self, text)

    def outcome(self):
        """None while the game goes on; when over, an Outcome with the winners and the termination."""
        if self.phase != OVER:
            return None
        return Outcome(tuple(s for s in range(4) if (self.win_mask >> s) & 1), TERMINATIONS[self.term])

    @property
    def last_move(self):
        """The Move of the last action, if that action was a move (else None)."""
        info = self._last
        if info < 0:
            return None
        end = info & 255
        start = (info >> 8) & 255
        v = (info >> 16) & 7
        t = (info >> 19) & 15
        return Move(self.rules, info >> 23, t, start - 1, end - 1, v, _tokens(self._lcaps),
                    CODE_MOVE + t * 6 + v - 1)

    def position(self):
        """The position's one-line text form (docs/record-format.md)."""
        from .position import position_text
        return position_text(self)

    @classmethod
    def from_position(cls, text, seed=None, dice="device"):
        """A game set up from a position's one-line text form."""
        from .position import parse_position
        return parse_position(cls, text, seed, dice)

    def record(self, transcript=False, **headers):
        """The game's record (ludo.record.Record): header, actions and footer."""
        from .record import Record
        return Record.of_game(self, transcript, headers)

    # ---- a copy, for search (state, set_state, legal_codes and apply below) --
    def legal_codes(self):
        """The legal moves now as action codes (a list; do not change it).  One list
        per position, built on the first call (the only allocation of a search step).
        """
        codes = self._legal_list
        if codes is None:
            n = self._nl
            if n < 0:
                n = self._gen()
            lc = self._lc
            codes = self._legal_list = [0] * n     # (a comprehension would also build a function)
            for i in range(n):
                codes[i] = lc[i]
        return codes

    def apply(self, code):
        """Apply a roll or move code without checking it and without recording it
        (for search on a copy; `push`/`roll` are the checked, recorded way).
        """
        self._apply(code)

    def copy(self):
        """An independent game at the same position (its stack starts here)."""
        g = Game(self.rules, seed=self.seed if self.seed is not None else False, dice=self.dice)
        g._restore(self._snapshot(), 0)
        g._snaps = bytearray(g._snapshot())
        g.kinds = dict(self.kinds)
        return g

    def __repr__(self):
        return "<Game %s>" % self.position()


import sys
if sys.implementation.name == "cpython":   # the common roll and move inlined, for speed on a PC
    from .fast_play import install
    Game = install(Game)
