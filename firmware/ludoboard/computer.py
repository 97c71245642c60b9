# A computer seat's turn and the coach's hint, as stages of a job (app.cpu_job runs
# them one a loop pass): the player's modules of ludo are imported one a stage
# (compiling costs about 100 bytes a line of code, so a pass never compiles more
# than one small module); then what its decision needs is made one part a stage
# (Hard's tables, search game, buffers: prepare); it decides in a stage of its
# own and its move is lit in the next, unless the game moved on meanwhile.
# Loaded with the players' code and dropped with it (players.release).
import sys

from . import players

# each player's modules of ludo in an order that loads them one at a time (each
# imports only modules before it); its class (Easy, Medium, Hard) is in the last
_PARTS = {"easy": ("ai_base", "ai_easy"),
          "medium": ("ai_base", "ai_thumb", "ai_medium"),
          "hard": ("ai_base", "ai_weights", "ai_tables", "ai_danger", "ai_worth", "ai_eval", "ai_search",
                   "ai_prepare", "ai_hard")}


def load(kind):
    # Stages: import the modules of that kind of player not loaded yet, one a stage.
    if players._ai is players.LAZY:
        for short in _PARTS[kind]:
            if "ludo." + short not in sys.modules:
                __import__("ludo." + short)
                yield


def _player(kind):
    # The player of that kind (made on first use; its code is loaded now if `load` did not).
    p = players._players.get(kind)
    if p is None:
        m = players._ai
        if m is players.LAZY:
            short = _PARTS[kind][-1]
            __import__("ludo." + short)
            m = sys.modules["ludo." + short]
        cls = getattr(m, kind[0].upper() + kind[1:], None)    # Easy, Medium, Hard
        p = players._players[kind] = cls() if cls is not None else None
        if p is not None and players._ai is players.LAZY:
            p.keep = False          # Hard: tables and buffers made again each decision
    return p


def prepare(game, kind):
    # Make one more part of what the next decision needs; True once all are made.
    make = getattr(_player(kind), "prepare", None)
    return make is None or make(game)


def choose(game, kind):
    # The Move the computer of that kind plays now (None without ludo.ai).
    if not players.available() or kind not in players.KINDS or kind == "human":
        return None
    p = _player(kind)
    if p is not None:
        return p.choose(game)
    return players._ai.choose(game, kind)


def stages(app, kind, what):
    # The job's stages: what 0 loads the code only (a computer's turn, before it
    # rolls), 1 is the computer's choice, 2 the coach's hint.
    g = app.game
    at = g.transcript_length
    for _ in load(kind):
        yield
    if not what:
        return
    while app.game is g and g.transcript_length == at and not prepare(g, kind):
        yield
    move = None
    if app.game is g and g.transcript_length == at:
        move = choose(g, kind)
        yield
    if what == 2:
        app.computers_needed()      # a hint in a game of people: its code goes again
    if app.game is not g or g.transcript_length != at:
        return
    if what == 2 and move is None:
        app.refuse()
        return
    app.selected = app.index_of(move)
    app.hint = what == 2
    app.dirty = True
