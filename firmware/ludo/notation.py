# Move notation: `R1 y-0`, `R1 0-6`, `R1 47-h2`, `R1 h4-c`, `R1 3-9xG2`, `pass`.
#
# A token is its seat letter and number; squares are the absolute track square
# (0..51, Red's entry is 0), `y` the yard, `h1`..`h5` the home column, `c` home
# (the centre).  In `club`, whose pending rolls are spent in any order, a move
# that two of them could make alike (an entry when a 1 enters too, a rebound)
# names its roll: `R1 y-0/1`.  `R1+6` (token and roll) is accepted as a short form.
# Loaded only when text is needed, to keep the board's heap small.
from .rules import SEAT_LETTERS
from .errors import IllegalMoveError
from .actions import square_text, move_text  # noqa: F401  (the writer lives with Move)


def parse_move(game, text):
    """A legal Move from its text: 'R1 0-6', 'R1 3-9xG2', 'R1 y-0/1' (the roll spent),
    'R1+6' (token and roll), 'pass'.
    """
    try:
        m = find_move(game, text)
    except _Bad as exc:
        raise IllegalMoveError("bad move %r: %s in %s" % (text, exc, game.position()))
    if m is None:
        raise IllegalMoveError("illegal move %r in %s" % ("pass" if text.strip().lower() == "pass" else text,
                                                         game.position()))
    return m


class _Bad(ValueError):
    # text that names no move at all (IllegalMoveError with the position, above)
    pass


def find_move(game, text):
    """The legal Move the text names, or None when it names none legal now (ValueError:
    the text names no move at all).  Without the position's text, unlike parse_move:
    the board's `act` asks it (the position's code is large).
    """
    s = text.strip()
    if s.lower() == "pass":
        s = "pass"
    legal = game.legal_moves
    for m in legal:
        if str(m) == s:
            return m
    if s == "pass":
        return None
    roll = None
    if "/" in s:
        s, _, v = s.rpartition("/")
        roll = _roll_from(v, "R1 y-0/1")
    if "+" in s:
        name, _, v = s.partition("+")
        t = _token_from(name.strip())
        v = _roll_from(v, "R1+6")
        for m in legal:
            if m.roll == v and _same_stack(game, m.token, t):
                return m
    else:
        parts = s.split(" ")
        if len(parts) == 2:
            t = _token_from(parts[0])
            want = _squares(parts[1])
            for m in legal:
                if ((roll is None or m.roll == roll) and _same_stack(game, m.token, t)
                        and _squares(str(m).split(" ")[1]) == want):
                    return m
    return None


def _squares(text):
    """'y-0' of 'y-0', 'y-0xG2', 'y-0/1': from and to, without captures or roll"""
    return text.split("x")[0].split("/")[0]


def _roll_from(v, example):
    if v not in ("1", "2", "3", "4", "5", "6"):
        raise _Bad("expected token, squares and roll like %s" % example)
    return int(v)


def _token_from(name):
    if len(name) == 2 and name[0] in SEAT_LETTERS and name[1] in "1234":
        return SEAT_LETTERS.index(name[0]) * 4 + int(name[1]) - 1
    raise _Bad("no token %r (R1..B4)" % name)


def _same_stack(game, a, b):
    return a == b or (a >> 2 == b >> 2 and game.pos[a] == game.pos[b])
