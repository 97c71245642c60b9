"""Computer seats: a hook for `ludo.ai` (Easy, Medium, Hard; `choose(game) -> Move`).

`ludo.ai` (and its `ludo.ai_eval`) is loaded only while it is needed: for a
game with a computer seat (kept until such a game ends), or for one coach
hint (dropped again at once), so a game of people only never holds its code.
When `ludo.ai` is not installed every seat is played by people.
"""
import sys

KINDS = ("human", "easy", "medium", "hard")
LEAVE_KIND = "medium"       # who takes over a seat whose player leaves
COACH_KIND = "hard"         # whose move a coach hint shows
_CLASS = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
_MODULES = ("ludo.ai", "ludo.ai_eval")
LAZY = "lazy"               # _ai: installed, not loaded now


def _installed():
    """Is ludo.ai there?  Looked up on the file system, without loading it."""
    import os
    import ludo
    where = getattr(ludo, "__file__", None)
    if where:
        where = where[:where.rfind("/") + 1] if "/" in where else ""
        for name in ("ai.py", "ai.mpy"):
            try:
                os.stat(where + name)
                return True
            except OSError:
                pass
        return False
    try:                        # frozen in: loading it is the only way to know
        import ludo.ai  # noqa: F401
    except ImportError:
        return False
    return True


# None: not installed; LAZY: installed, loaded on demand; else the module (or a stand-in).
_ai = LAZY if _installed() else None
_players = {}


def available():
    return _ai is not None


def _module():
    if _ai is LAZY:
        from ludo import ai
        return ai
    return _ai


def loaded():
    return _ai is not LAZY and _ai is not None or "ludo.ai" in sys.modules


def release():
    """Forget the computer players and drop their code (the game no longer needs them)."""
    _players.clear()
    if _ai is not LAZY:
        return
    pkg = sys.modules.get("ludo")
    for full in _MODULES:
        sys.modules.pop(full, None)
        short = full[5:]
        if pkg is not None and short in pkg.__dict__:
            delattr(pkg, short)


def _player(kind):
    p = _players.get(kind)
    if p is None:
        cls = getattr(_module(), _CLASS[kind], None)
        p = cls() if cls is not None else None
        _players[kind] = p
    return p


def choose(game, kind):
    """The Move the computer of that kind plays now (None without ludo.ai)."""
    if _ai is None or kind not in _CLASS:
        return None
    p = _player(kind)
    if p is not None:
        return p.choose(game)
    return _module().choose(game, kind)
