# A record replayed into the game it describes: `game_of(record)`.  Above
# ludo.game and ludo.record (a record knows no Game, so that the game can make
# its record without an import circle).  Never loaded on the board.
from .game import Game
from .record import replay


def game_of(record, upto=None, strict=True):
    """The Game a Record describes (after its first `upto` actions: all by default).
    With strict=False, stops quietly at the first bad action and appends it to the
    record's `.errors` instead of raising a RecordError.
    """
    return replay(Game, record, upto, strict)[0]
