# The second step of building a Rules (rules.py's STEPS): the players (a count
# or seats), club's ordinary and free modes (club_modes.py, for club only), the
# preset's own seats, and the checks across options.  After it the choice is
# known to make a game: the later steps only build tables.
#
# Loaded when a game starts and dropped again afterwards on the board (rules.py).
from .errors import OptionError
from .rules import seat_of, SEAT_LETTERS, _step

_TWO_SEATS = {"family": (0, 1), "classic": (0, 2), "club": (0, 3), "strict": (0, 2)}


def build(rules):
    """rules.players (a count, seat letters or seats; None: the preset's) and rules.given
    (the caller's options) go; rules.seats and rules.free come.
    """
    opts = rules.options
    count, seats = _players(rules)
    free = False
    if rules.preset == "club":      # its modes: a module of their own, loaded for club only
        free = _step("club_modes", "check", (opts, rules.given, count))
    del rules.given
    if seats is None:
        seats = _TWO_SEATS[rules.preset] if count == 2 else (0, 1, 2) if count == 3 else (0, 1, 2, 3)
    elif rules.preset == "club" and not free and seats not in ((0, 3), (1, 2), (0, 1, 2, 3)):
        raise OptionError("players %r: ordinary club mode seats facing colours (R and B, or G and Y)"
                          % ("".join(SEAT_LETTERS[s] for s in seats),))
    if opts["three_sixes"] not in ("forfeit", "void", "none"):
        raise OptionError("option 'three_sixes' is 'forfeit', 'void' or 'none', not %r"
                          % (opts["three_sixes"],))
    if not 1 <= opts["tokens_to_win"] <= 4:
        raise OptionError("option 'tokens_to_win' is 1 to 4, not %r" % (opts["tokens_to_win"],))
    if not 0 <= opts.get("deadline", 0) <= 3600:
        raise OptionError("option 'deadline' is seconds, 0 to 3600, not %r" % (opts["deadline"],))
    if opts.get("highest_starts") and opts.get("rolloff"):
        raise OptionError("options 'highest_starts' and 'rolloff' both choose who starts")
    rules.seats = seats
    rules.free = free


def _players(rules):
    """(count, seats in turn order or None for the preset's own)"""
    players = rules.players
    del rules.players
    if players is None:
        players = 4 if rules.preset != "strict" else 2
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:
            raise OptionError("players must be 2, 3 or 4, not %r" % (players,))
        return players, None
    if isinstance(players, str):
        players = players.upper()
        if not players or [ch for ch in players if ch not in "RGYB"]:
            raise OptionError("players %r: give a count, seat letters like 'RY', or a list of colours"
                              % (players,))
        players = tuple(players)
    try:
        seats = tuple(sorted(seat_of(s) for s in players))
    except TypeError:
        raise OptionError("players must be a count or seats, not %r" % (players,))
    count = len(seats)
    if count < 2 or count > 4 or len(set(seats)) != count:
        raise OptionError("players must be 2 to 4 different seats, not %r" % (players,))
    return count, seats
