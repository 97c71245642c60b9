"""The Game's layers (docs/api.md, "Where each part lives"): State < Moves < Turns < Game,
what a position is, what moves are legal, what an action does, the action stack and the
API. The map's names are where it says, and the seams hold: the position's bytes bring
back the legal moves and the last action's results of the position, not of the one before."""
import pytest

import ludo
from ludo.game import Game
from ludo.moves import Moves
from ludo.state import SNAP_EVERY, State
from ludo.turns import Turns

# the names docs/api.md's map gives each layer (each class's own, not inherited)
LAYERS = [
    (State, ("state", "set_state", "progress", "place", "needs_roll", "is_over", "pending_rolls",
             "_write", "_restore", "_recount")),
    (Moves, ("legal_moves", "_dest", "_capmask", "_gen")),
    (Turns, ("_apply", "_roll", "_move", "last_events", "event_count", "event_at")),
    (Game, ("pop", "transcript", "transcript_length", "codes", "__len__", "_record", "_mark",
            "roll", "push", "set_kind", "copy", "position", "record", "outcome", "last_move",
            "legal_codes", "apply")),
]


def test_the_layers_in_order():
    assert ludo.Game.__mro__[1:] == (Turns, Moves, State, object)
    assert [c.__module__ for c in ludo.Game.__mro__[:-1]] == ["ludo.game", "ludo.turns",
                                                              "ludo.moves", "ludo.state"]


@pytest.mark.parametrize("layer,names", LAYERS, ids=[c.__name__ for c, _ in LAYERS])
def test_each_name_in_its_layer(layer, names):
    cls = ludo.Game if layer is Game else layer
    missing = [n for n in names if n not in cls.__dict__]
    assert not missing, "%s lacks %s" % (layer.__name__, missing)
    for other, _ in LAYERS:
        if other is not layer and other is not Game:
            assert not [n for n in names if n in other.__dict__], (layer, other)


def _played(actions):
    g = ludo.Game("classic", players=4, seed=3)
    while len(g) < actions:
        if g.needs_roll():
            g.roll()
        else:
            g.push(g.legal_moves[0])
    return g


def test_a_position_set_back_brings_its_own_legal_moves():
    g = _played(30)
    while g.needs_roll():
        g.roll()
    at = g.state()
    moves, codes, text = g.legal_moves, list(g.legal_codes()), g.position()
    search = g.copy()
    for code in codes[:1] + [9]:        # a move, then whatever comes after it
        if code == 9 and not search.needs_roll():
            break
        search.apply(code)
    assert search.position() != text
    search.set_state(at)
    assert search.position() == text
    assert search.legal_moves == moves and search.legal_codes() == codes
    assert search.outcome() is None and not search.is_over()


def test_the_stack_takes_back_across_its_snapshots():
    g = _played(2 * SNAP_EVERY + 20)        # past two of the stack's snapshots
    texts = []
    h = ludo.Game("classic", players=4, seed=3)
    for code in g.codes:
        texts.append(h.position())
        h.push_code(code)
    n = len(g)
    for i in range(n - 1, 60, -1):
        g.pop()
        assert g.position() == texts[i]
    assert g.transcript.endswith(bytes([121]) * (n - 61))
