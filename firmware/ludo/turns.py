# What an action does: the third layer of a Game (State < Moves < Turns < Game).
# A roll, a move and its captures, a pass, the turn order and the end, applied
# to the position (trusted to be legal: Game checks and records), and the
# events each caused.
from .rules import SIXES_VOID
from .actions import (EV_PASS, EV_BONUS, EV_FORFEIT, EV_THREE_SIXES, EV_VOID, EV_TURNED, EV_CAPTURE,
                      EV_HOME, EV_DOOR, EV_WIN, ROLL, MOVE, ROLLOFF, OVER, CODE_MOVE, CODE_PASS,
                      CODE_RESIGN, CODE_TIMEOUT, OFF, MAX_PENDING, event_text)
from .moves import Moves


class Turns(Moves):
    # Applying actions: rolls, moves, passes and the turn order.

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
        self._event(EV_WIN << 4 | mask)

    def _event(self, e):
        """Note an event of the action being applied: kind << 4 | token, seat or mask (the
        kinds: actions.py's EV_* names).
        """
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
    def event_count(self):
        """How many events the last action caused (event_at reads them)."""
        return self._nev

    def event_at(self, i):
        """The last action's i-th event as a byte, kind << 4 | subject (actions.py's EV_*)."""
        return self._evb[i]

    @property
    def last_events(self):
        """What the last action caused, a tuple of strings (docs/api.md); built when read."""
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
        """Apply one action code, trusted to be legal.  (On CPython fast_play.py puts the
        common roll, inlined, in front of this; the board keeps only this code.)
        """
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
                self._event(EV_PASS << 4 | self.turn)
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
            self._event(EV_THREE_SIXES << 4)
            if r.three_sixes == SIXES_VOID:
                if self.pos != self.turn_start:
                    self._event(EV_VOID << 4)
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
            self._event(EV_PASS << 4 | self.turn)
            self._end_unused(v)

    def _end_unused(self, v):
        """No token could use roll v: a 6 still earns the next roll."""
        self.npend = 0
        if v == 6:
            self.phase = ROLL
            self._event(EV_BONUS << 4)
        else:
            self._next_turn()

    def _after_spend(self):
        """Pool mode: go on spending, or forfeit what no stone can use and pass."""
        self._nl = -1
        if self.npend and self._gen():
            return
        if self.npend:
            self._event(EV_FORFEIT << 4)
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
            self._event(EV_TURNED << 4 | t)
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
                    self._event(EV_CAPTURE << 4 | u)
        if caps and r.mandatory_kill and not (self.doors >> o) & 1:
            self.doors |= 1 << o
            self._event(EV_DOOR << 4 | o)
        home = b == r.home + 1
        if home:
            self._event(EV_HOME << 4 | t)
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
            self._event(EV_BONUS << 4)       # one extra roll, however many reasons
            self.phase = ROLL
        else:
            self._next_turn()

