"""Computer seats: a hook for `ludo.ai` (Easy, Medium, Hard; `choose(game) -> Move`).

When `ludo.ai` is not installed every seat is played by people.
"""
try:
    from ludo import ai as _ai
except ImportError:
    _ai = None

KINDS = ("human", "easy", "medium", "hard")
LEAVE_KIND = "medium"       # who takes over a seat whose player leaves
COACH_KIND = "hard"         # whose move a coach hint shows
_CLASS = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
_players = {}


def available():
    return _ai is not None


def _player(kind):
    p = _players.get(kind)
    if p is None:
        cls = getattr(_ai, _CLASS[kind], None)
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
    return _ai.choose(game, kind)
