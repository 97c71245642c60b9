"""The board loads only the computer players' code a seat needs, one small
module of ludo at a time (ludoboard.players): Hard is
the package ludo.ai (which imports none of them), ludo.ai.base and Hard's
parts, without Easy and Medium; Expert (the coach's too) is ludo.ai, ludo.ai.base,
the win chance's parts (its weights, features, net and judge: not ludo.winchance, the PC's
module, which a PC's Expert uses for speed) and ludo.ai.lookahead, ludo.ai.expert; the app's boundary
(App.computers_needed, when no seat needs them) drops all of it (as on the board:
on CPython the loader keeps modules unless told)."""
import sys
from types import SimpleNamespace

import ludo
import ludoboard
from ludoboard import players
from ludoboard.app import App

AI_MODULES = ("ludo.ai", "ludo.ai.base", "ludo.ai.easy", "ludo.ai.thumb", "ludo.ai.medium",
              "ludo.ai.weights", "ludo.ai.tables", "ludo.ai.danger", "ludo.ai.worth", "ludo.ai.evaluate",
              "ludo.ai.search", "ludo.ai.prepare", "ludo.ai.hard", "ludo.winchance_weights", "ludo.winchance_danger",
              "ludo.winchance_seat", "ludo.winchance_features", "ludo.winchance_net", "ludo.winchance_judge",
              "ludo.ai.lookahead", "ludo.ai.expert")
EXPERT = ("ludo.ai", "ludo.ai.base", "ludo.winchance_weights", "ludo.winchance_danger", "ludo.winchance_seat",
          "ludo.winchance_features", "ludo.winchance_net", "ludo.winchance_judge", "ludo.ai.lookahead",
          "ludo.ai.expert")
HARD = ("ludo.ai", "ludo.ai.base", "ludo.ai.weights", "ludo.ai.tables", "ludo.ai.danger", "ludo.ai.worth",
        "ludo.ai.evaluate", "ludo.ai.search", "ludo.ai.prepare", "ludo.ai.hard")


PC_ONLY = ("ludo.winchance",)     # (a PC's Expert judges through it: the same chances, faster)


def _unload():
    players.forget()
    for name in AI_MODULES + PC_ONLY:
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


def _saved():
    return {name: sys.modules.get(name) for name in AI_MODULES + PC_ONLY}


def _restore(saved):
    _unload()
    for name, mod in saved.items():
        if mod is not None:
            sys.modules[name] = mod
    sys.modules["ludoboard.players"] = players      # (the app's boundary released it too)
    ludoboard.players = players


def test_hard_loads_without_easy_and_medium_and_release_drops_it(monkeypatch):
    monkeypatch.setattr(ludoboard, "_KEEP", False)      # release as the board does
    saved = _saved()
    try:
        _unload()
        g = _game()
        move = players.choose(g, "hard")
        assert move in g.legal_moves
        assert all(name in sys.modules for name in HARD)
        assert "ludo.ai.medium" not in sys.modules and "ludo.ai.easy" not in sys.modules
        App.computers_needed(SimpleNamespace(game=None))   # no game: no seat needs them
        for name in AI_MODULES + ("ludoboard.players",):
            assert name not in sys.modules
        sys.modules["ludoboard.players"] = players
        assert players.choose(g, "medium") in g.legal_moves
        assert "ludo.ai.medium" in sys.modules and "ludo.ai.hard" not in sys.modules
        assert "ludo.ai.easy" not in sys.modules
    finally:
        _restore(saved)


def test_load_imports_one_module_a_stage_each_importing_only_earlier_ones():
    # each stage compiles one module: what it imports of ludo's players is loaded already
    saved = _saved()
    try:
        for kind, last in (("easy", "ai.easy"), ("medium", "ai.medium"), ("hard", "ai.hard"),
                           ("expert", "ai.expert")):
            _unload()
            assert not players.ready(kind)
            stages = 0
            for _ in players.load(kind):
                stages += 1
                loaded = [name for name in AI_MODULES if name in sys.modules]
                assert len(loaded) == stages, loaded
            assert players.ready(kind) and "ludo." + last in sys.modules
            assert stages == len(players._PARTS[kind].split())
            assert list(players.load(kind)) == []           # nothing more to load
    finally:
        _restore(saved)


def test_the_boards_hard_makes_its_tables_each_decision_and_chooses_the_same():
    from ludo import ai
    saved = _saved()
    try:
        _unload()
        g = _game()
        mine = ai.Hard()
        for _ in range(40):
            if g.is_over():
                break
            if g.needs_roll():
                g.roll()
                continue
            theirs = players.choose(g, "hard")
            assert players._players["hard"]._search is None     # kept: the generator only
            m = mine.choose(g)
            assert theirs.code == m.code
            g.push(m)
    finally:
        _restore(saved)


def test_expert_loads_without_the_others_and_release_drops_it_with_the_win_chance(monkeypatch):
    monkeypatch.setattr(ludoboard, "_KEEP", False)      # release as the board does
    from ludo import ai
    saved = _saved()
    try:
        _unload()
        g = _game()
        move = players.choose(g, "expert")
        assert move.code == ai.Expert().choose(g).code
        assert all(name in sys.modules for name in EXPERT)
        assert not any(name in sys.modules for name in HARD if name not in EXPERT)
        assert "ludo.ai.medium" not in sys.modules and "ludo.ai.easy" not in sys.modules
        App.computers_needed(SimpleNamespace(game=None))   # no game: no seat needs them
        for name in AI_MODULES + ("ludoboard.players",):
            assert name not in sys.modules, name
    finally:
        _restore(saved)


def test_the_boards_expert_chooses_as_ludo_ai_expert_does():
    from ludo import ai
    saved = _saved()
    try:
        _unload()
        g = _game()
        mine = ai.Expert()
        for _ in range(60):
            if g.is_over():
                break
            if g.needs_roll():
                g.roll()
                continue
            m = mine.choose(g)
            assert players.choose(g, "expert").code == m.code
            g.push(m)
    finally:
        _restore(saved)


def test_the_boards_expert_stops_looking_ahead_at_its_deadline():
    """The app hands its clock (hw.ticks_ms) to choose: on a board too slow for the
    look-ahead (each reading of the clock 1 s later) Expert judges only its moves."""
    saved = _saved()
    try:
        _unload()
        # Red rolled a 6: it would look past its bonus roll
        g = ludo.Game.from_position("classic RGYB R=30,y,y,y/G=24,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 6 1 20")
        players.choose(g, "expert")
        assert players._players["expert"].nodes > len(g.legal_moves)
        ticks = [0]

        def slow_clock():
            ticks[0] += 1000
            return ticks[0]

        players.choose(g, "expert", slow_clock)
        assert players._players["expert"].nodes == len(g.legal_moves)
    finally:
        _restore(saved)
