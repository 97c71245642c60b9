"""The common roll and the common move, inlined, for CPython only (game.py installs it).

Under plain movement rules (Rules.simple: one roll at a time, a move lands
`roll` further on or cannot be made, each seat moves its own stones):

- a roll that is not a third 6 is noted and its legal moves worked out in one
  go (`_rolled`), without the calls of the general code (Turns._roll,
  Moves._gen and _dest, which have every rule and which the board runs);
- `Game.roll()` also draws the die from the batch inline and builds
  `legal_moves` there, from Move objects kept per rule set (a Move is a value:
  the same token from the same square with the same roll and captures is the
  same Move, so making each one once saves building it on every roll);
- `Game.push(move)` of one of those Moves applies it inline when it neither
  captures nor reaches home (Turns._move has every case);
- a Game keeps its attributes in slots.

The results are exactly the general code's: tests/core/test_fast_paths.py
checks both against each other in every preset and option set, and the
MicroPython test's records (which the general code makes) against CPython's.

Not for the board: there speed does not matter and its code would cost heap.
"""
from .actions import ROLL, MOVE, CODE_MOVE, CODE_PASS, Move
from .history import SNAP_EVERY
from .moves import _tokens
from .dice_batch import LANES

# Move objects per rule set (the fields a Move's text and places read: a
# preset's seats and geometry); a game's Rules gets its set's as `_moves`:
# a list by (code << 6 | start pos byte) for moves that capture nothing, and
# a dict by (captures << 8 | code) << 8 | start for those that do.
_MOVE_SETS = {}

# Turns._apply, Game.roll and Game.push as the board has them: every rule (the tests use them)
general_apply = general_roll = general_push = None


def _rolled(self, r, v, moves):
    # Roll v, not a third 6, under plain rules: note it and work out its legal moves
    # (into _lc, _ld; with moves, a (list, dict) of a rule set's Moves, also the
    # legal_moves tuple).  Returns how many there are; with none, the turn goes on.
    self._legal_list = None
    self._last = -1
    self._nev = 0
    self.rolls += 1
    self.last_roll = v
    self.sixes = self.sixes + 1 if v == 6 else 0
    self.pend[0] = v
    self.npend = 1
    self.phase = MOVE
    o = self.turn
    m, base, so, rivm, entry = r._seat_consts[o]
    codes = self._lc
    dests = self._ld
    pos = self.pos
    held = self.held
    anym = self.anym
    sqt = self._sqt
    safe = r.safe
    enters = (r.entry_mask >> v) & 1
    lim = r.home + 2 - v    # a token at lim or beyond cannot move v (OFF neither)
    c = CODE_MOVE - 7 + base * 6 + v
    n = 0
    legal = None
    for t in range(base, base + 4):
        c += 6
        b = pos[t]
        if not b:
            if not enters:
                continue
            sq = entry
            if held[sq] & m:
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
        n += 1
        if moves is None:
            codes[n - 1] = c
            dests[n - 1] = d
        else:
            if sq == 255 or not anym[sq] & rivm or safe[sq]:
                mv = moves[0][c << 6 | b]
                if mv is None:
                    mv = moves[0][c << 6 | b] = Move(r, o, t, b - 1, d - 1, v, (), c)
            else:
                caps = self._capmask(o, d)
                key = (caps << 8 | c) << 6 | b
                mv = moves[1].get(key)
                if mv is None:
                    mv = moves[1][key] = Move(r, o, t, b - 1, d - 1, v, _tokens(caps), c)
            if legal is None:
                legal = [mv]
            else:
                legal.append(mv)
    if n:
        if legal is None:
            self._nl = n
            self._legal = None
        else:               # _lc and _ld are worked out again (_gen) if asked for
            self._nl = -1
            self._legal = tuple(legal)
        return n
    self._legal = None
    if r.explicit_pass:
        codes[0] = CODE_PASS
        dests[0] = 0
        self._nl = 1
        return 1
    self._nl = 0
    self._event(0x00)   # pass
    self._end_unused(v)
    return 0


