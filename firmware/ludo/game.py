# The game: a position, a stack of actions you push and pop, legal moves.
#
# State is a handful of small ints and three bytearrays, so a snapshot is a
# few dozen bytes and a finished game's history is one byte per action.  Undo
# restores the nearest snapshot (one is kept every `SNAP_EVERY` actions) and
# replays the actions after it.  Per-square tables (occ, held, anym) are
# derived from the tokens and rebuilt on a restore.
#
# Speed: the common case (one roll, plain movement rules: Rules.simple) is
# inlined in _gen, _apply and _move, with the Rules tables (sqt, bmask, rivm,
# after); _dest and _roll hold every rule.  tests/core/test_fast_paths.py
# checks the inlined code against them.  (Comments, not docstrings, in the
# rules core: MicroPython keeps docstrings on the heap; docs/api.md is the reference.)
from .rules import (Rules, SEAT_LETTERS, BLOCK_ALL, SIXES_VOID,
                    START_FIRST)
from .errors import IllegalMoveError, LudoError
from .dice import Dice, commitment, new_seed

from .actions import (ROLL, MOVE, ROLLOFF, OVER, PHASE_NAMES, CODE_MOVE, CODE_PASS,  # noqa: F401
                      CODE_RESIGN, CODE_TIMEOUT, CODE_UNDO, CODE_KIND, KINDS, OFF,
                      MAX_PENDING, TERMINATIONS, token_name, Outcome, Move, place_of, event_text)
from .history import History, SNAP_EVERY  # noqa: F401

_ZERO_OCC = bytes(52 * 4)
_ZERO_SQUARES = bytes(52)


def _tokens(mask):
    # The tokens of a mask (bit t: token t) as a tuple (a Move's captures).
    if not mask:
        return ()
    out = []
    for t in range(16):
        if (mask >> t) & 1:
            out.append(t)
    return tuple(out)


