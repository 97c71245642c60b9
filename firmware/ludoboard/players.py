# Computer seats: a hook for `ludo.ai` (Easy, Medium, Hard; `choose(game) -> Move`).
# The players' code is loaded only while it is needed: for a game with a
# computer seat (kept until such a game ends), or for one coach hint (dropped
# again at once), so a game of people only never holds it.  Hard (the coach's
# too) is `ludo.ai_eval` (with `ludo.ai_base`), loaded without `ludo.ai`'s Easy
# and Medium; those two are `ludo.ai`.
# When `ludo.ai` is not installed every seat is played by people.
import sys

KINDS = ("human", "easy", "medium", "hard")
LEAVE_KIND = "medium"       # who takes over a seat whose player leaves
COACH_KIND = "hard"         # whose move a coach hint shows
LAZY = "lazy"               # _ai: installed, not loaded now


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


def release():
    # Forget the computer players and drop their code (the game no longer needs them).
    _players.clear()
    if _ai is not LAZY:
        return
    pkg = sys.modules.get("ludo")
    for short in ("ai", "ai_eval", "ai_base"):
        sys.modules.pop("ludo." + short, None)
        if pkg is not None and short in pkg.__dict__:
            delattr(pkg, short)


def choose(game, kind):
    # The Move the computer of that kind plays now (None without ludo.ai).
    if _ai is None or kind not in KINDS or kind == "human":
        return None
    m = _ai
    if m is LAZY:
        if kind == "hard":
            from ludo import ai_eval as m   # Hard alone: neither Easy nor Medium
        else:
            from ludo import ai as m
    p = _players.get(kind)
    if p is None:
        cls = getattr(m, kind[0].upper() + kind[1:], None)    # Easy, Medium, Hard
        p = _players[kind] = cls() if cls is not None else None
    if p is not None:
        return p.choose(game)
    return m.choose(game, kind)
