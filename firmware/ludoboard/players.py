# Computer seats: a hook for ludo's computer players (Easy, Medium, Hard).
# Their code is small modules of ludo (ai_base, then each player's own parts),
# loaded only while needed and one module a loop pass (a job of the app: `load`):
# compiling costs about 100 bytes a line of code, so the board never compiles
# more than one small module at once.  The code stays while a game has a
# computer seat (until it ends) and goes again after a coach hint in a game of
# people (release).  Between decisions a seat keeps only its player's generator:
# Hard makes its tables and buffers again for each decision (keep off), one part
# a loop pass (prepare), and drops them when it has decided.
# When ludo.ai is not installed every seat is played by people.
import sys

KINDS = ("human", "easy", "medium", "hard")
LEAVE_KIND = "medium"       # who takes over a seat whose player leaves
COACH_KIND = "hard"         # whose move a coach hint shows
LAZY = "lazy"               # _ai: installed, not loaded now
# each player's modules of ludo in an order that loads them one at a time (each
# imports only modules before it); its class (Easy, Medium, Hard) is in the last
_PARTS = {"easy": ("ai_base", "ai_easy"),
          "medium": ("ai_base", "ai_thumb", "ai_medium"),
          "hard": ("ai_base", "ai_weights", "ai_tables", "ai_danger", "ai_worth", "ai_eval", "ai_search",
                   "ai_prepare", "ai_hard")}


def _installed():
    # Is ludo.ai there?  Looked up on the file system, without loading it.
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
    for name in ("ai.py", "ai.mpy"):
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
    return _ai is not None


def ready(kind):
    # Is the code of that kind of player loaded?
    if _ai is LAZY:
        for short in _PARTS[kind]:
            if "ludo." + short not in sys.modules:
                return False
    return True


def load(kind):
    # A job (app.jobs): imports the modules of that kind of player not loaded yet, one a stage.
    if _ai is LAZY:
        for short in _PARTS[kind]:
            if "ludo." + short not in sys.modules:
                __import__("ludo." + short)
                yield


def release():
    # Forget the computer players and drop their code (the game no longer needs them).
    _players.clear()
    if _ai is not LAZY:
        return
    pkg = sys.modules.get("ludo")
    for short in ("ai", "ai_easy", "ai_thumb", "ai_medium", "ai_hard", "ai_prepare", "ai_search", "ai_eval",
                  "ai_worth", "ai_danger", "ai_tables", "ai_weights", "ai_base"):
        sys.modules.pop("ludo." + short, None)
        if pkg is not None and short in pkg.__dict__:
            delattr(pkg, short)


def _player(kind):
    # The player of that kind (made on first use; its code is loaded now if `load` did not).
    p = _players.get(kind)
    if p is None:
        m = _ai
        if m is LAZY:
            short = _PARTS[kind][-1]
            __import__("ludo." + short)
            m = sys.modules["ludo." + short]
        cls = getattr(m, kind[0].upper() + kind[1:], None)    # Easy, Medium, Hard
        p = _players[kind] = cls() if cls is not None else None
        if p is not None and _ai is LAZY:
            p.keep = False          # Hard: tables and buffers made again each decision
    return p


def prepare(game, kind):
    # Make one more part of what the next decision needs (Hard's tables, search game,
    # buffers: a job makes them one a loop pass); True once all are made.
    if _ai is None or kind not in KINDS or kind == "human":
        return True
    make = getattr(_player(kind), "prepare", None)
    return make is None or make(game)


def choose(game, kind):
    # The Move the computer of that kind plays now (None without ludo.ai).
    if _ai is None or kind not in KINDS or kind == "human":
        return None
    p = _player(kind)
    if p is not None:
        return p.choose(game)
    return _ai.choose(game, kind)
