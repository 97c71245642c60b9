"""ludoboard.players loads only the computer players' code a seat needs: Hard
(the coach's too) is ludo.ai_eval with ludo.ai_base, without ludo.ai's Easy and
Medium; release() drops all of it."""
import sys

import ludo
from ludoboard import players

AI_MODULES = ("ludo.ai", "ludo.ai_eval", "ludo.ai_base")


def _unload():
    players.release()
    for name in AI_MODULES:
        sys.modules.pop(name, None)
        short = name.split(".")[1]
        if short in ludo.__dict__:
            delattr(ludo, short)


def _game():
    g = ludo.Game("classic", players=4, seed=11)
    while g.needs_roll() or len(g.legal_moves) < 2:
        if g.needs_roll():
            g.roll()
        else:
            g.push(g.legal_moves[0])
    return g


def test_hard_loads_without_easy_and_medium_and_release_drops_it():
    saved = {name: sys.modules.get(name) for name in AI_MODULES}
    try:
        _unload()
        g = _game()
        move = players.choose(g, "hard")
        assert move in g.legal_moves
        assert "ludo.ai_eval" in sys.modules and "ludo.ai_base" in sys.modules
        assert "ludo.ai" not in sys.modules
        players.release()
        for name in AI_MODULES:
            assert name not in sys.modules
        assert players.choose(g, "medium") in g.legal_moves
        assert "ludo.ai" in sys.modules and "ludo.ai_eval" not in sys.modules
    finally:
        _unload()
        for name, mod in saved.items():
            if mod is not None:
                sys.modules[name] = mod