def install(game, turns):
    global general_apply, general_roll, general_push
    general_apply = general = turns._apply
    general_roll = game.roll
    general_push = game.push
    general_init = game.__init__

    def _apply(self, code):
        # Apply one action code, trusted to be legal.
        r = self.rules
        if code < 16 and self.phase == ROLL and r.simple:
            v = code & 7
            if v != 6 or self.sixes != 2 or not r.three_sixes:
                _rolled(self, r, v, None)
                return
        general(self, code)

    def __init__(self, preset="classic", players=None, seed=None, options=None, start=None):
        general_init(self, preset, players, seed, options, start)
        r = self.rules
        if "_moves" not in r.__dict__:
            key = (r.preset, tuple(r.seats), r.track_len, r.home, r.entry_mask, r.pool, tuple(r.entry))
            moves = _MOVE_SETS.get(key)
            if moves is None:
                moves = _MOVE_SETS[key] = ([None] * (128 << 6), {})
            r._moves = moves
            r._seat_consts = tuple((r.bmask[o], o * 4, o << 6, r.rivm[o], r.entry[o]) for o in range(4))

    def roll(self, value=None):
        # Game.roll: the game's own die under plain rules, inlined.
        r = self.rules
        dice = self._dice
        if value is not None or self.phase != ROLL or not r.simple or dice is None:
            return general_roll(self, value)
        rolls = self.rolls
        i = rolls - dice._base
        v = dice._vals[i] if 0 <= i < LANES else 0
        if not v:
            v = dice.roll(rolls)
        n = self._ncodes            # _record, inlined
        if n % SNAP_EVERY and self._trans is None:
            try:
                self._codes[n] = v
            except IndexError:
                self._codes.append(v)
            self._ncodes = n + 1
        else:
            self._record(v)
        if v == 6 and self.sixes == 2 and r.three_sixes:
            general(self, v)
        else:
            _rolled(self, r, v, r._moves)
        return v

    def push(self, move):
        # Game.push of one of legal_moves' own Moves, inlined when it neither captures nor
        # reaches home, under plain rules.
        legal = self._legal
        if legal is None or type(move) is not Move:
            return general_push(self, move)
        for m in legal:
            if m is move:
                break
        else:
            return general_push(self, move)
        code = move.code
        if code == CODE_PASS:
            return general_push(self, move)
        n = self._ncodes            # _record, inlined
        if n % SNAP_EVERY and self._trans is None:
            try:
                self._codes[n] = code
            except IndexError:
                self._codes.append(code)
            self._ncodes = n + 1
        else:
            self._record(code)
        self._nev = 0
        self._legal = self._legal_list = None
        self._nl = -1
        t = move.token
        v = move.roll
        b = move.end + 1
        r = self.rules
        if move.captures or b > r.home or not r.simple:
            self._last = -1
            self._move(t, v, b)
            return
        # Turns._move without its rarer cases (captures, home, turning, pooled rolls)
        o = t >> 2
        pos = self.pos
        old = pos[t]
        self._last = (((self.turn << 4 | t) << 3 | v) << 8 | old) << 8 | b
        self._lcaps = 0
        sqt = self._sqt
        occ = self.occ
        bit = 1 << o
        q = sqt[o << 6 | old]
        if q != 255:
            i = q * 4 + o
            k = occ[i] - 1
            occ[i] = k
            if k == 1:
                self.held[q] &= ~bit
            elif not k:
                self.anym[q] &= ~bit
        pos[t] = b
        q = sqt[o << 6 | b]
        if q != 255:
            i = q * 4 + o
            k = occ[i] + 1
            occ[i] = k
            if k == 2:
                self.held[q] |= bit
            elif k == 1:
                self.anym[q] |= bit
        self.npend = 0
        if v == 6:
            self._event(0x10)       # bonus
            self.phase = ROLL
            return
        after = r.after             # Turns._next_turn, inlined (no mandatory kill here)
        s = after[self.turn]
        out = self.out
        while (out >> s) & 1 and s != self.turn:
            s = after[s]
        self.turn = s
        self.phase = ROLL
        self.sixes = 0
        self.turn_start[:] = pos
        self.ts_doors = self.doors

    turns._apply = _apply
    game.__init__ = __init__
    game.roll = roll
    game.push = push
    # Game again, with its instance attributes in slots: CPython reads and writes those
    # faster than a dict that has outgrown its shared keys (30 names; a Game has about 50).
    body = dict(game.__dict__)
    body.pop("__dict__", None)      # (its bases keep one, for attributes set later)
    body.pop("__weakref__", None)
    body["__slots__"] = tuple(game("classic", players=2, seed=0).__dict__)
    return type(game.__name__, game.__bases__, body)

