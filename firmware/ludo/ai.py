# Computer players: Easy, Medium and Hard.
#
# from ludo import ai
# player = ai.Hard(seed=3)
# move = player.choose(game)          # one of game.legal_moves (None if none)
# game.push(move)
#
# - Easy (ludo.ai_easy) moves at random, but likes to bring a token home or out
# of the yard.
# - Medium (ludo.ai_medium, its tests in ludo.ai_thumb) plays by rules of thumb,
# as a sensible casual player does: a fixed priority of simple rules about the
# move itself (capture; move a token in danger out of it; reach safety; enter;
# move a token that stands on an open square, the one furthest behind).  It
# judges no whole position and looks no further than the move.
# - Hard (ludo.ai_hard) judges whole positions (ludo.ai_eval, ludo.ai_danger:
# progress, tokens out, safety, captures, the precise danger of every rival's
# next roll; weights in ludo.ai_weights) and looks ahead over the dice
# (ludo.ai_search): after each of its moves it averages over the rolls of its
# own bonus throws and plays on (expectimax) and spends `club`'s pending rolls
# in the best order.  A node budget bounds its work, so a decision on the
# board takes well under a second (bench/ai_micropython.py).
#
# Every player is deterministic for its seed (its own small generator,
# ludo.ai_base: CircuitPython's `random` differs from CPython's) and never
# changes the game it is given (Hard searches on its own copy).
# The parts are small modules, so the board can load one at a time (compiling
# costs about 100 bytes a line of code): ludoboard/players.py loads only the
# player a seat needs, never this module.
from .ai_base import Rng, _Player, track_squares  # noqa: F401  (ai.Rng: the players' generator)
from .ai_easy import Easy
from .ai_medium import Medium


def __getattr__(name):
    """ai.Hard: loaded from ludo.ai_hard on first use (Easy and Medium do without it)."""
    if name == "Hard":
        from .ai_hard import Hard
        return Hard
    raise AttributeError(name)


_players = {}
_CLASSES = {"easy": Easy, "medium": Medium, "hard": None}


def choose(game, kind):
    """The move a computer of `kind` ("easy", "medium", "hard") plays now (None if none)."""
    p = _players.get(kind)
    if p is None:
        if kind not in _CLASSES:
            raise ValueError("unknown computer player %r (easy, medium or hard)" % (kind,))
        p = _players[kind] = (_CLASSES[kind] or __getattr__("Hard"))()
    return p.choose(game)
