# The common roll and the common move, inlined, for CPython only (game.py installs it).
#
# Under plain movement rules (Rules.simple: one roll at a time, a move lands
# `roll` further on or cannot be made, each seat moves its own stones):
#
# - `Game.roll()` of the game's own die that is not a third 6 draws it from the
#   batch (dice_batch.py), records it and works out its legal moves in one go,
#   without the calls of the general code (Game.roll, Turns._roll, Moves._gen
#   and _dest, which have every rule and which the board runs), and builds
#   `legal_moves` there from Move objects kept per rule set: a Move is a value
#   (the same token from the same square with the same roll is the same Move),
#   so each is made once, not on every roll (`FastMove`, which also holds what
#   a push of it changes);
# - `Game.push(move)` of one of those Moves applies it inline unless it reaches
#   home (Turns._move has every case).
#
# And for every game: a new game copies the Rules built before for the same
# arguments (building them took two thirds of a new game), has room made for
# its actions, and keeps its attributes in slots.
#
# Everything else (a die entered by hand, search's `apply`, replays, take-backs)
# runs the general code.  The results are exactly the general code's:
# tests/core/test_fast_paths.py plays the same games both ways in every preset
# and option set, and the MicroPython test's records (the general code's) are
# compared with CPython's.  bench/core_speed.py measures what it is for.
#
# Not for the board: there speed does not matter and its code would cost heap.
from .rules import Rules
from .actions import EV_PASS, EV_BONUS, EV_CAPTURE, ROLL, MOVE, CODE_MOVE, CODE_PASS, Move
from .state import SNAP_EVERY
from .moves import _tokens
from .dice_batch import LANES

# Move objects per rule set (what a Move's text and places read: the preset, its
# seats and geometry) for the moves that capture nothing (a capture is rarer, and its
# Moves, by captured tokens too, many more), in a list by code << 6 | start pos byte;
# a game's Rules holds its set's in `_roll_consts`.
_MOVE_SETS = {}
_ROLL_CONSTS = {}   # Rules._roll_consts (below) by rule set and tables
_RULES = {}         # Rules by the arguments they were built from (below)
_CAPTURES = {}      # a mask of tokens: the tuple of them (a Move's captures)

# A Game's attributes, in slots (install).  Named here, not read off a Game made at
# import: making one builds Rules, which loads its step modules (bench/board_heap.py's
# boot trace would count them as loaded).  tests/core/test_fast_paths.py checks that a
# Game keeps nothing else in its __dict__.
_SLOTS = ("rules", "preset", "options", "seats", "home_progress", "seed", "dice", "_dice", "_commit",
          "_gid", "start_time", "kinds", "start_kinds", "pos", "turn_start", "occ", "held",
          "anym", "_sqt", "pend", "turn", "phase", "sixes", "npend", "doors", "ts_doors", "out",
          "ro_mask", "ro_best", "ro_bestmask", "win_mask", "term", "rolls", "last_roll", "_codes",
          "_ncodes", "_trans", "_started", "_snaps", "root_position", "_lc", "_ld", "_nl", "_legal",
          "_legal_list", "_evb", "_nev", "_evt", "_last", "_lcaps", "_fast_dice")


class FastMove(Move):
    # A Move made here, with what push needs packed in one tuple, `_fast`: its code,
    # token, roll and end pos byte, the last-move bits (Game.last_move) but the seat's,
    # the tokens it captures as a mask, whether it reaches home, and for the squares it
    # leaves and lands on (track squares or 255), the index of the seat's count there
    # in Game.occ (or -1); then the seat's bit and its complement.

    def __init__(self, rules, seat, token, start, end, roll, captures, code):
        Move.__init__(self, rules, seat, token, start, end, roll, captures, code)
        b = end + 1
        caps = 0
        for u in captures:
            caps |= 1 << u
        o = token >> 2
        qa = rules.sqt[o << 6 | start + 1]
        qb = rules.sqt[o << 6 | b]
        self._fast = (code, token, roll, b, (token << 3 | roll) << 16 | (start + 1) << 8 | b,
                      caps, end == rules.home, qa, qa * 4 + o if qa != 255 else -1,
                      qb, qb * 4 + o if qb != 255 else -1, 1 << o, ~(1 << o))


# Game.__init__, roll and push as the board has them: every rule (the tests use them)
general_init = general_roll = general_push = None


