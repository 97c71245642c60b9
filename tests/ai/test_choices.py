"""Positions where one move is clearly right: Medium and Hard must find it."""
import pytest

import ludo
from ludo import ai

from ai_helpers import play_on

# A far-travelled rival token stands 4 squares ahead, on a square that is not
# safe; the other move only reaches a star.  Capturing is clearly right.
CAPTURES = [
    ("classic RGYB R=1,30,y,y/G=5,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 4 0 20", "R1 1-5xG1"),
    ("family RGYB R=1,30,y,y/G=5,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 4 0 20", "R1 1-5xG1"),
    # club ordinary: Red's rival is Blue (facing colours)
    ("club RGYB R=1,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=5,y,y,y R move 4 0 20", "R1 1-5xB1"),
    # club, Mandatory kill: the capture also opens Red's door
    ("club:mandatory_kill=1 RGYB R=1,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=5,y,y,y R move 4 0 20", "R1 1-5xB1"),
    # club free mode: every colour is a rival
    ("club:mode=free RGYB R=1,30,y,y/G=5,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 4 0 20", "R1 1-5xG1"),
    # strict: only the entry squares are safe
    ("strict RY R=1,30,y,y/Y=5,y,y,y R move 4 0 20", "R1 1-5xY1"),
    # teams: Red moves a stone of its partner Green onto Yellow's stone
    ("club:teams=1 RGYB R=c,c,c,c/G=1,30,y,y/Y=5,y,y,y/B=y,y,y,y R move 4 0 60", "G1 1-5xY1"),
]

# A token 4 squares ahead of a rival can step onto a star; the other token is
# in no danger.  Escaping is clearly right.
ESCAPES = [
    ("classic RGYB R=20,40,y,y/G=16,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 1 0 20", "R1 20-21"),
    ("family RGYB R=20,40,y,y/G=16,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 1 0 20", "R1 20-21"),
]


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("text,best", CAPTURES + ESCAPES)
def test_clear_choice(level, text, best):
    game = ludo.Game.from_position(text)
    assert best in [str(m) for m in game.legal_moves], "the position must offer %s" % best
    assert len(game.legal_moves) > 1
    move = ai.choose(game, level)
    assert str(move) == best, "%s played %s in %s" % (level, move, text)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_capture_within_a_turn_of_pending_rolls(level):
    # club: a 6 and a 4 to spend in any order; the 4 captures Blue's stone
    # (31 squares along).  Whatever the order, the turn must include it.
    game = ludo.Game.from_position("club RGYB R=1,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=5,y,y,y R move 6,4 1 20")
    player = ai.Medium() if level == "medium" else ai.Hard()
    played = []
    while game.turn == 0 and not game.needs_roll():
        move = player.choose(game)
        played.append(str(move))
        game.push(move)
    assert "R1 1-5xB1" in played or any(m.endswith("xB1") for m in played), played
    assert game.place(12) == "yB1"


def test_hard_sees_its_bonus_roll():
    # classic: Red rolled a 6.  Entering R2 keeps the bonus roll for moving R1
    # (6 squares ahead of Green's stone) away; Hard enters, and it got there by
    # looking past its move at the six outcomes of the bonus roll.
    game = ludo.Game.from_position("classic RGYB R=30,y,y,y/G=24,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 6 1 20")
    hard = ai.Hard()
    move = hard.choose(game)
    assert move.start == -1, move
    assert hard.nodes > len(game.legal_moves), "Hard looked past its move"


def test_medium_and_hard_beat_random_in_a_few_games():
    # a smoke check of strength (the tournament bench measures it properly):
    # over 12 seeded 4-player games Hard wins more than its share of 3.
    wins = 0
    for seed in range(12):
        game = ludo.Game("classic", players=4, seed=seed)
        hero = game.seats[seed % 4]
        hard = ai.Hard(seed=seed)
        rng = ai.Rng(seed)

        def choose(g):
            if g.turn == hero:
                return hard.choose(g)
            legal = g.legal_moves
            return legal[rng.below(len(legal))]
        play_on(game, choose, 5000)
        wins += hero in game.outcome().winners
    assert wins >= 6, wins


