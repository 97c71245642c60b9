"""A seat handed to the computer mid-game carries on the same game and record;
choices are deterministic for a seed and never touch the game."""
import os

import pytest

import ludo
from ludo.replay import game_of
from ludo import ai
from ludo_host import stats
from ludo_host.records.reading import parse_record_file

from ai_helpers import CLASSES, LEVELS, play_on, random_move


def _humans_then_computer(preset, players, seed, options, seat, kind, after):
    """People (random movers) play `after` actions, then `seat` is handed to `kind`."""
    game = ludo.Game(preset, players=players, seed=seed, options=options)
    rng = ai.Rng(seed)
    play_on(game, lambda g: random_move(g, rng), after)
    assert game.outcome() is None
    game.set_kind(seat, kind)

    def choose(g):
        letter = ludo.SEAT_LETTERS[g.turn]
        if g.kinds[letter] != "human":
            return ai.choose(g, g.kinds[letter])
        return random_move(g, rng)
    play_on(game, choose, 20000)
    assert game.outcome() is not None
    return game


@pytest.mark.parametrize("preset,players,options,seat", [
    ("classic", 4, None, "B"),
    ("club", 4, {"teams": True}, "G"),
    ("strict", 2, None, "Y"),
])
def test_handed_over_seat_continues_game_and_record(preset, players, options, seat, tmp_path):
    game = _humans_then_computer(preset, players, 21, options, seat, "hard", 60)
    assert game.kinds[seat] == "hard"
    text = str(game.record(transcript=True))
    lines = text.splitlines()
    assert "kind %s hard" % seat in lines
    # the hand-over line sits where it happened: after the 60 opening actions
    assert lines.index("kind %s hard" % seat) == 61
    replayed = game_of(ludo.Record.parse(text))
    assert replayed.position() == game.position()
    assert replayed.kinds[seat] == "hard"
    assert replayed.outcome() == game.outcome()
    # the host's stats count that seat as the computer's
    path = tmp_path / "game.ludo"
    path.write_text(text)
    rf, rec = parse_record_file(str(path))
    facts = stats.game_facts(rec)
    assert facts["kinds"][seat] == "hard"
    assert sum(1 for s in facts["kinds"] if facts["kinds"][s] == "human") == players - 1


def test_board_hook_uses_these_players():
    from ludoboard import players
    from ludoboard.names import COACH_KIND
    assert players.available()
    game = ludo.Game("classic", players=4, seed=4)
    while game.needs_roll() or len(game.legal_moves) < 2:
        if game.needs_roll():
            game.roll()
        else:
            game.push(game.legal_moves[0])
    for kind in LEVELS:
        move = players.choose(game, kind)
        assert move in game.legal_moves
    hint = players.choose(game, COACH_KIND)
    assert str(hint) == str(ai.Expert().choose(game))


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choices(level):
    def run(seed):
        game = ludo.Game("club", players=4, seed=8, options={"mode": "free"})
        player = CLASSES[level](seed=seed)
        chosen = []

        def choose(g):
            m = player.choose(g)
            chosen.append(str(m))
            return m
        play_on(game, choose, 400)
        return chosen
    first = run(5)
    assert run(5) == first
    assert len(first) > 50
    if level == "easy":
        assert run(6) != first, "another seed gives another game"


def test_generator_stays_small_and_spreads():
    rng = ai.Rng(123456789)
    counts = [0] * 6
    for _ in range(6000):
        k = rng.below(6)
        counts[k] += 1
        assert 0 <= rng.x < 1 << 29
    assert min(counts) > 850 and max(counts) < 1150, counts
    assert ai.Rng(1).below(1000) != ai.Rng(2).below(1000)


def test_ai_hard_is_ai_hards_hard_and_chooses_as_the_shared_one():
    # ai.Hard is loaded from ludo.ai.hard on first use (module __getattr__).
    from ludo.ai import hard
    assert ai.Hard is hard.Hard
    from ludo.ai import Hard
    assert Hard is hard.Hard
    import ludo.ai
    assert ludo.ai.Easy is ai.easy.Easy and ludo.ai.Medium is ai.medium.Medium
    ai._players.clear()
    mine = ai.Hard()
    game = ludo.Game("classic", players=4, seed=5)
    for _ in range(60):
        if game.outcome() is not None:
            break
        if game.needs_roll():
            game.roll()
            continue
        assert str(ai.choose(game, "hard")) == str(mine.choose(game))
        game.push(game.legal_moves[0])