def __init__(self, preset="classic", players=None, seed=None, options=None, start=None, dice="device"):
    if type(preset) is str:
        preset = _rules(preset, players, options)
    general_init(self, preset, players, seed, options, start, dice)     # (a Rules: players, options unread)
    r = self.rules
    if "_roll_consts" not in r.__dict__:     # (a Rules the caller made, or one built anew)
        r._roll_consts = _consts_of(r)
    self._fast_dice = self._dice if r.simple else None     # (None: Game.roll as the board has it)
    self._codes = bytearray(1024)   # room for a game's actions (most need 300 to 1000)


_PLAIN = (int, str, bool, type(None))


def _rules(preset, players, options):
    """A Rules of its own for a new game, copied from one built before for the same
    arguments (building one takes longer than the rest of a new game): its tables and
    options are copies, so that a game's changes stay its own.  Only plain arguments
    (ints, strings, on/off and None, in a list, tuple or dict) are looked up; for any
    other, Rules is built (and says what is wrong with them).
    """
    who = how = None
    if type(players) is list or type(players) is tuple:
        if all(type(p) in _PLAIN for p in players):
            who = tuple((type(p), p) for p in players)   # (types: True == 1, 2 == 2.0)
    elif type(players) in _PLAIN:
        who = (type(players), players)
    if options is None:
        how = ()
    elif type(options) is dict and all(type(k) is str and type(v) in _PLAIN for k, v in options.items()):
        how = (tuple(sorted((k, type(v), v) for k, v in options.items())),)
    if who is None or how is None:
        return Rules(preset, players, options)
    key = (preset, who, how)
    built = _RULES.get(key)
    if built is None:
        built = Rules(preset, players, options)
        built._roll_consts = _consts_of(built)     # (its copies share them: a tuple)
        if len(_RULES) < 256:
            _RULES[key] = built
    return _copy(built)


def _copy(rules):
    """A Rules like `rules`, with tables and options of its own."""
    r = Rules.__new__(Rules)
    d = r.__dict__
    for name, value in rules.__dict__.items():
        d[name] = type(value)(value) if type(value) in (bytearray, list, dict) else value
    return r


def _consts_of(r):
    """Rules._roll_consts for r: those of its rule set and tables, made once."""
    key = (r.preset, tuple(r.seats), r.track_len, r.home, r.entry_mask, r.pool, tuple(r.entry))
    full = key + (bytes(r.bmask), bytes(r.rivm), bytes(r.safe))
    consts = _ROLL_CONSTS.get(full)
    if consts is None:
        consts = _ROLL_CONSTS[full] = _roll_consts(r, key)
    return consts


def _roll_consts(r, key):
    """per seat o and roll v, at [o << 3 | v]: the stacks it may not land on, its first
    token, its tokens, its sqt row, its rivals, its entry square, whether v enters, the
    pos byte from which a token cannot move v (a token at home or off neither), the code
    of token 0's move with v, the safe squares, sqt, the rule set's Moves and their Rules
    """
    moves = _MOVE_SETS.get(key)
    if moves is None:           # (the Moves' own Rules: a copy no game holds)
        moves = _MOVE_SETS[key] = ([None] * (128 << 6), _copy(r))
    consts = [None] * 32
    safe = tuple(r.safe)        # (tuples: CPython reads them faster than bytearrays)
    sqt = tuple(r.sqt)
    for o in range(4):
        for v in range(1, 7):
            consts[o << 3 | v] = (r.bmask[o], o * 4, tuple(range(o * 4, o * 4 + 4)), o << 6,
                                  r.rivm[o], r.entry[o], (r.entry_mask >> v) & 1, r.home + 2 - v,
                                  CODE_MOVE - 1 + v, safe, sqt, moves[0], moves[1])
    return tuple(consts)


