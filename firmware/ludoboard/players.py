# Computer seats: a hook for ludo's computer players (Easy, Medium, Hard), which
# are small modules of ludo: ai_base, then each player's own parts.  They are
# loaded only while needed, one module a loop pass (computer.py, a job of the
# app), and stay while a game has a computer seat (until it ends); after a coach
# hint in a game of people they go again (release).  Between decisions a seat
# keeps only its player's generator: Hard makes its tables and buffers again for
# each decision.  This module stays loaded: the rest is computer.py's.
# When ludo.ai is not installed every seat is played by people.
import sys

KINDS = ("human", "easy", "medium", "hard")
LEAVE_KIND = "medium"       # who takes over a seat whose player leaves
COACH_KIND = "hard"         # whose move a coach hint shows
LAZY = "lazy"               # _ai: installed, not loaded now
_CLASS_MODULE = {"easy": "ludo.ai_easy", "medium": "ludo.ai_medium", "hard": "ludo.ai_hard"}


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
    # Is the code of that kind of player loaded (the module of its class is last)?
    return _ai is not LAZY or _CLASS_MODULE[kind] in sys.modules


def release():
    # Forget the computer players and drop their code (the game no longer needs them).
    _players.clear()
    for name in sys.modules:        # (a loop over the dict itself allocates nothing)
        if name.startswith("ludo.ai") and _ai is LAZY or name == "ludoboard.computer":
            break
    else:
        return                      # none loaded: a game of people ends without garbage
    for name in list(sys.modules):
        if name.startswith("ludo.ai") and _ai is LAZY or name == "ludoboard.computer":
            dot = name.find(".")
            parent = sys.modules.get(name[:dot])
            del sys.modules[name]
            if parent is not None and name[dot + 1:] in parent.__dict__:
                delattr(parent, name[dot + 1:])