# Medium's rules of thumb below capture and escape (ludo.ai.Medium): reach
# safety, then enter, then move a token on an open square, the one furthest behind.
MEDIUM_RULES = [
    # R1 can reach the star at 21; R2 would only advance
    ("classic RGYB R=16,40,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 5 0 20", "R1 16-21"),
    # a 6: entering beats advancing R1 on an open square
    ("classic RGYB R=30,y,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 6 1 20", "R2 y-0"),
    # nothing threatened, nothing to reach: the token furthest behind moves
    ("classic RGYB R=10,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 2 0 20", "R1 10-12"),
    # a token standing on a star stays there while another can move
    ("classic RGYB R=8,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 2 0 20", "R2 30-32"),
]


def assert_plays(player_class, text, best, seeds):
    # In the position `text`, a player of that class plays `best` whatever its seed.
    game = ludo.Game.from_position(text)
    assert best in [str(m) for m in game.legal_moves], "the position must offer %s" % best
    for seed in seeds:
        assert str(player_class(seed=seed).choose(game)) == best


@pytest.mark.parametrize("text,best", MEDIUM_RULES)
def test_medium_rules_of_thumb(text, best):
    assert_plays(ai.Medium, text, best, (1,))


# club (rolls first, spent in any order, only a 6 earns a roll) is a race home,
# and Medium plays it as one (ludo.ai.Medium, r.pool): a move that brings a token
# home exactly counts as a move and goes first among equals; then a move that
# leaves every other roll in hand playable; then one that does not land in
# danger; then the token furthest ahead.  Club ordinary mode: Red enters at 0,
# its rival is Blue.
MEDIUM_CLUB_RULES = [
    # a 6 and a 4: R2 must take the lane with the 6, so the 4 can bring R1 home
    # (R2 48-h1 first would leave the 6 unplayable: forfeited)
    ("club RGYB R=h2,48,c,c/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 6,4 1 20", "R2 48-h3"),
    # the 2 brings R1 home exactly rather than moving R2 on the track
    ("club RGYB R=h4,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 2 0 20", "R1 h4-c"),
    # nothing else applies: the token furthest ahead moves
    ("club RGYB R=10,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 2 0 20", "R2 30-32"),
    # ... unless it would land 1 square ahead of Blue's stone
    ("club RGYB R=10,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=31,y,y,y R move 2 0 20", "R1 10-12"),
]


@pytest.mark.parametrize("text,best", MEDIUM_CLUB_RULES)
def test_medium_club_race_rules(text, best):
    assert_plays(ai.Medium, text, best, range(4))


# Hard in club (Rules.pool): with no safe squares a token's worth grows with the
# square of its progress only up to its home column (ludo.ai.tables with ludo.ai.weights' W_POOL_CURVE):
# a token on the track is worth moving on, one in the home column can wait.
HARD_CLUB = [
    # the 2 moves R2 on the track, not R1 further up its home column
    ("club RGYB R=h1,30,y,y/G=y,y,y,y/Y=y,y,y,y/B=y,y,y,y R move 2 0 20", "R2 30-32"),
    # the token furthest ahead moves on, the new one stays on its entry square
    ("club RGYB R=30,6,0,y/G=y,y,y,y/Y=y,y,y,y/B=40,y,y,y R move 3 0 20", "R1 30-33"),
]


@pytest.mark.parametrize("text,best", HARD_CLUB)
def test_hard_club_race(text, best):
    assert_plays(ai.Hard, text, best, range(3))


def test_hard_pool_weights_leave_other_rules_alone(monkeypatch):
    # the pool weights change only the tables of rules with Rules.pool
    from ludo.ai import tables, weights
    from ludo.rules import Rules

    class Tables:
        pass

    def values(rules):
        tab = Tables()
        tables.tables(tab, rules)
        return list(tab.val)

    presets = ("classic", "family", "strict", "club")
    plain = {p: values(Rules(p)) for p in presets}
    monkeypatch.setattr(weights, "W_POOL_CURVE", 999)
    monkeypatch.setattr(weights, "W_POOL_HOME", 999)
    for preset in ("classic", "family", "strict"):
        assert values(Rules(preset)) == plain[preset]
    assert values(Rules("club")) != plain["club"]
