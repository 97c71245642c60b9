# Computer seats: ludo's computer players (Easy, Medium, Hard, Expert) playing a
# seat, and the coach's hint for a person's seat (Expert's move where the board has
# room for its code, else Hard's: job, names.COACH_KIND and COACH_SMALL).
#
# This module and the players are loaded only while needed (play.job), one
# module a loop pass: the package ludo.ai (it imports none of them), ludo.ai.base,
# then each player's own parts (Expert's: the win chance's board parts,
# ludo.winchance_*, and its look-ahead).  They stay while
# a game has a computer seat; the app releases them when no seat needs them
# (app.computers_needed: the game over, a hint given in a game of people).
# Between decisions a seat keeps only its player's generator: Hard makes its
# tables and buffers again for each decision.  When ludo.ai is not installed
# every seat is played by people (app.computers, from `available` at the start).
import sys

from ludo.actions import KINDS
from .buttons import ticks_diff
from . import play
from .names import COACH_KIND, COACH_ROOM, COACH_SMALL

LAZY = "lazy"               # _ai: installed, not loaded now
# each player's modules of ludo in an order that loads them one at a time (each
# imports only modules before it); its class (Easy, Medium, Hard, Expert) is in the
# last, ludo.ai.<kind>.  One string each, split when loaded: a short string compiled
# is a name kept for good, and this module compiles at the start-up of every game.
_PARTS = {"easy": "ai ai.base ai.easy",
          "medium": "ai ai.base ai.thumb ai.medium",
          "hard": "ai ai.base ai.weights ai.tables ai.danger ai.worth ai.evaluate ai.search ai.prepare ai.hard",
          "expert": ("ai ai.base winchance_weights winchance_danger winchance_seat winchance_features "
                     "winchance_net winchance_judge ai.lookahead ai.expert")}


def _installed():
    """Is ludo.ai there?  Looked up on the file system, without loading it."""
    import os
    import ludo
    where = getattr(ludo, "__file__", None)
    if not where:               # frozen in: loading it is the only way to know
        try:
            import ludo.ai  # noqa: F401
        except ImportError:
            return False
        return True
    where = where[:where.rfind("/") + 1]
    for name in ("ai/__init__.py", "ai/__init__.mpy"):
        try:
            os.stat(where + name)
            return True
        except OSError:
            pass
    return False


# None: not installed; LAZY: installed, loaded on demand; else the module (or a stand-in).
_ai = LAZY if _installed() else None
del _installed
_players = {}


def available():
    """Are the computer players installed?"""
    return _ai is not None


def ready(kind):
    """Is the code of that kind of player loaded (the module of its class is last)?"""
    return _ai is not LAZY or "ludo.ai." + kind in sys.modules


def forget():
    """Forget the computer players (no seat needs them); True when their code (ludo.ai*)
    may be released: it is loaded again when needed.
    """
    _players.clear()
    return _ai is LAZY


def load(kind):
    """Stages: import the modules of that kind of player not loaded yet, one a stage."""
    if _ai is LAZY:
        for short in _PARTS[kind].split():
            if "ludo." + short not in sys.modules:
                __import__("ludo." + short)
                yield


def _player(kind):
    """The player of that kind (made on first use; its code is loaded now if `load` did not)."""
    p = _players.get(kind)
    if p is None:
        m = _ai
        if m is LAZY:
            short = "ludo.ai." + kind
            __import__(short)
            m = sys.modules[short]
        cls = getattr(m, kind[0].upper() + kind[1:], None)    # Easy, Medium, Hard, Expert
        p = _players[kind] = cls() if cls is not None else None
        if p is not None and _ai is LAZY:
            p.keep = False          # Hard: tables and buffers made again each decision
    return p


def prepare(game, kind):
    """Make one more part of what the next decision needs; True once all are made."""
    make = getattr(_player(kind), "prepare", None)
    return make is None or make(game)


def choose(game, kind, clock=None):
    """The Move the computer of that kind plays now (None without ludo.ai); clock: the
    board's ticks_ms, for a player with a deadline (Expert)."""
    if not available() or kind not in KINDS or kind == "human":
        return None
    p = _player(kind)
    if p is not None:
        if clock is not None and hasattr(p, "clock"):
            p.clock = clock
        return p.choose(game)
    return _ai.choose(game, kind)


def paused(app, now):
    """A computer seat on turn, once its pause is over: it rolls, or (without fix-ups, no
    wooden token to move) its lit move goes on.  True when it did.
    """
    # the pause: the last action's signal (1.3 s at most for a pass, seen) ends first
    pause = getattr(app.hw, "settings", None) or {}
    if ticks_diff(now, app.phase_at) < pause.get("LUDO_COMPUTER_PAUSE_MS", 1400):
        return False
    if app.game.needs_roll():
        if app.hand:
            return False
        play.roll(app, None)
    elif app.skip_fixups and app.selected >= 0:
        play.move(app, app.selected)
    else:
        return False
    return True


def job(app, kind, what, room=None):
    """A job of the app (one stage a loop pass, not in the pass that asked: a roll, a
    press): load that kind of player's code (what: "load"), then its choice lit
    ("choose") or the coach's hint ("hint"), unless the game moved on meanwhile.  The
    coach's (kind None) is Expert's where a seat of the game is Expert's (its code is
    there anyway) or the board had COACH_ROOM free (room, before this module loaded),
    else Hard's.
    """
    yield
    g = app.game
    if kind is None:
        kind = COACH_KIND
        if kind not in g.kinds.values() and room is not None and room < COACH_ROOM:
            kind = COACH_SMALL
    at = g.transcript_length
    for _ in load(kind):
        yield
    if what == "load":
        return
    while app.game is g and g.transcript_length == at and not prepare(g, kind):
        yield
    move = None
    if app.game is g and g.transcript_length == at:
        move = choose(g, kind, app.hw.ticks_ms)
        yield
    if what == "hint":
        app.computers_needed()      # a hint in a game of people: its code goes again
    if app.game is not g or g.transcript_length != at:
        return
    if what == "hint" and move is None:
        app.refuse()
        return
    app.selected = _index_of(app.legal, move)
    app.hint = what == "hint"
    app.dirty = True


def _index_of(legal, move):
    """The index of the computer's move among the legal moves."""
    if move is None:
        return 0 if legal else -1
    for i in range(len(legal)):
        if legal[i].code == move.code:
            return i
    return 0
