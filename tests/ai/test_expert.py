"""Expert (ludo.ai.expert): legal, deterministic for its seed, leaves the game alone,
takes what is plainly best, looks past its bonus roll within its budget, plays for
its team, and chooses under MicroPython exactly what it chooses under CPython."""
import pytest

import ludo
from ludo import ai, winchance
from ludo.ai.base import MAX_CHOICES

from ai_helpers import is_one_of, play_on
from test_choices import CAPTURES, ESCAPES

# (preset, players, options): the presets, 2 to 4 players, teams and club's options
SETUPS = [
    ("classic", 4, None), ("classic", 2, None), ("family", 3, None), ("strict", 2, None),
    ("club", 4, None), ("club", 4, {"teams": True, "quick": True}),
    ("club", 4, {"mode": "free", "mandatory_kill": True}),
]


@pytest.mark.parametrize("preset,players,options", SETUPS)
def test_legal_and_leaves_the_game_alone(preset, players, options):
    game = ludo.Game(preset, players=players, seed=11, options=options)
    expert = ai.Expert(seed=4)
    seen = []

    def check(g, move):
        assert is_one_of(move, g.legal_moves), (move, g.position())
        assert expert.nodes <= expert.budget + MAX_CHOICES
        seen.append(len(g.legal_moves))

    def choose(g):
        before = g.state()
        length = len(g.transcript)
        move = expert.choose(g)
        assert g.state() == before and len(g.transcript) == length
        return move

    play_on(game, choose, 1500, check)
    assert max(seen) > 1, "the game offered real choices"


def test_same_seed_same_game():
    def play(seed):
        game = ludo.Game("classic", players=4, seed=5)
        players = [ai.Expert(seed=seed + s) for s in range(4)]
        play_on(game, lambda g: players[g.turn].choose(g), 4000)
        return game.position(), str(game.transcript)

    assert play(1) == play(1)


# (in club's race the win chance rates capturing a stone 5 squares out below
# moving on: not plainly best there, so those positions are left out)
@pytest.mark.parametrize("text,best", [c for c in CAPTURES + ESCAPES if not c[0].startswith("club ")
                                       and not c[0].startswith("club:m")])
def test_clear_choice(text, best):
    game = ludo.Game.from_position(text)
    assert len(game.legal_moves) > 1
    assert str(ai.choose(game, "expert")) == best


def test_takes_the_winning_move():
    # two tokens win; Red has one home and one a square from it: the 1 wins
    text = "classic:tokens_to_win=2 RGYB R=c,h5,20,y/G=30,40,y,y/Y=10,y,y,y/B=y,y,y,y R move 1 0 80"
    game = ludo.Game.from_position(text)
    assert len(game.legal_moves) > 1
    move = ai.Expert(seed=1).choose(game)
    game.push(move)
    assert game.outcome() is not None and 0 in game.outcome().winners


def test_looks_past_its_bonus_roll():
    # classic: Red rolled a 6, so whatever it plays it rolls again: it averages
    # over that roll's six faces (more positions judged than the moves it has)
    game = ludo.Game.from_position("classic RGYB R=30,y,y,y/G=24,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 6 1 20")
    expert = ai.Expert()
    move = expert.choose(game)
    assert is_one_of(move, game.legal_moves)
    assert expert.nodes > len(game.legal_moves)
    # with no budget beyond the moves themselves it judges only those
    short = ai.Expert(budget=0)
    short.choose(game)
    assert short.nodes == len(game.legal_moves)


def test_chooses_the_best_chance_when_it_does_not_look_ahead():
    # depth 1: the move whose position after it has the best win chance
    game = ludo.Game.from_position("classic RGYB R=1,30,y,y/G=5,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 4 0 20")
    after = winchance.move_chances(game)
    best = max(range(len(after)), key=lambda i: after[i][0])
    assert ai.Expert(depth=1).choose(game) is game.legal_moves[best]


def test_plays_for_its_team():
    # club teams: Red is home and moves Green's stones; capturing Yellow with
    # Green's stone is the team's best
    game = ludo.Game.from_position("club:teams=1 RGYB R=c,c,c,c/G=1,30,y,y/Y=5,y,y,y/B=y,y,y,y R move 4 0 60")
    move = ai.Expert(seed=2).choose(game)
    assert str(move) == "G1 1-5xY1"


def test_keep_off_makes_its_search_again():
    game = ludo.Game.from_position("classic RGYB R=1,30,y,y/G=5,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 4 0 20")
    kept = ai.Expert()
    board = ai.Expert()
    board.keep = False
    assert str(kept.choose(game)) == str(board.choose(game)) == str(board.choose(game))
    assert board.sim is None and kept.sim is not None


def test_prepare_makes_the_search_in_parts_then_says_true():
    # the board calls prepare once a loop pass until it says True, then choose
    game = ludo.Game.from_position("classic RGYB R=1,30,y,y/G=5,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 4 0 20")
    board = ai.Expert()
    board.keep = False
    parts = 0
    while not board.prepare(game):
        parts += 1
    assert parts == 2 and board.sim is not None and board._bufs is not None
    assert str(board.choose(game)) == str(ai.Expert().choose(game))
    assert board.sim is None


def test_no_move_means_none():
    game = ludo.Game("classic", players=4, seed=1)
    assert ai.Expert().choose(game) is None
    assert ai.choose(game, "expert") is None


class _Clock:
    """A clock that moves on `step` ms each time it is read."""

    def __init__(self, step, start=(1 << 29) - 3):     # (it wraps at 2**29 in its first reads)
        self.now = start
        self.step = step

    def __call__(self):
        t = self.now
        self.now = (self.now + self.step) & ((1 << 29) - 1)
        return t


BONUS = "classic RGYB R=30,y,y,y/G=24,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 6 1 20"


def test_its_deadline_stops_the_look_ahead_at_the_judgement_it_passes():
    # the clock moves on 1 ms a reading, one reading a judgement: with time_ms t the
    # t-th judgement is the last, but the moves themselves are always judged
    game = ludo.Game.from_position(BONUS)
    n = len(game.legal_moves)
    free = ai.Expert(seed=3)
    free.choose(game)
    assert free.nodes > n + 2
    for t in range(0, free.nodes + 3):
        x = ai.Expert(seed=3)
        x.clock = _Clock(1)
        x.time_ms = t
        move = x.choose(game)
        assert is_one_of(move, game.legal_moves)
        assert x.nodes == max(n, min(t, free.nodes)), t
        if t >= free.nodes:
            assert move is free.choose(game)


def test_past_its_deadline_it_plays_the_best_chance_after_the_move():
    # a slow board (the clock past the deadline at the first judgement): the move a
    # player without look-ahead plays
    game = ludo.Game.from_position(BONUS)
    late = ai.Expert(seed=1)
    late.clock = _Clock(1000)
    assert late.choose(game) is ai.Expert(seed=1, depth=1).choose(game)
    assert late.nodes == len(game.legal_moves)


def test_a_clock_that_stands_still_changes_nothing():
    def play(clock):
        game = ludo.Game("club", players=4, seed=9)
        seats = [ai.Expert(seed=s) for s in range(4)]
        for p in seats:
            p.clock = clock
        play_on(game, lambda g: seats[g.turn].choose(g), 4000)
        return str(game.transcript)

    assert play(_Clock(0)) == play(None)
