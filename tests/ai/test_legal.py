"""Every level plays only legal moves, in every preset and option set, and never
changes the game it is asked about."""
import pytest
from hypothesis import given, strategies as st, assume, event

import ludo
from ludo import ai
from ludo.rules import option_defaults

from ai_helpers import CLASSES, LEVELS, is_one_of, random_move

# values worth trying for each option (the rules reject contradictory sets)
OPTION_VALUES = {
    "three_sixes": ("forfeit", "void", "none"),
    "tokens_to_win": (1, 2, 3, 4),
    "mode": ("ordinary", "free"),
    "deadline": (0, 30),
}


@st.composite
def game_setups(draw):
    preset = draw(st.sampled_from(ludo.PRESETS))
    players = draw(st.integers(2, 4))
    options = {}
    for name in sorted(option_defaults(preset)):
        if draw(st.booleans()):
            values = OPTION_VALUES.get(name, (False, True))
            options[name] = draw(st.sampled_from(values))
    seed = draw(st.integers(0, 2 ** 32))
    try:
        ludo.Rules(preset, players, options)
    except ludo.OptionError:
        assume(False)
    return preset, players, options, seed


@given(setup=game_setups(),
       levels=st.lists(st.sampled_from(LEVELS), min_size=4, max_size=4),
       player_seed=st.integers(0, 2 ** 31),
       prefix=st.integers(0, 400),
       leave_at=st.integers(0, 600))
def test_every_level_plays_only_legal_moves(setup, levels, player_seed, prefix, leave_at):
    preset, players, options, seed = setup
    game = ludo.Game(preset, players=players, seed=seed, options=options)
    seats = {}
    for i, s in enumerate(game.seats):
        seats[s] = CLASSES[levels[i]](seed=player_seed + i)
    rng = ai.Rng(seed)
    n = 0
    decisions = 0
    # a random stretch first reaches positions deep into a game quickly
    while game.outcome() is None and n < prefix + 300:
        if n == leave_at and game.rules.can_resign and game.phase != 2:
            game.resign(game.turn)          # strict / classic 2-player: a seat leaves the board
        elif n == leave_at and game.rules.deadline and game.phase != 2:
            game.timeout()
        elif game.needs_roll():
            game.roll()
        elif n < prefix:
            game.push(random_move(game, rng))
        else:
            legal = game.legal_moves
            before = game.state()
            length = len(game.transcript)
            move = seats[game.turn].choose(game)
            assert is_one_of(move, legal), "%s chose %r, not one of %r in %s" % (
                type(seats[game.turn]).__name__, move, legal, game.position())
            assert game.state() == before and len(game.transcript) == length
            game.push(move)
            decisions += 1
        n += 1
    event("computer decisions: %s" % ("none" if not decisions else "1-20" if decisions <= 20 else "over 20"))


@pytest.mark.parametrize("level", LEVELS)
def test_no_move_means_none(level):
    game = ludo.Game("classic", players=4, seed=1)
    assert game.needs_roll()
    assert CLASSES[level]().choose(game) is None
    assert ai.choose(game, level) is None


@pytest.mark.parametrize("level", LEVELS)
def test_a_lone_pass_is_played(level):
    # family: no token can use the roll, and the player must say "pass"
    game = ludo.Game.from_position("family RGYB R=y,y,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 3 0 1")
    (move,) = game.legal_moves
    assert move.is_pass
    assert CLASSES[level]().choose(game) is move


def test_unknown_kind_is_refused():
    game = ludo.Game("classic", players=4, seed=1)
    with pytest.raises(ValueError, match="unknown computer player 'human'"):
        ai.choose(game, "human")


@pytest.mark.parametrize("level", LEVELS)
def test_finished_partner_moves_partners_stones(level):
    # club teams: Red has brought all four home, so Red moves Green's stones
    text = "club:teams=1 RGYB R=c,c,c,c/G=5,20,y,y/Y=30,y,y,y/B=40,y,y,y R move 3 0 50"
    game = ludo.Game.from_position(text)
    move = CLASSES[level](seed=2).choose(game)
    assert is_one_of(move, game.legal_moves)
    assert move.token >> 2 == 1, "Red plays Green's stones, not %s" % move
