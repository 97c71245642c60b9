# Computer players: Easy, Medium, Hard and Expert.
#
# from ludo import ai
# player = ai.Hard(seed=3)
# move = player.choose(game)          # one of game.legal_moves (None if none)
# game.push(move)
#
# - Easy (ludo.ai.easy) moves at random, but likes to bring a token home or out
# of the yard.
# - Medium (ludo.ai.medium, its tests in ludo.ai.thumb) plays by rules of thumb,
# as a sensible casual player does: a fixed priority of simple rules about the
# move itself (capture; move a token in danger out of it; reach safety; enter;
# move a token that stands on an open square, the one furthest behind).  It
# judges no whole position and looks no further than the move.
# - Hard (ludo.ai.hard) judges whole positions (ludo.ai.evaluate, ludo.ai.danger,
# ludo.ai.worth: progress, tokens out, safety, captures, the precise danger of
# every rival's next roll; weights in ludo.ai.weights, their tables for a game's
# rules in ludo.ai.tables) and looks ahead over the dice (ludo.ai.search): after
# each of its moves it averages over the rolls of its own bonus throws and plays
# on (expectimax) and spends `club`'s pending rolls in the best order.  A node
# budget bounds its work, so a decision on the board takes well under a second
# (bench/ai_micropython.py); ludo.ai.prepare makes what a decision needs.
#
# - Expert (ludo.ai.expert) chooses by the win chance of ludo.winchance (the
# learned judge the analysis uses) and looks ahead over the dice as Hard does:
# the best-looking move that keeps it on turn is followed past its bonus roll
# (the average over the die of the best reply's chance) or club's pending
# rolls, within a budget of positions judged.
#
# Every player is deterministic for its seed (its own small generator,
# ludo.ai.base: CircuitPython's `random` differs from CPython's) and never
# changes the game it is given (Hard searches on its own copy).
# The parts are small modules and this one imports none of them: a player's
# class is loaded on first use (`ai.Hard`: ludo.ai.hard), so the board can load
# one module at a time (compiling costs about 100 bytes a line of code), only
# those of the player a seat needs (ludoboard/players.py).

# A player's class is its module's name capitalised (ludo.ai.hard's Hard); Rng is
# ludo.ai.base's.  Worked out rather than listed: a table here would be kept on
# the board in every game with a computer seat.
_players = {}


def __getattr__(name):
    """ai.Easy, ai.Medium, ai.Hard, ai.Rng: loaded from their module on first use; a
    module of the package (MicroPython asks here first on `from . import weights`).
    """
    if name[0] == "_":
        raise AttributeError(name)
    import sys
    short = "base" if name == "Rng" else name.lower()
    full = __name__ + "." + short
    if full not in sys.modules:
        try:
            __import__(full)
        except ImportError:
            raise AttributeError("module 'ludo.ai' has no attribute %r" % (name,))
    module = sys.modules[full]
    return module if short == name else getattr(module, name)


def choose(game, kind):
    """The move a computer of `kind` ("easy", "medium", "hard", "expert") plays now (None if none)."""
    p = _players.get(kind)
    if p is None:
        if kind not in ("easy", "medium", "hard", "expert"):
            raise ValueError("unknown computer player %r (easy, medium, hard or expert)" % (kind,))
        p = _players[kind] = __getattr__(kind[0].upper() + kind[1:])()
    return p.choose(game)