def roll(self, value=None):
    """Game.roll: the game's own die, not a third 6, under plain rules, inlined."""
    dice = self._fast_dice
    if dice is None or value is not None or self.phase != ROLL:
        return general_roll(self, value)
    r = self.rules
    rolls = self.rolls
    i = rolls - dice._base
    v = dice._vals[i] if 0 <= i < LANES else 0
    if not v:
        v = dice.roll(rolls)
    n = self._ncodes                # Game._record, inlined
    if n % SNAP_EVERY and self._trans is None:
        try:
            self._codes[n] = v
        except IndexError:          # (past the room made for it: see __init__)
            self._codes.append(v)
        self._ncodes = n + 1
    else:
        self._record(v)
    if v == 6 and self.sixes == 2 and r.three_sixes:
        self._apply(v)
        return v
    # Turns._roll and Moves._gen, inlined
    self._legal_list = None
    self._last = -1
    self._nev = 0
    self.rolls = rolls + 1
    self.last_roll = v
    self.sixes = self.sixes + 1 if v == 6 else 0
    self.pend[0] = v
    self.npend = 1
    self.phase = MOVE
    o = self.turn
    m, base, tokens, so, rivm, entry, enters, lim, c, safe, sqt, plain, own = r._roll_consts[o << 3 | v]
    pos = self.pos
    held = self.held
    anym = self.anym
    legal = None
    for t in tokens:
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
        code = c + t * 6
        if sq == 255 or not anym[sq] & rivm or safe[sq]:
            mv = plain[code << 6 | b]
            if mv is None:
                mv = plain[code << 6 | b] = FastMove(own, o, t, b - 1, d - 1, v, (), code)
        else:
            caps = self._capmask(o, d)
            captured = _CAPTURES.get(caps)
            if captured is None:
                captured = _CAPTURES[caps] = _tokens(caps)
            mv = FastMove(own, o, t, b - 1, d - 1, v, captured, code)
        legal = (mv,) if legal is None else legal + (mv,)
    if legal is not None:
        self._nl = -1               # (_lc and _ld are worked out by _gen if asked for)
        self._legal = legal
        return v
    self._legal = None
    if r.explicit_pass:
        self._lc[0] = CODE_PASS
        self._ld[0] = 0
        self._nl = 1
        return v
    self._nl = 0
    # no move: the turn passes (Turns._event and _end_unused, inlined)
    self._evt = None
    evb = self._evb
    evb[0] = EV_PASS << 4 | self.turn
    self.npend = 0
    if v == 6:
        evb[1] = EV_BONUS << 4      # a 6 still earns the next roll
        self._nev = 2
        self.phase = ROLL
    else:
        self._nev = 1
        self._next_turn()
    return v


def push(self, move):
    """Game.push of one of legal_moves' own Moves, inlined when it neither captures nor
    reaches home, under plain rules.
    """
    legal = self._legal
    if legal is None or type(move) is not FastMove:
        return general_push(self, move)
    for m in legal:
        if m is move:
            break
    else:
        return general_push(self, move)
    code, t, v, b, last, caps, home, qa, ia, qb, ib, bit, nbit = move._fast
    n = self._ncodes                # Game._record, inlined
    if n % SNAP_EVERY and self._trans is None:
        try:
            self._codes[n] = code
        except IndexError:          # (past the room made for it: see __init__)
            self._codes.append(code)
        self._ncodes = n + 1
    else:
        self._record(code)
    self._nev = 0
    self._legal = self._legal_list = None
    self._nl = -1
    if home:
        self._last = -1
        self._move(t, v, b)
        return
    # Turns._move without its rarer cases (home, turning, pooled rolls)
    self._last = self.turn << 23 | last
    self._lcaps = caps
    occ = self.occ
    if ia >= 0:
        k = occ[ia] - 1
        occ[ia] = k
        if k == 1:
            self.held[qa] &= nbit
        elif not k:
            self.anym[qa] &= nbit
    pos = self.pos
    pos[t] = b
    if ib >= 0:
        k = occ[ib] + 1
        occ[ib] = k
        if k == 2:
            self.held[qb] |= bit
        elif k == 1:
            self.anym[qb] |= bit
    self.npend = 0
    if caps:
        for u in move.captures:
            self._set(u, 0)
            self._event(EV_CAPTURE << 4 | u)
        if v == 6 or self.rules.bonus_capture:
            self._event(EV_BONUS << 4)
            self.phase = ROLL
            return
    elif v == 6:
        self._evt = None            # Turns._event, inlined: the bonus is the only event
        self._evb[0] = EV_BONUS << 4
        self._nev = 1
        self.phase = ROLL
        return
    after = self.rules.after        # Turns._next_turn, inlined (no mandatory kill here)
    s = after[self.turn]
    out = self.out
    while (out >> s) & 1 and s != self.turn:
        s = after[s]
    self.turn = s
    self.phase = ROLL
    self.sixes = 0
    self.turn_start[:] = pos
    self.ts_doors = self.doors


def install(game):
    """Game with the inlined roll and push, remade with its instance attributes in slots:
    CPython reads and writes those faster than a dict that has outgrown its shared
    keys (30 names; a Game has about 50).
    """
    global general_init, general_roll, general_push
    general_init = game.__init__
    general_roll = game.roll
    general_push = game.push
    body = dict(game.__dict__)
    body.pop("__dict__", None)      # (its bases keep one, for attributes set later)
    body.pop("__weakref__", None)
    body["__init__"] = __init__
    body["roll"] = roll
    body["push"] = push
    body["__slots__"] = _SLOTS
    return type(game.__name__, game.__bases__, body)
