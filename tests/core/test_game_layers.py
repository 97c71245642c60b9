"""The Game's layers are seams of their own (docs/api.md, "Where each part lives"):
a State is a position, Moves on it gives the legal moves, without the rest of a Game."""
import ludo
from ludo.moves import Moves
from ludo.rules import Rules
from ludo.state import State


def _played(preset, seed, actions):
    g = ludo.Game(preset, players=4, seed=seed)
    for _ in range(actions):
        if g.is_over():
            break
        if g.needs_roll():
            g.roll()
        else:
            g.push(g.legal_moves[len(g.legal_moves) // 2])
    return g


def test_a_state_is_the_starting_position_of_a_game():
    for preset in ("classic", "family", "club", "strict"):
        r = Rules(preset, 4)
        s = State(r)
        g = ludo.Game(r, seed=False)
        assert s.state() == g.state()
        assert s.needs_roll() == g.needs_roll() and not s.is_over()
        assert [s.place(t) for t in range(16)] == [g.place(t) for t in range(16)]


def test_moves_of_a_position_are_the_games_legal_moves():
    for preset in ("classic", "club", "strict"):
        for seed in range(3):
            g = _played(preset, seed, 120)
            while g.needs_roll() and not g.is_over():
                g.roll()
            m = Moves(g.rules)
            m.set_state(g.state())
            assert [x.code for x in m.legal_moves] == [x.code for x in g.legal_moves]
            assert list(m.pending_rolls) == list(g.pending_rolls)
