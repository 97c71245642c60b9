"""The common roll, inlined, for CPython only (turns.py installs it there).

A roll under plain movement rules (Rules.simple) that is not a third 6: the
roll is noted and its legal moves are worked out here in one go, without the
calls of the general code (Turns._roll, Moves._gen and _dest, which have every
rule and which everything else goes through).  The result is exactly theirs:
tests/core/test_fast_paths.py checks both against each other in every preset
and option set, and the MicroPython test's records (which the general code
makes) against CPython's.

Not for the board: there speed does not matter and its code would cost heap.
"""
from .actions import ROLL, MOVE, CODE_MOVE, CODE_PASS

general_apply = None        # Turns._apply as turns.py has it: every rule


def install(turns):
    global general_apply
    general_apply = general = turns._apply

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
        general(self, code)

    turns._apply = _apply