class Game(History):
    # A game of Ludo under one preset: push actions, pop them, ask what is legal.

    def __init__(self, preset="classic", players=None, seed=None, options=None, start=None):
        if isinstance(preset, Rules):
            self.rules = preset
        else:
            self.rules = Rules(preset, players, options)
        r = self.rules
        self.preset = r.preset
        self.options = r.options
        self.seats = r.seats
        self.home_progress = r.home
        if seed is None:
            seed = new_seed()
        self.seed = seed if seed is not False else None     # None: unknown (a replayed record)
        self._dice = Dice(seed) if self.seed is not None else None
        self.commitment = commitment(seed) if self.seed is not None else None
        self.game_id = self.commitment[:8] if self.commitment else "00000000"
        self.start_time = start
        self.kinds = {}
        for s in r.seats:
            self.kinds[SEAT_LETTERS[s]] = "human"
        self.start_kinds = self.kinds
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
        self._codes = bytearray()       # the stack of actions: the first _ncodes bytes
        self._ncodes = 0                # (MicroPython's bytearray cannot shrink in place)
        # Every action in order, take-backs and seat hand-overs too.  Until the first of
        # those it equals the stack, so it is only kept separately from then on.
        self._trans = None
        self._started = False
        self._snaps = bytearray(self._snapshot())
        self.root_position = None       # set by from_position
        # The legal moves of this position: codes and destinations in two buffers made
        # once (the first _nl bytes; -1: not worked out yet), so search allocates no
        # list per position; the Moves (legal_moves) and a list (legal_codes()) are
        # built from them only when asked for.
        self._lc = bytearray(24)
        self._ld = bytearray(24)
        self._nl = -1
        self._legal = None
        self._legal_list = None
        # What the last action caused: event bytes (actions.py), the first _nev of
        # _evb; last_events turns them into text when read.
        self._evb = bytearray(8)
        self._nev = 0
        self._evt = None
        # The last move, packed into one small int (-1: the last action was no move)
        self._last = -1
        self._lcaps = 0                 # (its captures: a mask of tokens)

    # ---- state snapshot -------------------------------------------------
    def _recount(self):
        occ = self.occ
        held = self.held
        anym = self.anym
        occ[:] = _ZERO_OCC          # in place, no loop: restores are on the search path
        held[:] = _ZERO_SQUARES
        anym[:] = _ZERO_SQUARES
        sqt = self._sqt
        pos = self.pos
        for t in range(16):
            o = t >> 2
            sq = sqt[o << 6 | pos[t] & 63]
            if sq != 255:
                i = sq * 4 + o
                occ[i] += 1
                anym[sq] |= 1 << o
                if occ[i] == 2:
                    held[sq] |= 1 << o

    # ---- geometry -------------------------------------------------------
    def _set(self, t, b):
        o = t >> 2
        sqt = self._sqt
        pos = self.pos
        sq = sqt[o << 6 | pos[t] & 63]
        if sq != 255:
            i = sq * 4 + o
            n = self.occ[i] - 1
            self.occ[i] = n
            if n == 1:
                self.held[sq] &= ~(1 << o)
            elif not n:
                self.anym[sq] &= ~(1 << o)
        pos[t] = b
        sq = sqt[o << 6 | b & 63]
        if sq != 255:
            i = sq * 4 + o
            n = self.occ[i] + 1
            self.occ[i] = n
            if n == 2:
                self.held[sq] |= 1 << o
            elif n == 1:
                self.anym[sq] |= 1 << o

    def progress(self, t):
        # Token t's progress: -1 in the yard, 0.. on the way, home_progress at home, None off.
        b = self.pos[t]
        return None if b == OFF else b - 1

    def place(self, t):
        return place_of(self.rules, t, self.progress(t))

    def _dest(self, t, v):
        # Pos byte where token t lands with roll v, or 0 if it cannot move.
        r = self.rules
        b = self.pos[t]
        o = t >> 2
        if b == 0:
            if not (r.entry_mask >> v) & 1 or self.held[r.entry[o]] & r.bmask[o]:
                return 0
            return 1
        p = b - 1
        if b == OFF or p >= r.home:
            return 0
        np = p + v
        tl = r.track_len
        if p < tl:
            if r.mandatory_kill and np >= tl and not (self.doors >> o) & 1:
                np -= 52            # the door is shut: the stone turns and goes round again
            elif r.impassable:
                entry = r.entry[o]
                occ = self.occ
                for q in range(p + 1, min(np, tl)):
                    base = ((entry + q) % 52) * 4
                    for s in range(4):
                        if s != o and occ[base + s] >= 2:
                            return 0
        if np > r.home:
            if not r.rebound:
                return 0
            np = 2 * r.home - np
        if np < tl:
            sq = (r.entry[o] + np) % 52
            if r.no_stop[sq] or self.held[sq] & r.bmask[o]:     # may not stop there, or blocked
                return 0
        elif np < r.home and r.blocks == BLOCK_ALL:
            n = 0
            for i in range(4):
                if self.pos[o * 4 + i] == np + 1:
                    n += 1
            if n >= 2:
                return 0
        return np + 1

    def _capmask(self, o, b):
        # Tokens captured by a token of seat o landing on pos byte b: bit t for token t
        # (a small int: applying a capture in search allocates nothing).
        r = self.rules
        sqt = self._sqt
        sq = sqt[o << 6 | b & 63]
        if sq == 255 or r.safe[sq]:
            return 0
        m = self.anym[sq] & r.rivm[o]
        if m and r.stack_protect:
            m &= ~self.held[sq]     # club free mode: two of a colour cannot be killed
        if not m:
            return 0
        pos = self.pos
        c = 0
        for t in range(16):
            if (m >> (t >> 2)) & 1 and sqt[(t >> 2) << 6 | pos[t] & 63] == sq:
                c |= 1 << t
        return c

    def _finished(self, s):
        n = 0
        home = self.rules.home + 1
        for i in range(4):
            if self.pos[s * 4 + i] == home:
                n += 1
        return n >= self.rules.tokens_to_win

    def _stones_seat(self):
        # Whose stones the seat on turn moves: its own, or its partner's once it has finished.
        s = self.turn
        if self.rules.teams and self._finished(s):
            return self.rules.partner[s]
        return s

    # ---- legal moves ----------------------------------------------------
    def _gen(self):
        # Work out the legal moves (into _lc, _ld); returns how many there are.
        n = self._nl
        if n >= 0:
            return n
        n = 0
        codes = self._lc
        dests = self._ld
        if self.phase == MOVE:
            o = self._stones_seat()
            pos = self.pos
            pend = self.pend
            npend = self.npend
            base = o * 4
            dest = self._dest
            for i in range(4):
                t = base + i
                b = pos[t]
                # a stack (or the yard) moves as its lowest-numbered token
                if (i > 0 and pos[base] == b) or (i > 1 and pos[base + 1] == b) or (i > 2 and pos[base + 2] == b):
                    continue
                for k in range(npend):
                    v = pend[k]
                    if (k > 0 and pend[0] == v) or (k > 1 and pend[1] == v):
                        continue
                    d = dest(t, v)
                    if d:
                        codes[n] = CODE_MOVE + t * 6 + v - 1
                        dests[n] = d
                        n += 1
            if not n and self.rules.explicit_pass:
                codes[0] = CODE_PASS
                dests[0] = 0
                n = 1
        self._nl = n
        return n

    def _find(self, code):
        # Index of code among the legal moves worked out, or -1.
        codes = self._lc
        for i in range(self._nl):
            if codes[i] == code:
                return i
        return -1

    def _move_of(self, code):
        if code == CODE_PASS:
            return Move(self.rules, self.turn, -1, None, None, self.pend[0], (), code)
        t = (code - CODE_MOVE) // 6
        v = (code - CODE_MOVE) % 6 + 1
        i = self._find(code)
        if i >= 0:
            b = self._ld[i]
        else:
            b = self._dest(t, v)
        return Move(self.rules, self.turn, t, self.pos[t] - 1, b - 1, v,
                    _tokens(self._capmask(t >> 2, b)), code)

    @property
    def legal_moves(self):
        # The legal moves now, built once per position (iterating allocates nothing).
        legal = self._legal
        if legal is None:
            n = self._nl
            if n < 0:
                n = self._gen()
            codes = self._lc
            dests = self._ld
            r = self.rules
            seat = self.turn
            pos = self.pos
            sqt = self._sqt
            anym = self.anym
            moves = []
            for k in range(n):
                c = codes[k]
                if c == CODE_PASS:
                    moves.append(self._move_of(c))
                    continue
                t = (c - CODE_MOVE) // 6
                b = dests[k]
                o = t >> 2
                sq = sqt[o << 6 | b]
                if sq == 255 or not anym[sq] & r.rivm[o] or r.safe[sq]:
                    caps = ()
                else:
                    caps = _tokens(self._capmask(o, b))
                moves.append(Move(r, seat, t, pos[t] - 1, b - 1, c - CODE_MOVE - t * 6 + 1, caps, c))
            legal = self._legal = tuple(moves)
        return legal

    def needs_roll(self):
        return not self.phase & 1      # ROLL and ROLLOFF are even

    def is_over(self):
        return self.phase == OVER

    @property
    def pending_rolls(self):
        return tuple(self.pend[i] for i in range(self.npend))

    # ---- applying actions -----------------------------------------------
    def _next_turn(self):
        after = self.rules.after
        s = after[self.turn]
        out = self.out
        while (out >> s) & 1 and s != self.turn:
            s = after[s]
        if self.rules.mandatory_kill:
            self._begin_turn(s)
            return
        self.turn = s               # _begin_turn, inlined
        self.phase = ROLL
        self.sixes = self.npend = 0
        self.turn_start[:] = self.pos
        self.ts_doors = self.doors

    def _begin_turn(self, s):
        self.turn = s
        self.phase = ROLL
        self.sixes = self.npend = 0
        if self.rules.mandatory_kill:
            from .extras import open_door_if_no_prey
            open_door_if_no_prey(self, s)
        self.turn_start[:] = self.pos
        self.ts_doors = self.doors

    def _win(self, mask, term):
        self.npend = 0
        self.win_mask = mask
        self.term = term
        self.phase = OVER
        self._event(0x90 | mask)   # win

    def _event(self, e):
        # Note an event of the action being applied: kind << 4 | token, seat or mask (the
        # kinds: actions.py, event_text; literals here, not names: they cost the board heap).
        n = self._nev
        if not n:
            self._evt = None
        evb = self._evb
        if n < len(evb):
            evb[n] = e
        else:
            evb.append(e)
        self._nev = n + 1

    @property
    def last_events(self):
        # What the last action caused, a tuple of strings (docs/api.md); built when read.
        n = self._nev
        if not n:
            return ()
        t = self._evt
        if t is None:
            evb = self._evb
            t = [None] * n
            for i in range(n):
                t[i] = event_text(evb[i])
            t = self._evt = tuple(t)
        return t

    def _apply(self, code):
        # Apply one action code, trusted to be legal.
        r = self.rules
        if code < 16 and self.phase == ROLL and r.simple:
            v = code & 7
            if v != 6 or self.sixes != 2 or not r.three_sixes:
                # the common roll, inlined (_roll has every case), and its legal
                # moves under plain movement rules (_gen and _dest have every rule)
                self._legal = self._legal_list = None
                self._last = -1
                self._nev = 0
                self.rolls += 1
                self.last_roll = v
                self.sixes = self.sixes + 1 if v == 6 else 0
                self.pend[0] = v
                self.npend = 1
                self.phase = MOVE
                codes = self._lc
                dests = self._ld
                n = 0
                o = self.turn
                pos = self.pos
                held = self.held
                m = r.bmask[o]
                base = o * 4
                so = o << 6
                sqt = self._sqt
                lim = r.home + 2 - v    # a token at lim or beyond cannot move v (OFF neither)
                for t in range(base, base + 4):
                    b = pos[t]
                    if not b:
                        if not (r.entry_mask >> v) & 1 or held[r.entry[o]] & m:
                            continue
                        d = 1
                    elif b >= lim:
                        continue
                    else:
                        d = b + v
                        sq = sqt[so | d]
                        if sq != 255 and held[sq] & m:
                            continue
                    # a stack (or the yard) moves as its lowest-numbered token
                    if t > base and (pos[base] == b or (t > base + 1 and (
                            pos[base + 1] == b or (t > base + 2 and pos[base + 2] == b)))):
                        continue
                    codes[n] = CODE_MOVE - 1 + t * 6 + v
                    dests[n] = d
                    n += 1
                if not n and r.explicit_pass:
                    codes[0] = CODE_PASS
                    dests[0] = 0
                    n = 1
                self._nl = n
                if n:
                    return
                self._event(0x00)   # pass
                self._end_unused(v)
                return
        self._nev = 0
        self._last = -1
        if code < 16:
            self._legal = self._legal_list = None
            self._nl = -1
            self._roll(code & 7)
        elif code < CODE_PASS:
            t = (code - CODE_MOVE) // 6
            v = (code - CODE_MOVE) % 6 + 1
            codes = self._lc
            b = 0                   # (a move's destination is never 0)
            for i in range(self._nl):       # _find, inlined
                if codes[i] == code:
                    b = self._ld[i]
                    break
            if not b:
                b = self._dest(t, v)
            self._legal = self._legal_list = None
            self._nl = -1
            self._move(t, v, b)
        else:
            self._legal = self._legal_list = None
            self._nl = -1
            if code == CODE_PASS:
                self._event(0x00)   # pass
                self._end_unused(self.pend[0])
            elif code < CODE_TIMEOUT:
                from .extras import leave
                leave(self, code - CODE_RESIGN, 2)
            else:
                from .extras import leave
                leave(self, code - CODE_TIMEOUT, 3)

    def _roll(self, v):
        r = self.rules
        self.rolls += 1
        self.last_roll = v
        if self.phase == ROLLOFF:
            from .extras import rolloff
            rolloff(self, v)
            return
        self.sixes = self.sixes + 1 if v == 6 else 0
        if v == 6 and self.sixes == 3 and r.three_sixes:
            self._event(0x30)   # three-sixes
            if r.three_sixes == SIXES_VOID:
                if self.pos != self.turn_start:
                    self._event(0x40)   # void
                self.pos[:] = self.turn_start
                self.doors = self.ts_doors
                self._recount()
            elif r.pool and self.npend:     # forfeit the third 6 only: spend the others
                self.phase = MOVE
                self._after_spend()
                return
            self._next_turn()
            return
        if r.pool:
            self.pend[self.npend] = v
            self.npend += 1
            if v == 6 and self.npend < MAX_PENDING:
                self.phase = ROLL           # a 6 must be followed by another roll
                return
            self.phase = MOVE
            self._after_spend()
            return
        self.pend[0] = v
        self.npend = 1
        self.phase = MOVE
        if not self._gen():
            self._event(0x00)   # pass
            self._end_unused(v)

    def _end_unused(self, v):
        # No token could use roll v: a 6 still earns the next roll.
        self.npend = 0
        if v == 6:
            self.phase = ROLL
            self._event(0x10)   # bonus
        else:
            self._next_turn()

    def _after_spend(self):
        # Pool mode: go on spending, or forfeit what no stone can use and pass.
        self._nl = -1
        if self.npend and self._gen():
            return
        if self.npend:
            self._event(0x20)   # forfeit
        self._next_turn()

    def _move(self, t, v, b):
        r = self.rules
        o = t >> 2
        pos = self.pos
        old = pos[t]
        sqt = self._sqt
        anym = self.anym
        sq = sqt[o << 6 | b]
        if sq == 255 or not anym[sq] & r.rivm[o] or r.safe[sq]:
            caps = 0                # the usual case: nobody to capture there
        else:
            caps = self._capmask(o, b)
        if old and b < old and b - 1 < r.track_len:
            self._event(0x50 | t)   # turned
        self._last = (((self.turn << 4 | t) << 3 | v) << 8 | old) << 8 | b
        self._lcaps = caps
        occ = self.occ              # self._set(t, b), inlined
        bit = 1 << o
        q = sqt[o << 6 | old]
        if q != 255:
            i = q * 4 + o
            n = occ[i] - 1
            occ[i] = n
            if n == 1:
                self.held[q] &= ~bit
            elif not n:
                anym[q] &= ~bit
        pos[t] = b
        if sq != 255:
            i = sq * 4 + o
            n = occ[i] + 1
            occ[i] = n
            if n == 2:
                self.held[sq] |= bit
            elif n == 1:
                anym[sq] |= bit
        if caps:
            for u in range(16):
                if (caps >> u) & 1:
                    self._set(u, 0)
                    self._event(0x60 | u)   # capture
        if caps and r.mandatory_kill and not (self.doors >> o) & 1:
            self.doors |= 1 << o
            self._event(0x80 | o)   # door
        home = b == r.home + 1
        if home:
            self._event(0x70 | t)   # home
            if self._finished(o):
                if r.lift:
                    for u in range(o * 4, o * 4 + 4):
                        if self.pos[u] != r.home + 1:
                            self._set(u, OFF)
                p = r.partner[o]
                if p < 0:
                    self._win(1 << o, 1)
                    return
                if self._finished(p):
                    self._win((1 << o) | (1 << p), 1)
                    return
        if r.pool:
            k = 0
            while self.pend[k] != v:
                k += 1
            self.npend -= 1
            self.pend[k] = self.pend[self.npend]
            self._after_spend()
            return
        self.npend = 0
        if v == 6 or (caps and r.bonus_capture) or (home and r.bonus_home):
            self._event(0x10)       # bonus: one extra roll, however many reasons
            self.phase = ROLL
        else:
            self._next_turn()

    # ---- public actions -------------------------------------------------
    def _check_running(self, what):
        if self.phase == OVER:
            raise IllegalMoveError("%s: the game is over (%s)" % (what, self.position()))

    def roll(self, value=None):
        # Throw the game's dice, or enter a physical die's value (1..6). Returns the value.
        if self.phase != ROLL and self.phase != ROLLOFF:
            self._check_running("roll")
            raise IllegalMoveError("roll: a move is due, not a roll (%s)" % self.position())
        if value is None:
            dice = self._dice
            if dice is None:
                raise IllegalMoveError("roll: this game's seed is unknown; enter the die's value")
            code = dice.roll(self.rolls)
        else:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise IllegalMoveError("roll: a die shows 1 to 6, not %r" % (value,))
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
        # Play a Move (or its text: 'R1 0-6', 'R1+6', 'pass').
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
        # Apply one action code (docs/api.md), checked for legality.
        if not isinstance(code, int) or not 0 < code < CODE_UNDO:
            raise IllegalMoveError("unknown action code %r" % (code,))
        if code < 16:
            if not (1 <= code & 7 <= 6) or code in (7, 8):
                raise IllegalMoveError("unknown action code %r" % (code,))
            self._check_running("roll")
            if not self.needs_roll():
                raise IllegalMoveError("roll: a move is due, not a roll (%s)" % self.position())
            self._push_code(code)
        elif code <= CODE_PASS:
            self._check_running("move")
            self._gen()
            if self._find(code) < 0:
                raise IllegalMoveError("illegal move %s in %s" % (self.action_text(code), self.position()))
            self._push_code(code)
        elif code < CODE_TIMEOUT:
            self.resign(code - CODE_RESIGN)
        else:
            s = code - CODE_TIMEOUT
            if s != self.turn:
                raise IllegalMoveError("timeout %s: not on turn (%s)" % (SEAT_LETTERS[s], self.position()))
            self.timeout()

    def resign(self, seat):
        from .extras import resign
        resign(self, seat)

    def timeout(self):
        # The seat on turn missed the per-turn deadline (the caller keeps the clock).
        from .extras import timeout
        timeout(self)

    def set_kind(self, seat, kind):
        # Hand a seat to a player kind (human, easy, medium, hard); kept in the transcript.
        from .rules import seat_of
        s = seat_of(seat)
        if kind not in KINDS:
            raise LudoError("unknown player kind %r (one of %s)" % (kind, ", ".join(KINDS)))
        if s not in self.seats:
            raise LudoError("seat %s is not playing" % SEAT_LETTERS[s])
        self.kinds[SEAT_LETTERS[s]] = kind
        if self._started:           # before the first action it is part of the set-up
            self._transcript_buffer().append(CODE_KIND + s * 4 + KINDS.index(kind))

    def push_transcript_code(self, code):
        # Apply one transcript code (checked): an action, a take-back (121) or a seat
        # hand-over (122..); returns its record line.  Replays a board's saved transcript.
        from .extras import push_transcript_code
        return push_transcript_code(self, code)

    # ---- reading the game -----------------------------------------------
    def action_text(self, code):
        # Record text of an action code, in the position before it is applied.
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
        return "kind %s %s" % (SEAT_LETTERS[k >> 2], KINDS[k & 3])

    def parse_move(self, text):
        # A legal Move from its text: 'R1 0-6', 'R1 3-9xG2', 'R1+6' (token and roll), 'pass'.
        from .notation import parse_move
        return parse_move(self, text)

    def outcome(self):
        if self.phase != OVER:
            return None
        return Outcome(tuple(s for s in range(4) if (self.win_mask >> s) & 1), TERMINATIONS[self.term])

    @property
    def last_move(self):
        # The Move of the last action, if that action was a move (else None).
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
        from .position import position_text
        return position_text(self)

    @classmethod
    def from_position(cls, text, seed=None):
        from .position import parse_position
        return parse_position(cls, text, seed)

    def record(self, transcript=False, **headers):
        from .record import Record
        return Record.of_game(self, transcript, headers)

    # ---- search: for computer players, on a copy of the game ---------------
    def legal_codes(self):
        # The legal moves now as action codes (a list; do not change it).  One list
        # per position, built on the first call (the only allocation of a search step).
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
        # Apply a roll or move code without checking it and without recording it
        # (for search on a copy; `push`/`roll` are the checked, recorded way).
        self._apply(code)

    def copy(self):
        # An independent game at the same position (its stack starts here).
        g = Game(self.rules, seed=self.seed if self.seed is not None else False)
        g._restore(self._snapshot(), 0)
        g._snaps = bytearray(g._snapshot())
        g.kinds = dict(self.kinds)
        return g

    def __repr__(self):
        return "<Game %s>" % self.position()
