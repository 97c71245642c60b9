# What a plain game rarely needs, loaded on first use (the board's heap is small):
# the roll-off, resigning and timeouts, club's mandatory-kill door, replaying a
# transcript, checked action codes (push_code).
from .rules import SEAT_LETTERS, START_SIX, seat_of
from .errors import IllegalMoveError
from .actions import (EV_DOOR, EV_START, EV_RESIGN, EV_TIMEOUT, OFF, ROLLOFF, CODE_PASS, CODE_RESIGN,
                      CODE_TIMEOUT, CODE_UNDO, CODE_KIND)


def open_door_if_no_prey(g, s):
    """Mandatory kill: a shut door opens once no rival stone can ever be killed again
    (every rival stone is in its safe zone, home or lifted), or the game could never end.
    """
    for o in (s, g.rules.partner[s]):
        if o < 0 or (g.doors >> o) & 1:
            continue
        for t in range(16):
            b = g.pos[t]
            if g.rules.rival[o * 4 + (t >> 2)] and b != OFF and b <= g.rules.track_len:
                break
        else:
            g.doors |= 1 << o
            g._event(EV_DOOR << 4 | o)


def rolloff(g, v):
    """Apply roll `v` of the opening roll-off (who starts)."""
    seats = g.rules.seats
    s = g.turn
    if g.rules.start == START_SIX:
        if v == 6:
            _start(g, s)
        else:
            _next_candidate(g, s)
        return
    if v > g.ro_best:
        g.ro_best = v
        g.ro_bestmask = 1 << s
    elif v == g.ro_best:
        g.ro_bestmask |= 1 << s
    if not _next_candidate(g, s, False):        # everyone has rolled
        m = g.ro_bestmask
        if m & (m - 1) == 0:
            for w in seats:
                if m == 1 << w:
                    _start(g, w)
            return
        g.ro_mask = m                # a tie: the tied seats roll again
        g.ro_best = g.ro_bestmask = 0
        for w in seats:
            if (m >> w) & 1:
                g.turn = w
                return


def _next_candidate(g, s, wrap=True):
    seats = g.rules.seats
    n = len(seats)
    i = 0
    while seats[i] != s:
        i += 1
    for k in range(1, n + (1 if wrap else 0)):
        j = i + k
        if not wrap and j >= n:
            return False
        w = seats[j % n]
        if (g.ro_mask >> w) & 1:
            g.turn = w
            return True
    return False


def _start(g, s):
    g._event(EV_START << 4 | s)
    g.ro_mask = g.ro_best = g.ro_bestmask = 0
    g._begin_turn(s)


def leave(g, s, term):
    """Seat `s` leaves the game (resigned or timed out, `term`): its tokens go off the board."""
    for t in range(s * 4, s * 4 + 4):
        g._set(t, OFF)
    g.out |= 1 << s
    for t in range(s * 4, s * 4 + 4):
        g.turn_start[t] = OFF        # a voided turn must not bring them back
    g._event((EV_RESIGN if term == 2 else EV_TIMEOUT) << 4 | s)
    left = 0
    for w in g.rules.seats:
        if not (g.out >> w) & 1:
            left |= 1 << w
    if left & (left - 1) == 0:
        g._win(left, term)
    elif g.turn == s:
        g._next_turn()


def resign(g, seat):
    """Seat `seat` resigns (strict, and classic with two players)."""
    s = seat_of(seat)
    g._check_running("resign")
    if not g.rules.can_resign:
        raise IllegalMoveError("resign: not in %s with %d players (hand the seat to the computer) (%s)"
                               % (g.preset, len(g.seats), g.position()))
    if s not in g.seats or (g.out >> s) & 1:
        raise IllegalMoveError("resign: %s is not playing (%s)" % (SEAT_LETTERS[s], g.position()))
    if g.phase == ROLLOFF:
        raise IllegalMoveError("resign: wait until the roll-off has chosen who starts (%s)" % g.position())
    g._push_code(CODE_RESIGN + s)


def timeout(g):
    """The seat on turn missed the per-turn deadline (the caller keeps the clock)."""
    g._check_running("timeout")
    if not g.rules.deadline:
        raise IllegalMoveError("timeout: this game has no deadline (option 'deadline') (%s)" % g.position())
    if g.phase == ROLLOFF:
        raise IllegalMoveError("timeout: wait until the roll-off has chosen who starts (%s)" % g.position())
    g._push_code(CODE_TIMEOUT + g.turn)


def push_transcript_code(g, code):
    """Apply one transcript code (checked): an action, a take-back (121) or a seat
    hand-over (122..); returns its record line.  Replays a board's saved transcript.
    """
    text = g.action_text(code)
    if code == CODE_UNDO:
        g.pop()
    elif code >= CODE_KIND:
        g.set_kind(text[5], text[7:], True)     # ("kind B expert")
    else:
        g.push_code(code)
    return text


def push_code(g, code):
    """Apply one action code (docs/api.md), checked for legality."""
    if not isinstance(code, int) or not 0 < code < CODE_UNDO:
        raise IllegalMoveError("unknown action code %r (%s)" % (code, g.position()))
    if code < 16:
        if not (1 <= code & 7 <= 6) or code in (7, 8):
            raise IllegalMoveError("unknown action code %r (%s)" % (code, g.position()))
        g._check_running("roll")
        if not g.needs_roll():
            raise IllegalMoveError("roll: a move is due, not a roll (%s)" % g.position())
        g._push_code(code)
    elif code <= CODE_PASS:
        g._check_running("move")
        g._gen()
        if g._find(code) < 0:
            raise IllegalMoveError("illegal move %s in %s" % (g.action_text(code), g.position()))
        g._push_code(code)
    elif code < CODE_TIMEOUT:
        g.resign(code - CODE_RESIGN)
    else:
        s = code - CODE_TIMEOUT
        if s != g.turn:
            raise IllegalMoveError("timeout %s: not on turn (%s)" % (SEAT_LETTERS[s], g.position()))
        g.timeout()

