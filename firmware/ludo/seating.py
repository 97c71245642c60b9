# The second step of building a Rules (rules.py's STEPS): the players, a count
# or seats (seats in turn order; None while the preset's own are to come: the
# next step, ludo.modes, knows which).
#
# Loaded when a game starts and dropped again afterwards on the board (rules.py).
from .errors import OptionError
from .rules import seat_of


def build(rules):
    players = rules.players
    del rules.players
    if players is None:
        players = 4 if rules.preset != "strict" else 2
    if isinstance(players, int) and not isinstance(players, bool):
        if not 2 <= players <= 4:
            raise OptionError("players must be 2, 3 or 4, not %r" % (players,))
        rules.count = players
        rules.seats = None
        return
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
    rules.count = count
    rules.seats = seats
